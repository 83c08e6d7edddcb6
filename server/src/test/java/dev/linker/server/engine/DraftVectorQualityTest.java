package dev.linker.server.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.embed.Embedder;
import dev.linker.index.embed.Embedders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The draft vector built from cached chunk vectors (whole sentences) must still be a whole-text embedding: indexed
 * pages are embedded whole, and the draft is compared with them. Real pages, the real model: the example site, and
 * with {@code -Dlinker.corpus.dir} every 10th PostgreSQL page of 300–2,000 words (the figures in BENCHMARKS.md).
 */
class DraftVectorQualityTest {
    static Embedder model;

    @BeforeAll
    static void load() {
        model = Embedders.createDefault();
    }

    @AfterAll
    static void close() {
        model.close();
    }

    /** Cosines of one page: chunk-based draft vector, paragraph-based (before), each against the whole text. */
    record Figures(double chunksVsWhole, double paragraphVsWhole, double chunksVsParagraph, int chunks,
                   int paragraphs) {
    }

    static Figures measure(PageRecord page) {
        // The page as an author's draft: its blocks as paragraphs, through the server's own draft parsing.
        String source = String.join("\n\n", page.body().split("\n"));
        List<String> paragraphs = new ArrayList<>(DraftText.of(source, DraftText.Format.TEXT).paragraphs());
        paragraphs.add(page.title().strip());
        float[] whole = model.embed(page.title() + "\n" + page.body());
        float[] byChunk = new DraftEmbedder(model, 100_000).embed(paragraphs);
        float[] byParagraph = paragraphMean(paragraphs);
        int chunks = 0;
        for (String p : paragraphs) {
            chunks += DraftEmbedder.chunks(p).size();
        }
        return new Figures(dot(byChunk, whole), dot(byParagraph, whole), dot(byChunk, byParagraph), chunks,
                paragraphs.size());
    }

    /** The server's draft vector before chunks: paragraph vectors weighted by √length. */
    static float[] paragraphMean(List<String> paragraphs) {
        List<float[]> vs = model.embedAll(paragraphs);
        float[] sum = new float[model.dimension()];
        for (int i = 0; i < paragraphs.size(); i++) {
            double w = Math.sqrt(paragraphs.get(i).length());
            for (int d = 0; d < sum.length; d++) {
                sum[d] += (float) (w * vs.get(i)[d]);
            }
        }
        double norm = Math.sqrt(dot(sum, sum));
        for (int d = 0; d < sum.length; d++) {
            sum[d] /= (float) norm;
        }
        return sum;
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static List<Figures> measureAll(List<PageRecord> pages, String what) {
        List<Figures> out = new ArrayList<>();
        for (PageRecord p : pages) {
            out.add(measure(p));
        }
        double[] sw = out.stream().mapToDouble(Figures::chunksVsWhole).sorted().toArray();
        double[] pw = out.stream().mapToDouble(Figures::paragraphVsWhole).sorted().toArray();
        double[] sp = out.stream().mapToDouble(Figures::chunksVsParagraph).sorted().toArray();
        System.err.printf(Locale.ROOT, "%s: %d pages, %.1f chunks / %.1f paragraphs each; cosine with the "
                        + "whole-text embedding: chunks mean %.3f min %.3f, paragraphs (before) mean %.3f min %.3f; "
                        + "chunks vs paragraphs mean %.3f min %.3f%n", what, out.size(),
                out.stream().mapToInt(Figures::chunks).average().orElse(0),
                out.stream().mapToInt(Figures::paragraphs).average().orElse(0),
                mean(sw), sw[0], mean(pw), pw[0], mean(sp), sp[0]);
        return out;
    }

    static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s / xs.length;
    }

    static void assertClose(List<Figures> figures) {
        double chunks = mean(figures.stream().mapToDouble(Figures::chunksVsWhole).toArray());
        double paragraphs = mean(figures.stream().mapToDouble(Figures::paragraphVsWhole).toArray());
        assertTrue(chunks >= 0.9, "chunk-based draft vectors are close to whole-text ones: " + chunks);
        assertTrue(chunks >= paragraphs - 0.01, "and not further than paragraph-based ones: " + chunks + " vs "
                + paragraphs);
        for (Figures f : figures) {
            assertTrue(f.chunksVsWhole() >= 0.7, f.toString());
        }
    }

    @Test
    void a_draft_vector_from_chunk_vectors_stays_close_to_the_whole_text_embedding_on_the_example_site() {
        List<PageRecord> pages = SourceLoader.of(Path.of("..", "examples", "site")).records().stream()
                .filter(p -> p.body().split("\\s+").length >= 40).toList();
        assertTrue(pages.size() >= 8, "example pages: " + pages.size());
        assertClose(measureAll(pages, "examples/site"));
    }

    @Test
    void and_on_real_documentation_pages_of_draft_length_when_the_corpus_is_given() {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path csv = Path.of(dir, "postgresql-15", "pages.csv");
        assertTrue(Files.isRegularFile(csv), "linker.corpus.dir is set but " + csv + " is missing");
        List<PageRecord> all = SourceLoader.of(csv).records().stream().filter(p -> {
            int words = p.body().split("\\s+").length;
            return words >= 300 && words <= 2_000;
        }).toList();
        List<PageRecord> sample = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 10) {
            sample.add(all.get(i));
        }
        assertClose(measureAll(sample, "postgresql-15"));
    }
}
