package dev.linker.core.embed;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Throughput of the local embedder at 1 thread and at N threads (default all cores), back to back in one run with the
 * ratio: titles/s and 256-token passages/s through {@code embedAll} in calls of 32 (what {@code linker index} makes),
 * whole pages/s, the tokenizer alone, and one shared session against N sessions of one thread each. A documented
 * command (see BENCHMARKS.md, section "Embeddings"), not a test:
 *
 * <pre>bin/mvn21 -q -o -pl core -am process-test-classes -Dembed.benchmark \
 *     -Dembed.benchmark.args="/path/to/pages.csv"</pre>
 *
 * Arguments: {@code [pages.csv] [--titles N] [--passages N] [--pages N] [--threads N] [--rounds N]
 * [--no-sessions]}. pages.csv is an SEO export with {@code Title} and {@code Content} columns (e.g. the shared
 * PostgreSQL corpus); without it, built-in texts are used. Each round measures 1 thread then N threads; the figures
 * kept are each one's best round (a shared machine's other jobs only ever slow a round down).
 */
public final class EmbedBenchmark {

    /** Texts per {@code embedAll} call: what {@code linker index} hands the embedder (its PageWriter batch). */
    static final int CALL = 32;

    private EmbedBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path csv = null;
        int titleCount = 2000;
        int passageCount = 200;
        int pageCount = 40;
        int threads = Runtime.getRuntime().availableProcessors();
        int rounds = 2;
        boolean sessions = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--titles" -> titleCount = Integer.parseInt(args[++i]);
                case "--passages" -> passageCount = Integer.parseInt(args[++i]);
                case "--pages" -> pageCount = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--no-sessions" -> sessions = false;
                default -> csv = Path.of(args[i]);
            }
        }
        List<String> titles = new ArrayList<>();
        List<String> contents = new ArrayList<>();
        if (csv != null) {
            if (!Files.isRegularFile(csv)) {
                System.err.println("EmbedBenchmark: no such file: " + csv);
                System.exit(2);
            }
            CsvMapper mapper = new CsvMapper();
            try (MappingIterator<Map<String, String>> rows = mapper.readerForMapOf(String.class)
                    .with(CsvSchema.emptySchema().withHeader()).readValues(csv.toFile())) {
                while (rows.hasNext()) {
                    Map<String, String> row = rows.next();
                    String title = row.getOrDefault("Title", "");
                    if (!title.isBlank()) {
                        titles.add(title);
                    }
                    String content = row.getOrDefault("Content", "");
                    if (!content.isBlank()) {
                        contents.add(content);
                    }
                }
            }
            System.out.printf("corpus: %s (%d titles, %d contents)%n", csv, titles.size(), contents.size());
        } else {
            titles.addAll(TestTexts.TRICKY);
            contents.add(TestTexts.longPage());
            System.out.println("corpus: built-in test texts (pass a pages.csv for real titles)");
        }
        System.out.printf("machine: %d cores, load average %s (other jobs share it: compare the ratios)%n",
                Runtime.getRuntime().availableProcessors(), loadAverage());

        long t0 = System.nanoTime();
        try (LocalMiniLmEmbedder embedder = LocalMiniLmEmbedder.load(threads)) {
            double loadMs = (System.nanoTime() - t0) / 1e6;
            System.out.printf("model load: %.0f ms, process RSS %s%n", loadMs, rss());
            WordPieceTokenizer tok = embedder.tokenizer();
            LocalMiniLmEmbedder one = embedder.withThreads(1);
            int n = embedder.threads();

            // Warm-up: JIT, ONNX Runtime's first-run allocations, the helper threads.
            embedder.embedAll(cycle(titles, 64));
            one.embedAll(cycle(titles, 32));

            List<String> titleRun = cycle(titles, titleCount);
            long pieces = 0;
            for (String t : titleRun) {
                pieces += tok.wordPieceIds(t).length + 2;
            }
            System.out.printf("titles: %d, avg %.1f tokens, in calls of %d%n", titleRun.size(),
                    pieces / (double) titleRun.size(), CALL);
            double[] titleRates = compare(rounds, one, embedder, e -> {
                for (List<String> call : calls(titleRun)) {
                    e.embedAll(call);
                }
                return titleRun.size();
            }, "titles/s");

            List<int[]> passages = new ArrayList<>();
            for (String c : contents) {
                for (int[] w : tok.encodeWindows(c, LocalMiniLmEmbedder.MAX_WINDOW_TOKENS)) {
                    if (w.length >= LocalMiniLmEmbedder.MAX_WINDOW_TOKENS - 8) {
                        passages.add(w);
                    }
                }
                if (passages.size() >= passageCount) {
                    break;
                }
            }
            List<int[]> passageRun = cycle(passages, passageCount);
            System.out.printf("passages of ~256 tokens: %d, in calls of %d%n", passageRun.size(), CALL);
            double[] passageRates = compare(rounds, one, embedder, e -> {
                for (List<int[]> call : calls(passageRun)) {
                    @SuppressWarnings("unchecked")
                    List<int[]>[] windows = new List[call.size()];
                    for (int i = 0; i < windows.length; i++) {
                        windows[i] = List.of(call.get(i));
                    }
                    e.vectors(windows);
                }
                return passageRun.size();
            }, "passages/s");

            List<String> pageRun = contents.subList(0, Math.min(pageCount, contents.size()));
            long pageTokens = 0;
            for (String c : pageRun) {
                pageTokens += tok.wordPieceIds(c).length;
            }
            System.out.printf("whole pages: %d, avg %d word pieces, in calls of %d%n", pageRun.size(),
                    pageTokens / Math.max(1, pageRun.size()), CALL);
            double[] pageRates = compare(1, one, embedder, e -> {
                for (List<String> call : calls(pageRun)) {
                    e.embedAll(call);
                }
                return pageRun.size();
            }, "pages/s");
            double tokensPerSec = pageTokens / (double) pageRun.size() * pageRates[1];

            long chars = 0;
            long tokens = 0;
            long start = System.nanoTime();
            for (String c : contents) {
                chars += c.length();
                tokens += tok.wordPieceIds(c).length;
            }
            double sec = (System.nanoTime() - start) / 1e9;
            System.out.printf("tokenizer alone (one thread): %.1f MB/s of text, %.0f k tokens/s: %.1f %% of a core's"
                    + " time next to the model%n", chars / sec / 1e6, tokens / sec / 1e3,
                    100.0 * (pageTokens / (double) pageRun.size() * pageRates[0]) / (tokens / sec));
            System.out.printf("all %d contents: %d word pieces, about %.0f s to embed at %d threads' whole-page rate%n",
                    contents.size(), tokens, tokens / tokensPerSec, n);
            System.out.printf("SUMMARY %d threads vs 1: titles %.0f vs %.0f/s (x%.2f), passages %.1f vs %.1f/s (x%.2f),"
                    + " whole pages %.2f vs %.2f/s (x%.2f)%n", n, titleRates[1], titleRates[0],
                    titleRates[1] / titleRates[0], passageRates[1], passageRates[0], passageRates[1] / passageRates[0],
                    pageRates[1], pageRates[0], pageRates[1] / pageRates[0]);
            System.out.printf("process RSS after run: %s%n", rss());
            if (sessions && n > 1) {
                sessions(n, titleRun, passageRun);
            }
        }
    }

    /** Work on an embedder; returns the items it did. */
    private interface Work {
        int run(LocalMiniLmEmbedder e);
    }

    /** Rounds of {@code one} then {@code many}, each round's figures printed; the best of each and the ratio. */
    private static double[] compare(int rounds, LocalMiniLmEmbedder one, LocalMiniLmEmbedder many, Work work,
                                    String unit) {
        double best1 = 0;
        double bestN = 0;
        for (int r = 0; r < rounds; r++) {
            double a = rate(one, work);
            double b = rate(many, work);
            System.out.printf("  round %d: 1 thread %.1f %s, %d threads %.1f %s (x%.2f)%n", r + 1, a, unit,
                    many.threads(), b, unit, b / a);
            best1 = Math.max(best1, a);
            bestN = Math.max(bestN, b);
        }
        System.out.printf("  best: 1 thread %.1f %s, %d threads %.1f %s: x%.2f%n", best1, unit, many.threads(), bestN,
                unit, bestN / best1);
        return new double[] {best1, bestN};
    }

    /** Items per second of wall time; prints the process's CPU time per item too (robust to a busy machine). */
    private static double rate(LocalMiniLmEmbedder e, Work work) {
        long cpu0 = cpuNanos();
        long start = System.nanoTime();
        int items = work.run(e);
        double sec = (System.nanoTime() - start) / 1e9;
        System.out.printf("    %d thread%s: %.2f ms CPU an item, %.2f cores busy%n", e.threads(),
                e.threads() == 1 ? "" : "s", (cpuNanos() - cpu0) / 1e6 / items, (cpuNanos() - cpu0) / 1e9 / sec);
        return items / sec;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * The other way to use N cores: N sessions of one thread each, one per worker thread (titles and passages one at
     * a time from a shared counter), against the one shared session above; and what the extra sessions cost in RSS.
     */
    private static void sessions(int n, List<String> titles, List<int[]> passages) throws Exception {
        String before = rss();
        List<LocalMiniLmEmbedder> own = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                own.add(LocalMiniLmEmbedder.load(1));
            }
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n);
            try {
                for (LocalMiniLmEmbedder e : own) {
                    e.embedAll(cycle(titles, 32)); // warm-up
                }
                double titleRate = spread(pool, own, titles.size(), (e, i) -> e.embed(titles.get(i)));
                double passageRate = spread(pool, own, passages.size(),
                        (e, i) -> e.embedWindows(List.of(passages.get(i))));
                System.out.printf("%d sessions of 1 thread (one per worker): titles %.0f/s, passages %.1f/s; process"
                        + " RSS %s before loading them, %s after%n", n, titleRate, passageRate, before, rss());
            } finally {
                pool.shutdownNow();
            }
        } finally {
            own.forEach(LocalMiniLmEmbedder::close);
        }
    }

    private static double spread(java.util.concurrent.ExecutorService pool, List<LocalMiniLmEmbedder> own, int items,
                                 java.util.function.ObjIntConsumer<LocalMiniLmEmbedder> work) throws Exception {
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        long cpu0 = cpuNanos();
        long start = System.nanoTime();
        for (LocalMiniLmEmbedder e : own) {
            running.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < items; i = next.getAndIncrement()) {
                    work.accept(e, i);
                }
            }));
        }
        for (java.util.concurrent.Future<?> f : running) {
            f.get();
        }
        double sec = (System.nanoTime() - start) / 1e9;
        System.out.printf("    %d sessions: %.2f ms CPU an item, %.2f cores busy%n", own.size(),
                (cpuNanos() - cpu0) / 1e6 / items, (cpuNanos() - cpu0) / 1e9 / sec);
        return items / sec;
    }

    private static <T> List<List<T>> calls(List<T> items) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i += CALL) {
            out.add(items.subList(i, Math.min(items.size(), i + CALL)));
        }
        return out;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    private static <T> List<T> cycle(List<T> items, int n) {
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n && !items.isEmpty(); i++) {
            out.add(items.get(i % items.size()));
        }
        return out;
    }

    private static String rss() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("VmRSS:")).map(l -> Arrays.stream(l.split("\\s+")).skip(1)
                            .reduce((a, b) -> a + " " + b).orElse("?")).findFirst().orElse("n/a");
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }
}
