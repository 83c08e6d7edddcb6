package dev.linker.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded corruption of a real index (bytes flipped, files truncated, emptied or deleted) under {@code linker serve}
 * as a user starts it, in a child process. Either the server refuses to start with exit 2 and a message naming the
 * index (no stack trace, no exit 3), or it starts on the index as it was (every page still there) and answers every
 * API call without a 5xx; never a hang.
 *
 * <p>Each case is built from {@code (seed, case)} alone: {@code -Dfuzz.seed=S -Dfuzz.case=N} reruns one, and
 * {@code -Dfuzz.index.cases=N} scales the run ({@code -Dfuzz.cases=N} gives N/100); a case costs a JVM start and the
 * model load (about 2 s), so the default is {@value #DEFAULT_CASES}.
 */
class CorruptIndexFuzzTest {
    static final int DEFAULT_CASES = 6;
    static final long DEFAULT_SEED = 20261123L;
    static final int TIMEOUT_SECONDS = 40;

    @TempDir
    Path tmp;

    @Test
    void a_corrupted_index_is_refused_with_exit_2_or_served_without_5xx_never_a_crash() throws Exception {
        long seed = Long.getLong("fuzz.seed", DEFAULT_SEED);
        Integer all = Integer.getInteger("fuzz.cases"); // a long run of every suite: one index case per 100 others
        int cases = Integer.getInteger("fuzz.index.cases", all == null ? DEFAULT_CASES : Math.max(DEFAULT_CASES, all / 100));
        Integer only = Integer.getInteger("fuzz.case");
        Path pristine = tmp.resolve("pristine");
        AuditCommandTest.Run built = AuditCommandTest.run("index", AuditCommandTest.EXAMPLE.toString(), "--index", pristine.toString());
        assertEquals(0, built.code(), built.err());
        int pages;
        try (Stream<Path> html = Files.walk(AuditCommandTest.EXAMPLE)) {
            pages = (int) html.filter(p -> p.toString().endsWith(".html")).count();
        }
        List<String> failures = new ArrayList<>();
        long t0 = System.nanoTime();
        int first = only == null ? 0 : only;
        int last = only == null ? cases : only + 1;
        for (int i = first; i < last; i++) {
            Random r = new Random(seed ^ (i * 0x9E3779B97F4A7C15L) ^ 0x1D);
            Path dir = tmp.resolve("case-" + i);
            copy(pristine, dir);
            String what = corrupt(r, dir);
            String[] outcome = {""};
            String problem = serve(dir, pages, outcome);
            System.err.println("corrupt-index case " + i + ": " + what + " -> " + (problem == null ? outcome[0] : "FAILED"));
            if (problem != null) {
                failures.add("case " + i + " (" + what + "): " + problem + "\n   rerun: bin/mvn21 -o -q -pl cli -am test"
                        + " -Dskip.npm=true -Dinvoker.skip=true -Dtest=CorruptIndexFuzzTest -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dfuzz.seed=" + seed + " -Dfuzz.case=" + i);
            }
        }
        System.err.printf(Locale.ROOT, "corrupt-index fuzz: seed %d, %d cases in %d ms, %d failures%n", seed, last - first,
                (System.nanoTime() - t0) / 1_000_000, failures.size());
        if (!failures.isEmpty()) {
            fail(failures.size() + " corrupted indexes were not handled:\n" + String.join("\n", failures));
        }
    }

    private static String corrupt(Random r, Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("write.lock")).sorted().toList();
        }
        // Most cases hit the commit point or a segment file, where corruption matters most.
        List<Path> core = files.stream().filter(p -> p.getFileName().toString().matches("segments_.*|.*\\.(si|cfs|cfe)")).toList();
        Path f = !core.isEmpty() && r.nextBoolean() ? core.get(r.nextInt(core.size())) : files.get(r.nextInt(files.size()));
        String name = dir.relativize(f).toString();
        byte[] b = Files.readAllBytes(f);
        switch (r.nextInt(5)) {
            case 0 -> {
                int n = 1 + r.nextInt(50);
                for (int k = 0; k < n && b.length > 0; k++) {
                    b[r.nextInt(b.length)] ^= (byte) (1 + r.nextInt(255));
                }
                Files.write(f, b);
                return "flipped " + n + " bytes of " + name;
            }
            case 1 -> {
                int at = b.length == 0 ? 0 : r.nextInt(b.length);
                Files.write(f, java.util.Arrays.copyOf(b, at));
                return "truncated " + name + " to " + at + " of " + b.length + " bytes";
            }
            case 2 -> {
                Files.write(f, new byte[b.length]);
                return "zeroed " + name;
            }
            case 3 -> {
                Files.delete(f);
                return "deleted " + name;
            }
            default -> {
                byte[] junk = new byte[r.nextInt(2000)];
                r.nextBytes(junk);
                Files.write(f, junk);
                return "replaced " + name + " by " + junk.length + " random bytes";
            }
        }
    }

    /** Null when the corrupted index was handled: refused with exit 2 and a plain message, or served without 5xx. */
    private static String serve(Path index, int pages, String[] outcome) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                "dev.linker.cli.LinkerCli", "serve", "--index", index.toString(), "--port", String.valueOf(port))
                .redirectErrorStream(true).start();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Thread pump = Thread.ofVirtual().start(() -> {
            try (InputStream in = p.getInputStream()) {
                in.transferTo(log);
            } catch (IOException ignored) {
                // the process is gone
            }
        });
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (System.nanoTime() < deadline && p.isAlive() && !text(log).contains("serving on")) {
                Thread.sleep(50);
            }
            if (!p.isAlive()) {
                pump.join(5000);
                String out = text(log);
                int code = p.exitValue();
                if (code != 2) {
                    return "linker serve exited " + code + " (want 2, an input error): " + clip(out);
                }
                if (out.contains("\tat ") || out.contains("Exception")) {
                    return "linker serve exited 2 with a stack trace or exception name: " + clip(out);
                }
                if (!out.contains(index.toString())) {
                    return "linker serve exited 2 without naming the index folder: " + clip(out);
                }
                outcome[0] = "refused: " + out.lines().filter(l -> l.startsWith("linker:")).findFirst().orElse("");
                return null;
            }
            if (!text(log).contains("serving on")) {
                return "linker serve neither started nor exited within " + TIMEOUT_SECONDS + " s: " + clip(text(log));
            }
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            String base = "http://127.0.0.1:" + port;
            String[][] calls = {
                    {"GET", "/api/v1/health", null},
                    {"POST", "/api/v1/suggestions", "{\"text\":\"I grind my beans with a burr grinder, then brew a pour-over.\"}"},
                    {"GET", "/api/v1/pages?url=/guides/grinding.html", null},
                    {"GET", "/metrics", null}};
            for (String[] c : calls) {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + c[1])).timeout(Duration.ofSeconds(20))
                        .method(c[0], c[2] == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(c[2]));
                if (c[2] != null) {
                    b.header("Content-Type", "application/json");
                }
                HttpResponse<String> res = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
                if (res.statusCode() >= 500 && res.statusCode() != 503) {
                    return c[0] + " " + c[1] + " answered " + res.statusCode() + ": " + clip(res.body()) + "\n   server log: " + clip(text(log));
                }
                // Served means the index was read as it is: a damaged index silently replaced (by an empty one, or
                // by the bundled example site) is data lost without a word.
                // (A 503 is the server saying the index is damaged, which is fine.)
                if (c[1].equals("/api/v1/health") && res.statusCode() == 200 && !res.body().contains("\"pages\":" + pages + ",")) {
                    return "served an index that no longer holds its " + pages + " pages: " + clip(res.body())
                            + "\n   server log: " + clip(text(log));
                }
            }
            outcome[0] = "served";
            return null;
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private static String text(ByteArrayOutputStream log) {
        synchronized (log) {
            return log.toString(StandardCharsets.UTF_8);
        }
    }

    private static String clip(String s) {
        return s.length() <= 1500 ? s : s.substring(0, 1500) + "…";
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.sorted(Comparator.naturalOrder()).toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(q);
                } else if (!p.getFileName().toString().equals("write.lock")) {
                    Files.copy(p, q);
                }
            }
        }
    }
}
