package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.Embedders;
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
            chunks += DraftChunks.chunks(p).size();
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
        // 0.015: since HTML text keeps its blocks (one line each), an example page is a draft of about five short
        // paragraphs, headings among them, rather than one; both vectors move away from the whole text alike
        // (chunks 0.911, paragraphs 0.921, chunks vs paragraphs 0.992).
        assertTrue(chunks >= paragraphs - 0.015, "and not further than paragraph-based ones: " + chunks + " vs "
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

    /**
     * Reuse of chunk vectors across small edits (DraftEmbedder, reuse of 4 words): each page is a draft that an
     * author edits one word at a time — a word of the page replaced, or one inserted — {@value #EDITS} times in each
     * of {@value #FOCUS} paragraphs in turn (so edits pile up in one chunk, up to and past the threshold: the worst
     * case for drift). After every edit the draft vector with reuse is compared with the exact one (every changed
     * chunk embedded), and so are the {@value #TOP} pages nearest to each among {@code neighbours} (whole-text page
     * vectors): the part of the suggestions that depends on the draft vector.
     */
    record Drift(double meanCos, double minCos, double agreement, int requests, int reused, int embedded,
                 double exactTopSame, double editMeanCos, double editMinCos) {
    }

    static final int EDITS = 8;
    static final int FOCUS = 3;
    static final int TOP = 5;

    static Drift drift(List<PageRecord> pages, List<float[]> neighbours, long seed) {
        java.util.Random r = new java.util.Random(seed);
        DraftEmbedder reusing = new DraftEmbedder(model, 100_000, 4);
        DraftEmbedder exact = new DraftEmbedder(model, 100_000, 0);
        double sum = 0;
        double min = 1;
        double agree = 0;
        double exactSame = 0;
        double editSum = 0;
        double editMin = 1;
        int n = 0;
        long reused0 = reusing.reusedCount();
        long embedded0 = reusing.embeddedCount();
        for (PageRecord page : pages) {
            String source = String.join("\n\n", page.body().split("\n"));
            List<String> paragraphs = new ArrayList<>(DraftText.of(source, DraftText.Format.TEXT).paragraphs());
            paragraphs.add(page.title().strip());
            String key = "url:" + page.url();
            reusing.embed(key, paragraphs);
            float[] previousExact = exact.embed(paragraphs);
            String[] vocabulary = page.body().split("\\s+");
            for (int f = 0; f < FOCUS; f++) {
                int p = r.nextInt(paragraphs.size() - 1); // not the title
                for (int e = 0; e < EDITS; e++) {
                    String[] t = paragraphs.get(p).split(" ", -1);
                    int at = r.nextInt(t.length);
                    String w = vocabulary[r.nextInt(vocabulary.length)].replaceAll("[.!?]+$", "");
                    if (r.nextBoolean() && !t[at].matches(".*[.!?]$")) {
                        t[at] = w;
                        paragraphs.set(p, String.join(" ", t));
                    } else {
                        List<String> l = new ArrayList<>(List.of(t));
                        l.add(at, w);
                        paragraphs.set(p, String.join(" ", l));
                    }
                    float[] approx = reusing.embed(key, paragraphs);
                    float[] truth = exact.embed(paragraphs);
                    double c = dot(approx, truth);
                    sum += c;
                    min = Math.min(min, c);
                    agree += overlap(top(approx, neighbours), top(truth, neighbours));
                    exactSame += overlap(top(previousExact, neighbours), top(truth, neighbours));
                    double step = dot(previousExact, truth);
                    editSum += step;
                    editMin = Math.min(editMin, step);
                    previousExact = truth;
                    n++;
                }
            }
        }
        return new Drift(sum / n, min, agree / n, n, (int) (reusing.reusedCount() - reused0),
                (int) (reusing.embeddedCount() - embedded0), exactSame / n, editSum / n, editMin);
    }

    static List<Integer> top(float[] v, List<float[]> pages) {
        Integer[] idx = new Integer[pages.size()];
        double[] cos = new double[pages.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
            cos[i] = dot(v, pages.get(i));
        }
        java.util.Arrays.sort(idx, (a, b) -> Double.compare(cos[b], cos[a]));
        return List.of(idx).subList(0, Math.min(TOP, idx.length));
    }

    /** Share of {@code a}'s pages also in {@code b}. */
    static double overlap(List<Integer> a, List<Integer> b) {
        return a.stream().filter(b::contains).count() / (double) a.size();
    }

    static Drift reportDrift(List<PageRecord> pages, List<float[]> neighbours, String what) {
        Drift d = drift(pages, neighbours, 42);
        System.err.printf(Locale.ROOT, "%s, reuse across small edits: %d pages, %d edit requests, %d chunks reused, "
                        + "%d embedded; cosine of the draft vector with reuse to the exact one: mean %.4f min %.4f; "
                        + "top-%d nearest of %d pages, with reuse vs exact: %.1f %% the same (one edit moves the exact "
                        + "top-%d by %.1f %%); for scale, one edit turns the exact vector by cos mean %.4f min %.4f%n",
                what, pages.size(), d.requests(), d.reused(), d.embedded(),
                d.meanCos(), d.minCos(), TOP, neighbours.size(), 100 * d.agreement(), TOP,
                100 * (1 - d.exactTopSame()), d.editMeanCos(), d.editMinCos());
        return d;
    }

    @Test
    void reusing_chunk_vectors_across_small_edits_keeps_the_draft_vector_and_its_nearest_pages_on_the_example_site() {
        List<PageRecord> all = SourceLoader.of(Path.of("..", "examples", "site")).records();
        List<PageRecord> pages = all.stream().filter(p -> p.body().split("\\s+").length >= 40).toList();
        List<float[]> neighbours = model.embedAll(all.stream().map(p -> p.title() + "\n" + p.body()).toList());
        Drift d = reportDrift(pages, neighbours, "examples/site");
        assertTrue(d.reused() > 0, "some chunks were reused: " + d);
        assertTrue(d.meanCos() >= 0.999 && d.minCos() >= 0.99, d.toString());
        assertTrue(d.agreement() >= 0.95, d.toString());
    }

    @Test
    void and_on_real_documentation_pages_when_the_corpus_is_given() {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        List<PageRecord> all = SourceLoader.of(Path.of(dir, "postgresql-15", "pages.csv")).records().stream()
                .filter(p -> {
                    int words = p.body().split("\\s+").length;
                    return words >= 300 && words <= 2_000;
                }).toList();
        List<PageRecord> sample = new ArrayList<>();
        List<PageRecord> pool = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i % 10 == 0) {
                sample.add(all.get(i));
            }
            if (i % 2 == 0) {
                pool.add(all.get(i));
            }
        }
        List<float[]> neighbours = model.embedAll(pool.stream().map(p -> p.title() + "\n" + p.body()).toList());
        Drift d = reportDrift(sample, neighbours, "postgresql-15");
        assertTrue(d.reused() > d.requests() / 2, "most edits reused a vector: " + d);
        assertTrue(d.meanCos() >= 0.999 && d.minCos() >= 0.99, d.toString());
        assertTrue(d.agreement() >= 0.95, d.toString());
    }
}
