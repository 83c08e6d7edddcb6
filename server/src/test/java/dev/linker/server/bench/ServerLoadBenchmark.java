package dev.linker.server.bench;

import dev.linker.index.SyncReport;
import dev.linker.index.VectorFormat;
import dev.linker.index.IndexSettings;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.embed.EmbedMode;
import dev.linker.index.PageIndex;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.core.embed.WordPieceTokenizer;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load benchmark of {@code POST /api/v1/suggestions} against a real server process over a 100k-page on-disk index.
 * Not a test: see BENCHMARKS.md ("Server") and bench/server-load.sh.
 *
 * <p>Args: {@code [--dir DIR] [--pages 100k] [--concurrency 1,4,16] [--duration SECONDS] [--modes editing,cold|none]
 * [--client java|wrk] [--wrk-threads 1] [--soak-minutes M] [--soak-rate R] [--soak-authors N] [--soak-new-draft-every N]
 * [--server-jvm "-Xmx1g;-XX:..."] [--draft-cache ENTRIES] [--draft-reuse-words N] [--bulk-sync PAGES] [--rebuild]
 * [--build-only] [--reloads ROUNDS]}. With {@code --client engine} ({@link EngineReplay}) or {@code --reloads}
 * ({@link SnapshotReloads}) it measures one part in this JVM instead of running a server.
 * <ol>
 *   <li>builds the index once under DIR/index (synthetic text, precomputed clustered vectors recorded under the
 *   local model's id) — embedding 100k pages with the real model would take hours on 2 cores;</li>
 *   <li>starts {@link BenchServer} over {@code DIR/index} in its own JVM on a free loopback port (the same
 *   server as {@code linker serve}), so its drafts are embedded by the real local model;</li>
 *   <li>drives it with virtual authors over HTTP/1.1 keep-alive, closed loop: "editing" (each author changes one
 *   word of one paragraph of a 300–2,000-word draft between requests: one chunk of sentences is embedded per
 *   request) and "cold" (a new draft every request: every chunk is embedded); {@code --client wrk} sends the same
 *   load with wrk ({@link WrkLoad}), which takes less CPU from the server than this JVM's client (the warm-up and
 *   the soak always use the Java client);</li>
 *   <li>with {@code --bulk-sync PAGES}, each run again with a {@link BulkSync} beside it (PUTs of that many edited
 *   pages back to back: what a CMS's whole-site sync sends), so the editors' latency with and without it is in one
 *   table;</li>
 *   <li>optionally a soak at a fixed rate, sampling the server's RSS and heap every 10 s.</li>
 * </ol>
 */
public final class ServerLoadBenchmark {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target/load-bench"); // relative to server/ when run through Maven
        int pages = 100_000;
        int[] concurrency = {1, 4, 16};
        int duration = 30;
        List<String> modes = List.of("editing", "cold");
        int soakMinutes = 0;
        double soakRate = 10;
        int soakAuthors = 16;
        int soakNewDraftEvery = 4;
        String serverJvm = "-Xmx1g";
        String draftCache = null;
        String draftReuseWords = null;
        boolean rebuild = false;
        boolean buildOnly = false;
        String clientName = "java";
        int wrkThreads = 1;
        int bulkSync = 0;
        int reloads = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--dir" -> dir = Path.of(args[++i]);
                case "--pages" -> pages = parseCount(args[++i]);
                case "--concurrency" -> concurrency = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt)
                        .toArray();
                case "--duration" -> duration = Integer.parseInt(args[++i]);
                case "--modes" -> modes = args[++i].isBlank() || args[i].equals("none") ? List.of() : List.of(args[i].split(","));
                case "--soak-minutes" -> soakMinutes = Integer.parseInt(args[++i]);
                case "--soak-rate" -> soakRate = Double.parseDouble(args[++i]);
                case "--soak-authors" -> soakAuthors = Integer.parseInt(args[++i]);
                case "--soak-new-draft-every" -> soakNewDraftEvery = Integer.parseInt(args[++i]);
                case "--server-jvm" -> serverJvm = args[++i];
                case "--draft-cache" -> draftCache = args[++i];
                case "--draft-reuse-words" -> draftReuseWords = args[++i];
                case "--rebuild" -> rebuild = true;
                case "--build-only" -> buildOnly = true;
                case "--client" -> clientName = args[++i];
                case "--wrk-threads" -> wrkThreads = Integer.parseInt(args[++i]);
                case "--bulk-sync" -> bulkSync = Integer.parseInt(args[++i]);
                case "--reloads" -> reloads = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (see the class comment or BENCHMARKS.md)");
            }
        }
        WrkLoad wrk = switch (clientName) {
            case "java", "engine" -> null;
            case "wrk" -> WrkLoad.find(dir, wrkThreads);
            default -> throw new IllegalArgumentException("unknown client " + clientName + " (java, wrk, engine)");
        };
        WordModel words = new WordModel();
        SyntheticSite site = new SyntheticSite(pages, words);
        Path index = dir.resolve("index-" + pages);
        build(site, index, rebuild);
        if (buildOnly) {
            return;
        }
        if (reloads > 0) {
            SnapshotReloads.run(site, index, reloads, bulkSync > 0 ? bulkSync : 50);
            return;
        }
        describeDrafts(site);
        if (clientName.equals("engine")) {
            EngineReplay.run(site, index, EngineReplay.authors(concurrency), duration, 42);
            return;
        }

        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"));
        if (!serverJvm.isBlank()) {
            cmd.addAll(List.of(serverJvm.trim().split("[;\\s]+")));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BenchServer.class.getName(),
                index.toString(), Integer.toString(port), draftReuseWords == null ? "-" : draftReuseWords,
                draftCache == null ? "-" : draftCache));
        Path log = dir.resolve("server.log");
        System.out.printf(Locale.ROOT, "server: %s (log: %s)%n", String.join(" ", cmd.subList(cmd.indexOf("-cp") + 2,
                cmd.size())), log);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put(dev.linker.core.config.ApiKeys.WRITE, BulkSync.KEY); // writes need a key; reads stay open
        Process server = pb.start();
        try {
            Client client = new Client("http://127.0.0.1:" + port);
            long t0 = System.nanoTime();
            client.waitForHealth(server, log);
            System.out.printf(Locale.ROOT, "server up in %.1f s, pid %d; RSS %d MB%n", (System.nanoTime() - t0) / 1e9,
                    server.pid(), rssKb(server.pid()) / 1024);
            Runtime.getRuntime().addShutdownHook(new Thread(server::destroy));

            // Warm-up: JIT, the suggester's snapshot of 100k pages (names, infos), the page cache of the index.
            long w0 = System.nanoTime();
            run(client, null, site, server.pid(), "cold", 2, 20, -1, true, 0);
            System.out.printf(Locale.ROOT, "warm-up (cold drafts, 2 authors, 20 s) done in %.1f s; RSS %d MB%n",
                    (System.nanoTime() - w0) / 1e9, rssKb(server.pid()) / 1024);

            if (!modes.isEmpty()) System.out.printf(Locale.ROOT, "%n%-12s %5s %8s %8s %8s %8s %8s %8s %7s %9s %9s %9s %8s %8s%n", "mode", "conc",
                    "requests", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "cpu ms/rq", "chunks/rq",
                    "reused/rq", "spans/rq", "load1");
            for (String mode : modes) {
                for (int c : concurrency) {
                    run(client, wrk, site, server.pid(), mode, c, duration, -1, false, 0);
                    if (bulkSync > 0) { // the same load again, a bulk sync beside it
                        run(client, wrk, site, server.pid(), mode, c, duration, -1, false, bulkSync);
                    }
                }
            }
            if (soakMinutes > 0) {
                soak(client, site, server.pid(), soakMinutes, soakRate, soakAuthors, soakNewDraftEvery);
            }
        } finally {
            server.destroy(); // SIGTERM: the server's shutdown hook commits and closes the index
            if (!server.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    static int parseCount(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        if (t.endsWith("k")) {
            return Integer.parseInt(t.substring(0, t.length() - 1)) * 1000;
        }
        return Integer.parseInt(t);
    }

    /** Builds the index unless a complete one of this size is there (a marker file is written last). */
    static void build(SyntheticSite site, Path index, boolean rebuild) throws IOException {
        Path done = index.resolve("linker-bench-complete");
        if (!rebuild && Files.exists(done)) {
            System.out.printf(Locale.ROOT, "index: %s (%,d pages, built before; --rebuild to rebuild)%n", index, site.n);
            optimize(site, index); // indexes built before the merge step was added
            return;
        }
        if (Files.exists(index)) {
            try (var s = Files.walk(index)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        System.out.printf(Locale.ROOT, "index: building %,d synthetic pages in %s ...%n", site.n, index);
        long t0 = System.nanoTime();
        try (PageIndex idx = PageIndex.open(index, site.precomputed(),
                new IndexSettings(EmbedMode.BOTH, VectorFormat.FLOAT, 10_000))) {
            SyncReport r = idx.sync(site.pages(), true, m -> System.out.println("  " + m));
            System.out.printf(Locale.ROOT, "index: %s in %.0f s; closing (waits for merges) ...%n", r,
                    (System.nanoTime() - t0) / 1e9);
        }
        optimize(site, index);
        Files.writeString(done, site.n + " pages\n");
        long bytes;
        try (var s = Files.walk(index)) {
            bytes = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        System.out.printf(Locale.ROOT, "index: built in %.0f s, %.0f MB on disk, embedder recorded: %s%n",
                (System.nanoTime() - t0) / 1e9, bytes / 1e6, PageIndex.recordedEmbedder(index));
    }

    /**
     * Merges the index into one segment, as {@code linker index} does after writing ≥ 100,000 pages (a bulk load
     * leaves several; each search visits every one).
     */
    static void optimize(SyntheticSite site, Path index) {
        try (PageIndex idx = PageIndex.open(index, site.precomputed(),
                new IndexSettings(EmbedMode.BOTH, VectorFormat.FLOAT, 10_000))) {
            int before = idx.segments();
            if (before > 1) {
                long t0 = System.nanoTime();
                idx.optimize();
                System.out.printf(Locale.ROOT, "index: merged %d segments into %d in %.0f s (as linker index does "
                        + "after a bulk load)%n", before, idx.segments(), (System.nanoTime() - t0) / 1e9);
            }
        }
    }

    /** Words, paragraphs and word pieces of sample drafts, so the draft sizes are on record. */
    static void describeDrafts(SyntheticSite site) {
        try (LocalMiniLmEmbedder m = LocalMiniLmEmbedder.load()) {
            WordPieceTokenizer tok = m.tokenizer();
            long words = 0;
            long paras = 0;
            long pieces = 0;
            long windows = 0;
            long chunks = 0;
            int n = 200;
            for (int i = 0; i < n; i++) {
                Author a = new Author(site, 1_000_000 + i);
                words += a.words();
                paras += a.paragraphCount();
                for (String p : a.text().split("\n\n")) {
                    chunks += dev.linker.index.suggest.DraftChunks.chunks(p).size();
                }
                for (String p : a.text().split("\n\n")) {
                    int k = tok.wordPieceIds(p).length;
                    pieces += k;
                    windows += (k + LocalMiniLmEmbedder.MAX_WINDOW_TOKENS - 3) / (LocalMiniLmEmbedder.MAX_WINDOW_TOKENS - 2);
                }
            }
            System.out.printf(Locale.ROOT, "drafts (sample of %d): %.0f words, %.1f paragraphs, %.0f word pieces "
                    + "(%.2f per word); %.1f model runs by paragraph, %.1f by chunk of sentences (what the server embeds) per draft "
                    + "on average%n", n,
                    words / (double) n, paras / (double) n, pieces / (double) n, pieces / (double) words,
                    windows / (double) n, chunks / (double) n);
        }
    }

    /** What a load generator measured: completed requests, their latencies (ns, sorted), errors, remarks. */
    record Load(long requests, double secs, long[] latencies, long errors, List<String> notes) {
    }

    /**
     * One closed-loop run, sent by the Java client or by {@code wrk} (if not null); prints a table row (or nothing
     * for the warm-up). With {@code bulkBatch > 0} a {@link BulkSync} of that many pages a request runs beside it
     * (the row's mode ends in "+sync"; its CPU per request counts the sync's embedding too).
     */
    static void run(Client client, WrkLoad wrk, SyntheticSite site, long pid, String mode, int concurrency,
                    int seconds, long seedBase, boolean quiet, int bulkBatch) throws Exception {
        boolean cold = mode.equals("cold");
        if (!cold && !mode.equals("editing")) {
            throw new IllegalArgumentException("unknown mode " + mode + " (editing, cold)");
        }
        long seed0 = seedBase >= 0 ? seedBase : System.nanoTime();
        List<Author> authors = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            authors.add(new Author(site, seed0 + i * 7919L));
        }
        if (!cold) {
            // Each author has opened its draft already (the one full embedding of a session).
            Thread[] prime = new Thread[concurrency];
            for (int i = 0; i < concurrency; i++) {
                Author a = authors.get(i);
                prime[i] = Thread.ofPlatform().start(() -> client.suggest(a));
            }
            for (Thread t : prime) {
                t.join();
            }
        }
        String name = mode + "-" + concurrency;
        Path data = wrk == null ? null : cold ? wrk.writeCold(site, seed0, name) : wrk.writeEditing(authors, name);
        BulkSync sync = null;
        if (bulkBatch > 0) {
            sync = BulkSync.start(client.base, site, bulkBatch);
            Thread.sleep(2_000); // the sync's first batch is being embedded when the editors start
        }
        Map<String, Number> m0 = client.metrics();
        long cpu0 = cpuTicks(pid);
        double load0 = loadAverage();
        Load load = wrk == null ? javaLoad(client, site, authors, cold, seed0, seconds)
                : wrk.run(client.base, data, concurrency, seconds);
        long cpu = cpuTicks(pid) - cpu0;
        if (sync != null) {
            sync.close();
            List<String> notes = new ArrayList<>(load.notes());
            notes.add(sync.summary());
            load = new Load(load.requests(), load.secs(), load.latencies(), load.errors(), notes);
        }
        Map<String, Number> m1 = client.metrics();
        if (quiet) {
            return;
        }
        long[] lat = load.latencies();
        long n = Math.max(1, load.requests());
        long paras = m1.getOrDefault("linker_draft_chunks_embedded_total", 0).longValue()
                - m0.getOrDefault("linker_draft_chunks_embedded_total", 0).longValue();
        long reused = m1.getOrDefault("linker_draft_chunks_reused_total", 0).longValue()
                - m0.getOrDefault("linker_draft_chunks_reused_total", 0).longValue();
        // Short texts (candidate anchor spans) the model embedded: those not in the draft cache yet.
        long spans = m1.getOrDefault("linker_draft_spans_embedded_total", 0).longValue()
                - m0.getOrDefault("linker_draft_spans_embedded_total", 0).longValue();
        System.out.printf(Locale.ROOT, "%-12s %5d %8d %8.1f %8.1f %8.1f %8.1f %8.1f %7d %9.1f %9.2f %9.2f %8.2f %8s%n",
                bulkBatch > 0 ? mode + "+sync" : mode, concurrency, load.requests(), load.requests() / load.secs(),
                pct(lat, 0.50), pct(lat, 0.90), pct(lat, 0.99), pct(lat, 1.0), load.errors(), cpu * 1000.0 / TICKS / n, paras / (double) n,
                reused / (double) n, spans / (double) n, String.format(Locale.ROOT, "%.1f/%.1f", load0, loadAverage()));
        for (String note : load.notes()) {
            System.out.println("  " + note);
        }
        printMemo(m0, m1);
        if (bulkBatch > 0) {
            printSyncCosts(m0, m1);
        }
    }

    /** What the sync beside the run cost the drafts' side: writes held for drafts, snapshot loads, stale answers. */
    static void printSyncCosts(Map<String, Number> m0, Map<String, Number> m1) {
        java.util.function.ToDoubleFunction<String> d = k -> m1.getOrDefault(k, 0).doubleValue()
                - m0.getOrDefault(k, 0).doubleValue();
        System.out.printf(Locale.ROOT, "  beside the sync: %.0f page writes held for drafts (%.1f s in all), %.0f snapshot"
                        + " loads, %.0f drafts answered from the previous snapshot%n",
                d.applyAsDouble("linker_page_writes_held_for_drafts_total"),
                d.applyAsDouble("linker_page_writes_held_for_drafts_seconds_total"),
                d.applyAsDouble("linker_snapshot_loads_total"),
                d.applyAsDouble("linker_drafts_from_previous_snapshot_total"));
    }

    /** How many of the run's vector and BM25 searches the suggester answered from its memo of recent searches. */
    static void printMemo(Map<String, Number> m0, Map<String, Number> m1) {
        java.util.function.ToLongFunction<String> d = k -> m1.getOrDefault(k, 0).longValue()
                - m0.getOrDefault(k, 0).longValue();
        long vh = d.applyAsLong("linker_search_memo_vector_hits_total");
        long vs = d.applyAsLong("linker_search_vector_total");
        long bh = d.applyAsLong("linker_search_memo_bm25_hits_total");
        long bs = d.applyAsLong("linker_search_bm25_total");
        System.out.printf(Locale.ROOT, "  search memo: vector %d of %d from memo (%.0f %%), BM25 %d of %d (%.0f %%)%n",
                vh, vh + vs, 100.0 * vh / Math.max(1, vh + vs), bh, bh + bs, 100.0 * bh / Math.max(1, bh + bs));
    }

    /** The Java client's closed loop: one platform thread per author, each waiting for its answer. */
    static Load javaLoad(Client client, SyntheticSite site, List<Author> authors, boolean cold, long seed0,
                         int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Recorder rec = new Recorder();
        long start = System.nanoTime();
        Thread[] threads = new Thread[authors.size()];
        for (int i = 0; i < threads.length; i++) {
            int k = i;
            threads[i] = Thread.ofPlatform().name("author-" + i).start(() -> {
                Author a = authors.get(k);
                long n = 0;
                while (System.nanoTime() < end) {
                    if (cold) {
                        a = new Author(site, seed0 + 1_000_003L * (k + 1) + n++);
                    } else {
                        a.edit();
                    }
                    client.timed(a, rec);
                }
            });
        }
        for (Thread t : threads) {
            t.join();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        long[] lat = rec.sorted();
        return new Load(lat.length, secs, lat, rec.errors.get(),
                rec.firstError.get() == null ? List.of() : List.of("first error: " + rec.firstError.get()));
    }

    /** A fixed request rate from editing authors for {@code minutes}, sampling the server's memory every 10 s. */
    static void soak(Client client, SyntheticSite site, long pid, int minutes, double rate, int nAuthors,
                     int newDraftEvery) throws Exception {
        System.out.printf(Locale.ROOT, "%nsoak: %d min at %.1f requests/s from %d editing authors (each sends every "
                + "%.0f ms, starts a new draft every %d requests); samples every 10 s%n", minutes, rate, nAuthors,
                nAuthors * 1000 / rate, newDraftEvery);
        System.out.printf(Locale.ROOT, "%6s %8s %8s %9s %9s %8s %8s %8s%n", "t s", "RSS MB", "heap MB", "cache ent",
                "requests", "p99 ms", "errors", "load1");
        long seed0 = System.nanoTime();
        Recorder rec = new Recorder();
        Recorder edits = new Recorder(); // the same requests split: edits of an open draft, and new drafts
        Recorder newDrafts = new Recorder();
        AtomicReference<Recorder> window = new AtomicReference<>(new Recorder());
        long start = System.nanoTime();
        long end = start + minutes * 60_000_000_000L;
        long interval = (long) (nAuthors * 1e9 / rate);
        Thread[] threads = new Thread[nAuthors];
        for (int i = 0; i < nAuthors; i++) {
            int k = i;
            threads[i] = Thread.ofPlatform().name("soak-" + i).start(() -> {
                // New drafts now and then, so the chunk cache fills past its bound (it must stay bounded).
                Author a = new Author(site, seed0 + k);
                long next = start + k * interval / nAuthors;
                for (int n = 1; next < end; n++) {
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        try {
                            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    boolean opened = n % newDraftEvery == 0;
                    if (opened) {
                        a = new Author(site, seed0 + 1_000_003L * (k + 1) + n);
                    } else {
                        a.edit();
                    }
                    client.timed(a, rec, window.get(), opened ? newDrafts : edits);
                    next += interval;
                }
            });
        }
        List<long[]> samples = new ArrayList<>(); // t, rss kB, heap kB, cache entries
        for (long t = start + 10_000_000_000L; t <= end; t += 10_000_000_000L) {
            long wait = t - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000);
            }
            long rss = rssKb(pid);
            long heap = heapKb(pid);
            long cache = client.metrics().getOrDefault("linker_draft_chunk_cache_entries", -1).longValue();
            Recorder w = window.getAndSet(new Recorder());
            long[] recent = w.sorted();
            samples.add(new long[] {(t - start) / 1_000_000_000L, rss, heap, cache});
            System.out.printf(Locale.ROOT, "%6d %8d %8d %9d %9d %8.1f %8d %8.1f%n", (t - start) / 1_000_000_000L,
                    rss / 1024, heap / 1024, cache, recent.length, pct(recent, 0.99), w.errors.get(), loadAverage());
        }
        for (Thread th : threads) {
            th.join();
        }
        long[] lat = rec.sorted();
        double secs = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "soak: %d requests in %.0f s (%.1f/s), p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, "
                + "max %.1f ms, errors %d%n", lat.length, secs, lat.length / secs, pct(lat, 0.5), pct(lat, 0.9),
                pct(lat, 0.99), pct(lat, 1.0), rec.errors.get());
        for (var kind : List.of(Map.entry("edits", edits), Map.entry("new drafts", newDrafts))) {
            long[] l = kind.getValue().sorted();
            System.out.printf(Locale.ROOT, "soak %s: %d requests, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    kind.getKey(), l.length, pct(l, 0.5), pct(l, 0.9), pct(l, 0.99), pct(l, 1.0));
        }
        for (int col = 1; col <= 3; col++) {
            int c = col;
            long min = samples.stream().mapToLong(s -> s[c]).min().orElse(0);
            long max = samples.stream().mapToLong(s -> s[c]).max().orElse(0);
            int third = Math.max(1, samples.size() / 3);
            long firstMax = samples.subList(0, third).stream().mapToLong(s -> s[c]).max().orElse(0);
            long lastMax = samples.subList(samples.size() - third, samples.size()).stream().mapToLong(s -> s[c])
                    .max().orElse(0);
            String what = switch (c) {
                case 1 -> "RSS MB";
                case 2 -> "heap used MB";
                default -> "draft cache entries";
            };
            long div = c == 3 ? 1 : 1024;
            System.out.printf(Locale.ROOT, "soak %s: min %d, max %d; max of first third %d, of last third %d (%s)%n",
                    what, min / div, max / div, firstMax / div, lastMax / div,
                    lastMax > firstMax * 1.1 ? "grew " + Math.round(100.0 * (lastMax - firstMax) / Math.max(1, firstMax))
                            + " %" : "did not grow");
        }
        if (rec.firstError.get() != null) {
            System.out.println("  first error: " + rec.firstError.get());
        }
    }

    static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(sorted.length * p) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }

    static final long TICKS = 100; // USER_HZ on Linux

    /** utime + stime of a process, in clock ticks. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException e) {
            // process gone
        }
        return -1;
    }

    private static final Pattern HEAP_USED = Pattern.compile("heap\\s+total[^\\n]*?used (\\d+)K");

    /** Heap in use per {@code jcmd PID GC.heap_info} (G1: young + old, live or not yet collected). */
    static long heapKb(long pid) {
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            Matcher m = HEAP_USED.matcher(out);
            return m.find() ? Long.parseLong(m.group(1)) : -1;
        } catch (IOException | InterruptedException e) {
            return -1;
        }
    }

    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException e) {
            return -1;
        }
    }

    /** Latencies (ns) and errors, from many threads. */
    static final class Recorder {
        private final List<long[]> chunks = new ArrayList<>();
        final AtomicLong errors = new AtomicLong();
        final AtomicReference<String> firstError = new AtomicReference<>();

        synchronized void add(long nanos) {
            if (chunks.isEmpty() || chunks.get(chunks.size() - 1)[0] == 4096) {
                chunks.add(new long[4097]);
            }
            long[] c = chunks.get(chunks.size() - 1);
            c[(int) ++c[0]] = nanos;
        }

        void error(String what) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, what);
        }

        synchronized long[] sorted() {
            int n = 0;
            for (long[] c : chunks) {
                n += (int) c[0];
            }
            long[] out = new long[n];
            int i = 0;
            for (long[] c : chunks) {
                System.arraycopy(c, 1, out, i, (int) c[0]);
                i += (int) c[0];
            }
            Arrays.sort(out);
            return out;
        }
    }

    /** java.net.http over HTTP/1.1: one keep-alive connection per concurrently busy thread. */
    static final class Client {
        final String base;
        final HttpClient http = http11();

        /** A client of its own (the bulk sync's connections apart from the editors'), as every one here is made. */
        static HttpClient http11() {
            return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                    .build();
        }

        Client(String base) {
            this.base = base;
        }

        void waitForHealth(Process server, Path log) throws Exception {
            long deadline = System.nanoTime() + 300_000_000_000L;
            while (System.nanoTime() < deadline) {
                if (!server.isAlive()) {
                    throw new IllegalStateException("server exited with " + server.exitValue() + "; see " + log);
                }
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/health"))
                            .build(), HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200) {
                        System.out.println("health: " + r.body());
                        return;
                    }
                } catch (IOException e) {
                    // not listening yet
                }
                Thread.sleep(250);
            }
            throw new IllegalStateException("server did not answer /api/v1/health within 300 s; see " + log);
        }

        /** The JSON body of a suggestion request for the author's draft (also what {@link WrkLoad} sends). */
        static String body(Author a) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("title", a.title());
            body.put("text", a.text());
            body.put("format", "markdown");
            body.put("limit", 5);
            try {
                return JSON.writeValueAsString(body);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        HttpRequest request(Author a) {
            return HttpRequest.newBuilder(URI.create(base + "/api/v1/suggestions"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.ofString(body(a))).build();
        }

        /** One suggestion request; returns the number of suggestions, or -1 on error. */
        int suggest(Author a) {
            try {
                HttpResponse<byte[]> r = http.send(request(a), HttpResponse.BodyHandlers.ofByteArray());
                return r.statusCode() == 200 ? JSON.readTree(r.body()).path("suggestions").size() : -1;
            } catch (IOException | InterruptedException e) {
                return -1;
            }
        }

        void timed(Author a, Recorder... recs) {
            HttpRequest req = request(a);
            long t0 = System.nanoTime();
            String error = null;
            try {
                HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200) {
                    error = "HTTP " + r.statusCode() + ": " + new String(r.body(), 0, Math.min(300, r.body().length));
                }
            } catch (IOException | InterruptedException e) {
                error = e.toString();
            }
            long t = System.nanoTime() - t0;
            for (Recorder rec : recs) {
                rec.add(t);
                if (error != null) {
                    rec.error(error);
                }
            }
        }

        Map<String, Number> metrics() {
            Map<String, Number> out = new LinkedHashMap<>();
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString());
                for (String line : r.body().split("\n")) {
                    if (line.startsWith("linker_draft") || line.startsWith("linker_search")
                            || line.startsWith("linker_snapshot") || line.startsWith("linker_page_writes")) {
                        String[] f = line.split(" ");
                        out.put(f[0], Double.parseDouble(f[f.length - 1]));
                    }
                }
            } catch (IOException | InterruptedException | RuntimeException e) {
                // metrics are diagnostics only
            }
            return out;
        }
    }
}
