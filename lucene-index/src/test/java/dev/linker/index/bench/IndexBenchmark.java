package dev.linker.index.bench;

import dev.linker.index.SyncReport;
import dev.linker.index.VectorFormat;
import dev.linker.index.IndexSettings;
import dev.linker.core.embed.EmbedMode;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.Learning;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.Planner;
import dev.linker.index.suggest.Draft;
import dev.linker.index.suggest.Inbound;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.apache.lucene.search.KnnFloatVectorQuery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds indexes of synthetic pages (clustered 384-d vectors, clustered text with names and links) and prints index
 * time, size, heap, retrieval and suggestion latency, and plan time. Not a test: see BENCHMARKS.md ("Index").
 *
 * <p>Args: {@code pages... [--format float|int8] [--plan N] [--dir DIR] [--queries N] [--no-drafts] [--optimize] [--learn]}
 * ({@code --learn}: time learning a ranker from the links, as linker index does). The vectors come
 * from a synthetic embedder (derived from the page's cluster and URL, so indexing measures Lucene, not a model);
 * "draft" latency embeds real text with the local model.
 */
public final class IndexBenchmark {
    static final int DIM = 384;
    static final int VOCAB = 50_000;
    static final int PAGES_PER_CLUSTER = 100;

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        VectorFormat format = VectorFormat.FLOAT;
        int planDonors = 10_000;
        int queries = 1000;
        boolean drafts = true;
        boolean optimize = false;
        boolean learn = false;
        Path base = Files.createTempDirectory("linker-bench");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--format" -> format = VectorFormat.parse(args[++i]);
                case "--plan" -> planDonors = Integer.parseInt(args[++i]);
                case "--optimize" -> optimize = true;
                case "--dir" -> base = Path.of(args[++i]);
                case "--queries" -> queries = Integer.parseInt(args[++i]);
                case "--no-drafts" -> drafts = false;
                case "--learn" -> learn = true;
                default -> sizes.add(parseCount(args[i]));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(10_000, 100_000);
        }
        System.out.printf(Locale.ROOT, "linker index benchmark: %s vectors, %d-d, JVM max heap %d MB, %d cpus%n",
                format.name().toLowerCase(Locale.ROOT), DIM, Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        for (int n : sizes) {
            run(n, format, base.resolve("idx-" + n + "-" + format.name().toLowerCase(Locale.ROOT)), planDonors,
                    queries, drafts, optimize, learn);
        }
    }

    /** What linker index does after a sync: learn a ranker from the site's links (time, rows, the model's size). */
    static void learn(PageIndex idx) {
        long l0 = System.nanoTime();
        LearnedRanker r = Learning.train(idx, null, m -> System.out.println("  " + m));
        double secs = (System.nanoTime() - l0) / 1e9;
        long h = heapMb();
        idx.setRanker(r);
        System.out.printf(Locale.ROOT, "learn a ranker from the links: %.1f s (%d candidate pairs of %d pages), model "
                        + "%d trees, %d nodes, %.0f KB in the index; heap %d MB%n%s%n", secs,
                r.report().sample().rows(), r.report().sample().sources(),
                r.model() == null ? 0 : r.model().trees().size(), r.model() == null ? 0 : r.model().nodes(),
                r.encode().length() / 1024.0, h, r.report().summary());
        long u0 = System.nanoTime();
        Learning.train(idx, r, null);
        System.out.printf(Locale.ROOT, "the same site again (nothing to learn): %.1f s%n", (System.nanoTime() - u0) / 1e9);
    }

    static int parseCount(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        if (t.endsWith("k")) {
            return Integer.parseInt(t.substring(0, t.length() - 1)) * 1000;
        }
        if (t.endsWith("m")) {
            return Integer.parseInt(t.substring(0, t.length() - 1)) * 1_000_000;
        }
        return Integer.parseInt(t);
    }

    static void run(int n, VectorFormat format, Path dir, int planDonors, int queries, boolean drafts,
                    boolean optimize, boolean learn)
            throws Exception {
        System.out.printf(Locale.ROOT, "%n== %,d pages (%,d clusters) in %s%n", n, n / PAGES_PER_CLUSTER, dir);
        Synthetic syn = new Synthetic(n);
        long t0 = System.nanoTime();
        try (PageIndex idx = PageIndex.open(dir, syn, new IndexSettings(EmbedMode.BOTH, format, 10_000))) {
            SyncReport r = idx.sync(syn.pages(), true, m -> System.out.println("  " + m));
            double secs = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "index: %s in %.1f s (%.0f pages/s)%n", r, secs, n / secs);
            long m0 = System.nanoTime();
            idx.waitForMerges();
            System.out.printf(Locale.ROOT, "background merges finished %.1f s later; %d segments%n",
                    (System.nanoTime() - m0) / 1e9, idx.segments());
            if (optimize && idx.segments() > 1) {
                // The same measurements before and after, back to back, so the difference is the merge's.
                retrieval(idx, syn, queries, "before optimize, " + idx.segments() + " segments: ");
                if (planDonors > 0) {
                    plan(idx, syn, new Suggester(idx, SuggestSettings.DEFAULT), Math.min(20_000, planDonors),
                            "before optimize: ");
                }
                long o0 = System.nanoTime();
                idx.optimize();
                System.out.printf(Locale.ROOT, "optimize (force-merge to one segment): %.1f s; %d segments%n",
                        (System.nanoTime() - o0) / 1e9, idx.segments());
            }
            if (learn) {
                learn(idx);
            }
            System.out.printf(Locale.ROOT, "index size on disk: %.1f MB%n", size(dir) / 1e6);
            System.out.printf(Locale.ROOT, "heap used after indexing (after GC): %d MB%n", heapMb());

            Random rnd = retrieval(idx, syn, queries, "");

            Suggester sug = new Suggester(idx, SuggestSettings.DEFAULT);
            long s0 = System.nanoTime();
            sug.forUrl(syn.url(0), 5);
            System.out.printf(Locale.ROOT, "suggester warm-up (names of %,d pages, page infos): %.1f s, heap %d MB%n",
                    n, (System.nanoTime() - s0) / 1e9, heapMb());
            int sq = Math.min(queries, 500);
            for (int q = 0; q < sq / 2; q++) {
                sug.forUrl(syn.url(rnd.nextInt(n)), 5);
            }
            long[] full = new long[sq];
            for (int q = 0; q < sq; q++) {
                String url = syn.url(rnd.nextInt(n));
                long s = System.nanoTime();
                sug.forUrl(url, 5);
                full[q] = System.nanoTime() - s;
            }
            print("suggest for an indexed page (KNN+BM25+names, scored, anchors)", full);

            // The other way round: the pages that should link to a page (candidates about it, each scored as its own
            // suggestion of the page would be, anchors for the best).
            Inbound.Options in = Inbound.Options.of(5, Inbound.MIN_SIMILARITY);
            for (int q = 0; q < 10; q++) {
                sug.inbound(syn.url(rnd.nextInt(n)), in);
            }
            long[] inbound = new long[Math.min(sq, 200)];
            for (int q = 0; q < inbound.length; q++) {
                String url = syn.url(rnd.nextInt(n));
                long s = System.nanoTime();
                sug.inbound(url, in);
                inbound[q] = System.nanoTime() - s;
            }
            print("inbound suggestions for an indexed page (top 5 sources with their phrase)", inbound);

            // What 'linker eval' and 'linker tune' ask for each page: its links hidden, authority without them (the
            // first such page builds the link graph for that).
            long e0 = System.nanoTime();
            sug.candidates(syn.url(0), true, null, 10, false);
            System.out.printf(Locale.ROOT, "eval warm-up (the link graph of %,d pages, for authority without a page's "
                    + "links): %.1f s%n", n, (System.nanoTime() - e0) / 1e9);
            // The same pages with authority weighing nothing, which skips that step: the difference is its cost.
            Suggester plain = new Suggester(idx, SuggestSettings.DEFAULT.withWeights(
                    dev.linker.core.score.ScoreWeights.DEFAULT.with("authority", 0)));
            plain.candidates(syn.url(0), true, null, 10, false);
            long[] ev = new long[sq];
            long[] evPlain = new long[sq];
            for (int q = 0; q < sq; q++) {
                // Other pages for each (a page asked again would find its searches remembered).
                String url = syn.url(rnd.nextInt(n));
                long s = System.nanoTime();
                plain.candidates(url, true, null, 10, false);
                evPlain[q] = System.nanoTime() - s;
                url = syn.url(rnd.nextInt(n));
                s = System.nanoTime();
                sug.candidates(url, true, null, 10, false);
                ev[q] = System.nanoTime() - s;
            }
            print("evaluate an indexed page (its links hidden; top 10, no anchors)", ev);
            print("the same with authority weighing nothing (no authority without its links)", evPlain);

            if (drafts) {
                try (Embedder local = LocalMiniLmEmbedder.load()) {
                    int dq = 50;
                    for (int q = 0; q < 5; q++) {
                        local.embed(syn.text(q, q, 200));
                    }
                    long[] emb = new long[dq];
                    long[] ret = new long[dq];
                    for (int q = 0; q < dq; q++) {
                        String text = syn.text(rnd.nextInt(n / PAGES_PER_CLUSTER), rnd.nextLong(), 200);
                        long s = System.nanoTime();
                        float[] v = local.embed(text);
                        emb[q] = System.nanoTime() - s;
                        s = System.nanoTime();
                        idx.withView(x -> search(x.searcher(), v));
                        ret[q] = System.nanoTime() - s;
                    }
                    print("draft of 200 words: local embedding", emb);
                    print("draft of 200 words: retrieval with its embedding", ret);
                    long[] both = new long[dq];
                    for (int q = 0; q < dq; q++) {
                        both[q] = emb[q] + ret[q];
                    }
                    print("draft of 200 words: embedding + retrieval", both);
                }
                // The whole suggestion for a draft (synthetic embedder, so this is everything but the model).
                long[] dr = new long[Math.min(200, sq)];
                for (int q = 0; q < dr.length; q++) {
                    int c = rnd.nextInt(n / PAGES_PER_CLUSTER);
                    Draft d = Draft.of("Draft " + q, syn.text(c, rnd.nextLong(), 200));
                    long s = System.nanoTime();
                    sug.forDraft(d, 5);
                    dr[q] = System.nanoTime() - s;
                }
                print("suggest for a draft, model time excluded", dr);
            }

            if (planDonors > 0) {
                plan(idx, syn, sug, Math.min(planDonors, n), "");
            }
        }
        System.out.printf(Locale.ROOT, "peak heap (all pools): %d MB%n", peakMb());
    }

    /** Retrieval with a given vector: HNSW k=100 among live pages, after a warm-up (JIT, page cache). */
    static Random retrieval(PageIndex idx, Synthetic syn, int queries, String label) {
        int n = syn.n;
        Random rnd = new Random(7);
        for (int q = 0; q < queries / 2; q++) {
            float[] v = syn.vector(rnd.nextInt(n / PAGES_PER_CLUSTER), rnd.nextLong());
            idx.withView(x -> search(x.searcher(), v));
        }
        long[] knn = new long[queries];
        for (int q = 0; q < queries; q++) {
            float[] v = syn.vector(rnd.nextInt(n / PAGES_PER_CLUSTER), rnd.nextLong());
            long s = System.nanoTime();
            idx.withView(x -> search(x.searcher(), v));
            knn[q] = System.nanoTime() - s;
        }
        print(label + "retrieval, given vector (HNSW k=100)", knn);
        return rnd;
    }

    /** A plan from {@code donors} pages spread over the site to every page with at most one inbound link. */
    static void plan(PageIndex idx, Synthetic syn, Suggester sug, int donors, String label) {
        int n = syn.n;
        List<String> donorUrls = new ArrayList<>(donors);
        for (int i = 0; i < donors; i++) {
            donorUrls.add(syn.url((int) ((long) i * n / donors)));
        }
        Set<String> acceptors = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (syn.inbound(i) <= 1) {
                acceptors.add(syn.url(i));
            }
        }
        long p0 = System.nanoTime();
        Planner.Result plan = Planner.plan(sug, idx, donorUrls, acceptors,
                new PlanSettings(5, 5, 0.5, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05), null, null,
                m -> System.out.println("  plan: " + m));
        double ps = (System.nanoTime() - p0) / 1e9;
        System.out.printf(Locale.ROOT, "%splan: %,d donors -> %,d acceptors: %,d links in %.1f s (%.2f ms/donor), "
                + "heap after %d MB%n", label, donors, acceptors.size(), plan.links().size(), ps, ps * 1000 / donors,
                heapMb());
    }

    static Object search(org.apache.lucene.search.IndexSearcher s, float[] v) {
        try {
            return s.search(new KnnFloatVectorQuery(Fields.VECTOR, v, 100), 100);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void print(String what, long[] nanos) {
        long[] a = nanos.clone();
        Arrays.sort(a);
        System.out.printf(Locale.ROOT, "%s: p50 %.2f ms, p99 %.2f ms (n=%d)%n", what, a[a.length / 2] / 1e6,
                a[Math.min(a.length - 1, (int) Math.ceil(a.length * 0.99) - 1)] / 1e6, a.length);
    }

    static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        }
    }

    static long heapMb() {
        System.gc();
        Runtime r = Runtime.getRuntime();
        return (r.totalMemory() - r.freeMemory()) >> 20;
    }

    static long peakMb() {
        long sum = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum >> 20;
    }

    /**
     * Synthetic site: page i is in cluster i / 100; its text mixes the cluster's topic words with site-wide words;
     * its title is a rare two-word name other pages of the cluster mention; it links to 3 pages of its cluster.
     * The embedder maps a page's text back to its cluster centre plus noise, so vectors are clustered.
     */
    static final class Synthetic implements Embedder {
        final int n;
        final int clusters;
        final float[][] centres;

        Synthetic(int n) {
            this.n = n;
            this.clusters = Math.max(1, n / PAGES_PER_CLUSTER);
            Random r = new Random(42);
            centres = new float[clusters][];
            for (int c = 0; c < clusters; c++) {
                centres[c] = unit(gaussian(r));
            }
        }

        String url(int i) {
            int c = i / PAGES_PER_CLUSTER;
            return "https://big.example/s" + (c % 50) + "/c" + c + "/p" + i + ".html";
        }

        static String word(int w) {
            // Pronounceable, distinct tokens: "ka" "ro" ... syllables in base 20.
            String[] syl = {"ka", "ro", "mi", "te", "lu", "sa", "no", "vi", "de", "po", "ri", "ga", "be", "zu", "fa",
                    "ho", "ne", "ti", "mo", "ke"};
            StringBuilder sb = new StringBuilder();
            int x = w + 20;
            while (x > 0) {
                sb.append(syl[x % 20]);
                x /= 20;
            }
            return sb.toString();
        }

        /** Words of a cluster's topic: 40 words from the vocabulary, fixed per cluster. */
        int topicWord(int cluster, int k) {
            return (int) Math.floorMod((long) cluster * 7919 + k * 104_729L, VOCAB);
        }

        String name(int i) {
            return word(VOCAB + 2 * i) + " " + word(VOCAB + 2 * i + 1);
        }

        String text(int cluster, long seed, int words) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder("cluster" + cluster + ". ");
            for (int k = 0; k < words; k++) {
                int w = r.nextDouble() < 0.6 ? topicWord(cluster, r.nextInt(40)) : (int) (Math.pow(r.nextDouble(), 3) * VOCAB);
                sb.append(word(w));
                sb.append(k % 12 == 11 ? ". " : " ");
            }
            return sb.toString();
        }

        int inbound(int i) {
            return new Random(i * 31L + 5).nextInt(6);
        }

        PageRecord page(int i) {
            int c = i / PAGES_PER_CLUSTER;
            StringBuilder body = new StringBuilder(text(c, i, 150));
            List<String> links = new ArrayList<>();
            Random r = new Random(i);
            for (int k = 0; k < 3; k++) {
                int j = Math.min(n - 1, c * PAGES_PER_CLUSTER + r.nextInt(PAGES_PER_CLUSTER));
                if (j != i) {
                    links.add(url(j));
                    body.append(" See ").append(name(j)).append(" for more.");
                }
            }
            // Mention one more page of the cluster by name without linking it: a suggestion to find.
            int m = Math.min(n - 1, c * PAGES_PER_CLUSTER + r.nextInt(PAGES_PER_CLUSTER));
            body.append(" Compare ").append(name(m)).append('.');
            String u = url(i);
            return new PageRecord(u, new PageRecord.Text(capital(name(i)) + " — Big Example", capital(name(i)),
                    body.toString()), u.substring(u.indexOf("/s"), u.lastIndexOf('/') + 1), "",
                    new PageRecord.Standing(Status.LIVE, null, r.nextDouble(), inbound(i)), null,
                    PageRecord.Outbound.of(links), PageRecord.KnownAs.NONE);
        }

        Iterable<PageRecord> pages() {
            return new AbstractList<PageRecord>() {
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

        float[] vector(int cluster, long seed) {
            float[] g = gaussian(new Random(seed));
            float[] v = new float[DIM];
            for (int d = 0; d < DIM; d++) {
                v[d] = centres[cluster][d] + 0.06f * g[d];
            }
            return unit(v);
        }

        static String capital(String s) {
            return Character.toUpperCase(s.charAt(0)) + s.substring(1);
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

        @Override
        public String id() {
            return "bench:synthetic-" + DIM;
        }

        @Override
        public int dimension() {
            return DIM;
        }

        /** The cluster is the text's first token ("clusterN."); the noise is seeded by the text. */
        @Override
        public float[] embed(String text) {
            int at = text.indexOf("cluster");
            int c = 0;
            if (at >= 0) {
                int e = at + 7;
                while (e < text.length() && Character.isDigit(text.charAt(e))) {
                    e++;
                }
                if (e > at + 7) {
                    c = Integer.parseInt(text.substring(at + 7, e)) % clusters;
                }
            }
            return vector(c, text.hashCode());
        }
    }
}
