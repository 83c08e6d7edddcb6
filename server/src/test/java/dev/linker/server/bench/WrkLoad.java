package dev.linker.server.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The closed-loop load of {@link ServerLoadBenchmark#run} sent by wrk (C, epoll, LuaJIT) instead of java.net.http
 * ({@code --client wrk}): the client shares the 2 cores with the server, and wrk takes far less of them. Java writes
 * the drafts to a data file (editing: each author's primed draft and a pool of replacement words; cold: complete
 * request bodies), the script {@code bench/wrk-suggestions.lua} turns them into requests, and its {@code done()}
 * prints counts and the latency histogram, parsed here.
 */
final class WrkLoad {
    /** Cold request bodies written per run (≈ 8 KB each); a run that sends more repeats drafts, with a warning. */
    static final int COLD_BODIES = 2_500;
    /** Replacement words per editing author; the script cycles through them. */
    static final int WORD_POOL = 4_000;
    private static final String SCRIPT = "bench/wrk-suggestions.lua";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path wrk;
    private final Path dir;
    private final int threads;

    private WrkLoad(Path wrk, Path dir, int threads) {
        this.wrk = wrk;
        this.dir = dir;
        this.threads = threads;
    }

    /** wrk from PATH, files under {@code dir}; fails early (before the index and server) if wrk is missing. */
    static WrkLoad find(Path dir, int threads) {
        Path wrk = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .filter(p -> !p.isEmpty()).map(p -> Path.of(p, "wrk")).filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> new IllegalStateException("wrk not found: apt-get install wrk (or use --client java)"));
        if (threads < 1) {
            throw new IllegalArgumentException("--wrk-threads must be at least 1");
        }
        return new WrkLoad(wrk, dir, threads);
    }

    /** Editing: each author's draft as its priming request sent it, and words for its edits. */
    Path writeEditing(List<Author> authors, String name) throws IOException {
        Path data = prepare(name);
        try (BufferedWriter w = Files.newBufferedWriter(data)) {
            w.write("editing\n");
            for (Author a : authors) {
                // Split the exact body the Java client sends around its text, so Lua only has to rejoin paragraphs.
                String body = ServerLoadBenchmark.Client.body(a);
                List<String> paras = a.paragraphs().stream().map(WrkLoad::escape).toList();
                String text = String.join("\\n\\n", paras); // "\n\n", JSON-escaped
                int at = body.indexOf("\"text\":\"" + text + "\"");
                if (at < 0) {
                    throw new IllegalStateException("unexpected request body: " + body.substring(0, 200));
                }
                at += "\"text\":\"".length();
                w.write("prefix " + body.substring(0, at) + "\n");
                for (String p : paras) {
                    w.write("para " + p + "\n");
                }
                w.write("suffix " + body.substring(at + text.length()) + "\n");
                w.write("words " + String.join(" ", Arrays.stream(a.wordPool(WORD_POOL)).map(WrkLoad::escape)
                        .toList()) + "\n");
            }
        }
        return data;
    }

    /** Cold: {@link #COLD_BODIES} never-seen drafts, as the Java driver makes a new author per request. */
    Path writeCold(SyntheticSite site, long seed0, String name) throws IOException {
        Path data = prepare(name);
        try (BufferedWriter w = Files.newBufferedWriter(data)) {
            w.write("cold\n");
            for (int i = 0; i < COLD_BODIES; i++) {
                w.write("body " + ServerLoadBenchmark.Client.body(new Author(site, seed0 + 1_000_003L + i)) + "\n");
            }
        }
        return data;
    }

    private Path prepare(String name) throws IOException {
        Path d = dir.resolve("wrk");
        Files.createDirectories(d);
        try (InputStream in = WrkLoad.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT + " is not on the classpath");
            }
            Files.write(d.resolve("suggestions.lua"), in.readAllBytes());
        }
        return d.resolve(name + ".data");
    }

    /** Runs wrk with {@code connections} connections for {@code seconds} over a data file of this instance. */
    ServerLoadBenchmark.Load run(String base, Path data, int connections, int seconds) throws IOException,
            InterruptedException {
        // wrk gives each thread connections / threads connections and drops the remainder: keep the split exact.
        int t = Math.min(threads, connections);
        while (connections % t != 0) {
            t--;
        }
        List<String> notes = new ArrayList<>();
        if (t != threads) {
            notes.add(String.format(Locale.ROOT, "wrk ran %d thread(s), not %d: %d connections split evenly", t,
                    threads, connections));
        }
        Path out = data.resolveSibling(data.getFileName().toString().replaceFirst("\\.data$", "") + ".out");
        List<String> cmd = List.of(wrk.toString(), "-t" + t, "-c" + connections, "-d" + seconds + "s", "--timeout",
                "30s", "-s", data.resolveSibling("suggestions.lua").toString(), base + "/api/v1/suggestions", "--",
                data.toString(), Integer.toString(t));
        // Unlike the Java driver, wrk stops at the deadline without waiting for the requests in flight (at most one
        // per connection): the server still does their work, so cpu and chunks per request are a little high.
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(seconds + 120L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("wrk did not finish; output: " + out);
        }
        long[] s = null; // requests, duration µs, errors connect, read, write, status, timeout; repeated drafts
        TreeMap<Long, Long> hist = new TreeMap<>(); // latency µs -> count
        List<String> lines = Files.readAllLines(out);
        for (String line : lines) {
            String[] f = line.split(" ");
            switch (f[0]) {
                case "wrk-summary" -> s = Arrays.stream(f, 1, f.length).mapToLong(Long::parseLong).toArray();
                case "wrk-latency" -> hist.put(Long.parseLong(f[1]), Long.parseLong(f[2]));
                default -> { }
            }
        }
        if (p.exitValue() != 0 || s == null) {
            throw new IllegalStateException("wrk failed (exit " + p.exitValue() + "): " + String.join(" ", cmd)
                    + "\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
        }
        long requests = s[0];
        long[] latencies = uncorrected(hist, requests, s[1], connections, s[6]);
        long errors = s[2] + s[3] + s[4] + s[5] + s[6];
        if (errors > 0) {
            notes.add(String.format(Locale.ROOT, "wrk errors: connect %d, read %d, write %d, HTTP status > 399 %d "
                    + "(see the server log), timeout %d", s[2], s[3], s[4], s[5], s[6]));
        }
        if (s[7] > 0) {
            notes.add(String.format(Locale.ROOT, "warning: %d of %d requests repeated a cold draft (only %d were "
                    + "written: WrkLoad.COLD_BODIES)", s[7], requests, COLD_BODIES));
        }
        if (latencies == null) {
            notes.add("warning: could not undo wrk's latency correction; latencies are missing");
            latencies = new long[0];
        }
        return new ServerLoadBenchmark.Load(requests, s[1] / 1e6, latencies, errors, notes);
    }

    /**
     * wrk "corrects" its histogram for coordinated omission (stats_correct): with e = its duration / (requests /
     * connections), every latency n ≥ 2e is counted again at n − e, n − 2e, … while above e. A closed loop omits
     * nothing, and the Java driver records the raw latencies, so undo it: from the top down each bin is original
     * when reached. Returns the sorted latencies in ns (null if the counts do not add up), the timed-out requests
     * excluded as wrk excludes them.
     */
    static long[] uncorrected(TreeMap<Long, Long> hist, long requests, long durationUs, int connections,
                              long timeouts) {
        long per = requests / connections;
        long e = per > 0 ? durationUs / per : 0;
        for (long n : e > 0 ? hist.descendingKeySet().toArray(new Long[0]) : new Long[0]) {
            if (n < 2 * e) {
                break;
            }
            long c = hist.get(n);
            for (long m = n - e; m > e; m -= e) {
                hist.merge(m, -c, Long::sum);
            }
        }
        if (hist.values().stream().anyMatch(c -> c < 0)
                || hist.values().stream().mapToLong(Long::longValue).sum() != requests - timeouts) {
            return null;
        }
        long[] out = new long[(int) (requests - timeouts)];
        int i = 0;
        for (var b : hist.entrySet()) {
            for (long k = 0; k < b.getValue(); k++) {
                out[i++] = b.getKey() * 1000;
            }
        }
        return out;
    }

    /** A string's JSON escape, without the quotes (what Jackson writes inside a request body). */
    static String escape(String s) {
        try {
            String q = JSON.writeValueAsString(s);
            return q.substring(1, q.length() - 1);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
