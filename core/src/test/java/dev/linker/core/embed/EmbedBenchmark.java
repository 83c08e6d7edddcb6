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
 * Throughput of the local embedder on one thread: titles/s, 256-token passages/s, whole pages/s, tokenizer speed.
 * A documented command (see BENCHMARKS.md, section "Embeddings"), not a test:
 *
 * <pre>bin/mvn21 -q -o -pl lucene-index -am process-test-classes -Dembed.benchmark \
 *     -Dembed.benchmark.args="/path/to/pages.csv"</pre>
 *
 * Arguments: {@code [pages.csv] [--titles N] [--passages N] [--pages N]}. pages.csv is an SEO export with
 * {@code Title} and {@code Content} columns (e.g. the shared PostgreSQL corpus); without it, built-in texts are used.
 */
public final class EmbedBenchmark {

    private EmbedBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path csv = null;
        int titleCount = 1000;
        int passageCount = 100;
        int pageCount = 50;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--titles" -> titleCount = Integer.parseInt(args[++i]);
                case "--passages" -> passageCount = Integer.parseInt(args[++i]);
                case "--pages" -> pageCount = Integer.parseInt(args[++i]);
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

        long t0 = System.nanoTime();
        try (LocalMiniLmEmbedder embedder = LocalMiniLmEmbedder.load()) {
            double loadMs = (System.nanoTime() - t0) / 1e6;
            System.out.printf("model load: %.0f ms, process RSS %s%n", loadMs, rss());
            WordPieceTokenizer tok = embedder.tokenizer();

            // Warm-up: JIT and ONNX Runtime's first-run allocations.
            for (int i = 0; i < 30; i++) {
                embedder.embed(titles.get(i % titles.size()));
            }

            List<String> titleRun = cycle(titles, titleCount);
            long pieces = 0;
            long start = System.nanoTime();
            for (String t : titleRun) {
                embedder.embed(t);
            }
            double sec = (System.nanoTime() - start) / 1e9;
            for (String t : titleRun) {
                pieces += tok.wordPieceIds(t).length + 2;
            }
            System.out.printf("titles: %d in %.2f s = %.0f titles/s (avg %.1f tokens)%n", titleRun.size(), sec,
                    titleRun.size() / sec, pieces / (double) titleRun.size());

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
            start = System.nanoTime();
            for (int[] p : passageRun) {
                embedder.embedWindows(List.of(p));
            }
            sec = (System.nanoTime() - start) / 1e9;
            System.out.printf("passages of ~256 tokens: %d in %.2f s = %.1f passages/s%n", passageRun.size(), sec,
                    passageRun.size() / sec);

            List<String> pageRun = contents.subList(0, Math.min(pageCount, contents.size()));
            long pageTokens = 0;
            start = System.nanoTime();
            for (String c : pageRun) {
                embedder.embed(c);
            }
            sec = (System.nanoTime() - start) / 1e9;
            for (String c : pageRun) {
                pageTokens += tok.wordPieceIds(c).length;
            }
            double tokensPerSec = pageTokens / sec;
            System.out.printf("whole pages: %d in %.2f s = %.2f pages/s (avg %d word pieces; %.0f tokens/s)%n",
                    pageRun.size(), sec, pageRun.size() / sec, pageTokens / Math.max(1, pageRun.size()),
                    tokensPerSec);

            long chars = 0;
            long tokens = 0;
            start = System.nanoTime();
            for (int round = 0; round < 3; round++) {
                for (String c : contents) {
                    chars += c.length();
                    tokens += tok.wordPieceIds(c).length;
                }
            }
            sec = (System.nanoTime() - start) / 1e9;
            System.out.printf("tokenizer alone: %.1f MB/s of text, %.0f k tokens/s%n", chars / sec / 1e6,
                    tokens / sec / 1e3);
            System.out.printf("all %d contents: %d word pieces, about %.0f s to embed at the whole-page rate%n",
                    contents.size(), tokens / 3, tokens / 3 / tokensPerSec);
            System.out.printf("process RSS after run: %s%n", rss());
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
