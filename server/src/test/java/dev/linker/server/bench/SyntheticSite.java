package dev.linker.server.bench;

import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A synthetic site of {@code n} pages in clusters of 100 (after lucene-index's IndexBenchmark generator, with text
 * from {@link WordModel}): page i has a unique three-word title (two name words and a topic word), 3–5 paragraphs of
 * topic-clustered prose (about 320 words), 3 links to pages of its cluster whose titles it mentions, a category
 * path, authority and inbound count, and a 384-d vector near its cluster's centre.
 */
final class SyntheticSite {
    static final int PAGES_PER_CLUSTER = 100;
    static final int DIM = LocalMiniLmEmbedder.DIMENSION;

    final int n;
    final int clusters;
    final WordModel words;
    private final float[][] centres;
    /** Title → cluster of the pages generated so far (the embedder sees only the text; ~10 MB at 100k). */
    private final Map<String, Integer> pending = new ConcurrentHashMap<>();

    SyntheticSite(int n, WordModel words) {
        this.n = n;
        this.words = words;
        this.clusters = Math.max(1, (n + PAGES_PER_CLUSTER - 1) / PAGES_PER_CLUSTER);
        Random r = new Random(42);
        centres = new float[clusters][];
        for (int c = 0; c < clusters; c++) {
            centres[c] = unit(gaussian(r));
        }
    }

    static int cluster(int i) {
        return i / PAGES_PER_CLUSTER;
    }

    String url(int i) {
        int c = cluster(i);
        return "https://big.example/s" + (c % 50) + "/c" + c + "/p" + i + ".html";
    }

    /** Two words naming page i (what other pages and drafts mention). */
    String name(int i) {
        long h = i * 0x9E3779B97F4A7C15L + 17;
        h ^= h >>> 29;
        int v = words.vocab.size();
        return words.vocab.get(Math.floorMod(h, v)) + " " + words.vocab.get(Math.floorMod(h >>> 20, v));
    }

    String title(int i) {
        return WordModel.capital(name(i)) + " " + words.topic(cluster(i), i % WordModel.TOPIC_WORDS);
    }

    PageRecord page(int i) {
        int c = cluster(i);
        Random r = new Random(i * 31L + 7);
        List<String> paragraphs = new ArrayList<>();
        int np = 3 + r.nextInt(3);
        for (int p = 0; p < np; p++) {
            paragraphs.add(words.paragraph(r, c, 50 + r.nextInt(60)));
        }
        List<String> links = new ArrayList<>();
        StringBuilder mentions = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            int j = Math.min(n - 1, c * PAGES_PER_CLUSTER + r.nextInt(PAGES_PER_CLUSTER));
            if (j != i) {
                links.add(url(j));
                mentions.append("See ").append(title(j).toLowerCase(java.util.Locale.ROOT)).append(" for more. ");
            }
        }
        paragraphs.add(mentions.toString().strip());
        String title = title(i);
        pending.put(title, c);
        String u = url(i);
        return new PageRecord(u, new PageRecord.Text(title, title, String.join("\n\n", paragraphs)),
                u.substring(u.indexOf("/s"), u.lastIndexOf('/') + 1), "",
                new PageRecord.Standing(Status.LIVE, null, r.nextDouble(), r.nextInt(6)), null,
                PageRecord.Outbound.of(links), PageRecord.KnownAs.NONE);
    }

    List<PageRecord> pages() {
        return new AbstractList<>() {
            @Override
            public PageRecord get(int i) {
                return page(i);
            }

            @Override
            public int size() {
                return n;
            }
        };
    }

    /** The cluster's centre plus noise, unit length. */
    float[] vector(int cluster, long seed) {
        float[] g = gaussian(new Random(seed));
        float[] v = new float[DIM];
        for (int d = 0; d < DIM; d++) {
            v[d] = centres[cluster][d] + 0.06f * g[d];
        }
        return unit(v);
    }

    /**
     * Writes this site's precomputed vectors under the local model's id: the index then records
     * {@value LocalMiniLmEmbedder#ID}, so the server opens it with the real model and embeds drafts for real,
     * while building 100k pages takes minutes instead of the ~hours the model would need. Page vectors and draft
     * vectors are therefore not comparable (rankings are meaningless), but the work per request is the real work:
     * the draft is embedded by the model, HNSW and BM25 search 100k real documents.
     */
    Embedder precomputed() {
        return new Embedder() {
            @Override
            public String id() {
                return LocalMiniLmEmbedder.ID;
            }

            @Override
            public int dimension() {
                return DIM;
            }

            @Override
            public float[] embed(String text) {
                String title = text.substring(0, Math.max(0, text.indexOf('\n')));
                Integer c = pending.get(title);
                if (c == null) {
                    throw new IllegalStateException("not a page of this synthetic site: " + title);
                }
                return vector(c, text.hashCode());
            }
        };
    }

    static float[] gaussian(Random r) {
        float[] v = new float[DIM];
        for (int d = 0; d < DIM; d++) {
            v[d] = (float) r.nextGaussian();
        }
        return v;
    }

    static float[] unit(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        float k = (float) (1 / Math.sqrt(s));
        for (int d = 0; d < v.length; d++) {
            v[d] *= k;
        }
        return v;
    }
}
