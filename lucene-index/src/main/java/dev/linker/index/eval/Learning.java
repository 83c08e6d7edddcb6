package dev.linker.index.eval;

import dev.linker.core.embed.Embedder;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.Parallel;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A ranker learned from the site's own links, measured honestly. Each page with links is a query; its candidates are
 * what the engine retrieves for it with its own links hidden — they feed none of its rows' features (inbound counts,
 * authority, anchor names) — and, on a dated site, only the pages published by its date (what its author could link):
 * so the model learns which pages a site links, not that links point back in time, and plans that send old pages'
 * links to new ones are not turned against their purpose. Its opening is a second query, as a draft of it would be:
 * the editor's drafts are short, and a draft about a subject the site covers should be pointed to the page covering it.
 * Pages are split into folds; every page is ranked by a model fitted on the other folds only, so no page's links ever
 * train its own ranking. The model replaces the weights only where it beats them on those held-out pages by a margin
 * ({@link #decide}).
 */
public final class Learning {
    private Learning() {
    }

    /** Folds of the cross-validation (grouped by source page). */
    public static final int FOLDS = 5;
    /** Fewer links than this (among the candidates) teach too little to measure: the weights rank. */
    public static final int MIN_LINKS = 100;
    /** … and fewer pages with links than this. */
    public static final int MIN_SOURCES = 30;
    /** A large site learns from a sample of its pages with links (chosen by URL hash, so reruns take the same). */
    public static final int MAX_SOURCES = 3_000;
    /** Cross-validation's models fitted at a time (each on one thread, each with a copy of its rows). */
    static final int FITS = 2;
    /** Words of a page's opening, learned from as a draft of it (the editor's drafts are this short and shorter). */
    static final int OPENING_WORDS = 150;
    /** What an opening's query adds to its page's URL. */
    static final String OPENING = "#opening";
    /** XGBoost's settings: plain gradient-boosted trees on whether the page is linked, shallow and slow to learn. */
    public static final Trainer.Params PARAMS = new Trainer.Params("binary:logistic",
            new Trainer.Params.Trees(0.05, 3, 300, 1, 1), new Trainer.Params.Sampling(0.8, 0.8, 1));

    /**
     * Learns from the index's own links and decides whether the model ranks: the figures of the held-out pages, the
     * fitted model (on every sampled page) when there were links enough. {@code previous} with the same fingerprint
     * and feature set is returned as it is: an unchanged site is not learned again. The openings' vectors are kept
     * beside a folder index ({@link OpeningVectors}): learning again embeds only the openings whose text changed.
     */
    public static LearnedRanker train(PageIndex index, LearnedRanker previous, Consumer<String> progress) {
        long t0 = System.nanoTime();
        String fingerprint = fingerprint(index);
        if (previous != null && previous.features() == RankFeatures.VERSION
                && fingerprint.equals(previous.report().fingerprint())) {
            return previous;
        }
        return fit(read(index, fingerprint, MAX_SOURCES, false, progress), t0, progress);
    }

    /**
     * What learning read of a site (or of a part of it, Spark's block): the sampled pages with links, each with its
     * links; whether any has a date (then candidates are gathered as of each page's date); a fingerprint of what was
     * read ("" for a part of a site: nothing keeps it); the rows of their candidates (null when they were not
     * gathered: too few links); and the site's content pages, how many dated: whether the prior serves it
     * ({@link Prior.Census}).
     */
    public record Reading(Map<String, Set<String>> sample, boolean dated, String fingerprint, TrainingSet rows,
                          Prior.Census census) {
        /** The sampled pages' links. */
        public int links() {
            return sample.values().stream().mapToInt(Set::size).sum();
        }

        /** Whether they are links enough to learn from ({@link #MIN_SOURCES}, {@link #MIN_LINKS}). */
        public boolean enough() {
            return sample.size() >= MIN_SOURCES && links() >= MIN_LINKS;
        }
    }

    /**
     * Reads what learning needs of {@code index}: at most {@code maxSources} of its pages with links (sampled by URL
     * hash), and their candidates' rows — with {@code always}, even when they are too few to learn from alone (a part
     * of a site, whose rows are learned from with the other parts'). Its fingerprint is left empty.
     */
    public static Reading read(PageIndex index, int maxSources, boolean always, Consumer<String> progress) {
        // No fingerprint: only linker index keeps a ranker and asks whether its site changed since.
        return read(index, "", maxSources, always, progress);
    }

    private static Reading read(PageIndex index, String fingerprint, int maxSources, boolean always,
                                Consumer<String> progress) {
        // The whole site's links are read for the sample and let go before the suggester is built (on a catalogue
        // they are hundreds of megabytes).
        Evaluator.Gold gold = Evaluator.gold(index);
        Suggester suggester = new Suggester(index, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS)
                .withTargets(t -> t.withAsOfSourceDate(gold.dated() > 0)));
        Reading sampled = new Reading(sample(gold.links(), maxSources), gold.dated() > 0, fingerprint, null,
                suggester.census());
        if (sampled.sample().isEmpty() || !always && !sampled.enough()) {
            return sampled;
        }
        OpeningVectors openings = OpeningVectors.of(index);
        TrainingSet set = rows(suggester, sampled.sample(), openings != null, openings, progress);
        if (openings != null) {
            openings.save();
        }
        return new Reading(sampled.sample(), sampled.dated(), fingerprint, set, sampled.census());
    }

    /**
     * The ranker learned from what was read ({@code started}: when learning began, {@link System#nanoTime}): the
     * held-out figures and the decision ({@link #decide}), and the model fitted on every sampled page; with too few
     * links, no model and why.
     */
    public static LearnedRanker fit(Reading read, long started, Consumer<String> progress) {
        Map<String, Set<String>> sample = read.sample();
        int links = read.links();
        boolean asOf = read.dated();
        Prior prior = Prior.bundled();
        boolean serves = prior != null && read.census().priorServes();
        if (!read.enough() || read.rows() == null) {
            return new LearnedRanker(RankFeatures.VERSION, null, new LearnedRanker.Report(false,
                    "too few links to learn from: " + links + " links from " + sample.size() + " pages; "
                            + MIN_LINKS + " links from " + MIN_SOURCES + " pages are needed"
                            + (prior == null ? "" : "; " + read.census().why()),
                    new LearnedRanker.Report.Sample(sample.size(), links, 0, 0),
                    new LearnedRanker.Report.HeldOut(0, 0, 0, 0, RankerDecision.MARGIN), asOf, read.fingerprint(),
                    seconds(started),
                    serves ? LearnedRanker.Report.PRIOR : LearnedRanker.Report.WEIGHTS));
        }
        TrainingSet set = read.rows();
        if (progress != null) {
            progress.accept("learning from " + set.positives() + " links among " + set.rows() + " candidates of "
                    + sample.size() + " pages (" + FOLDS + " folds)");
        }
        CrossValidation cv = crossValidate(set, set, sample, FOLDS, PARAMS, 0);
        // The prior never saw this site's links (unless the site is one it learned from: then its figure is not held
        // out, and the site's own model is judged against the weights alone).
        Prior.Site trainedOn = prior == null ? null : prior.learnedFrom(sample.keySet());
        RankerDecision.PriorCheck pc = serves && trainedOn == null
                ? priorCheck(prior.model(), set, sample, cv) : null;
        RankerDecision d = RankerDecision.decide(cv.defaults(), cv.learned(), cv.standardError(), pc, serves,
                trainedOn);
        TreeModel model = Trainer.train(set.groups(), PARAMS);
        return new LearnedRanker(RankFeatures.VERSION, model, new LearnedRanker.Report(
                d.ranks().equals(LearnedRanker.Report.LEARNED), d.reason(),
                new LearnedRanker.Report.Sample(sample.size(), links, set.positives(), set.rows()),
                new LearnedRanker.Report.HeldOut(FOLDS, cv.defaults().recallAt5(), cv.learned().recallAt5(),
                        pc == null ? 0 : pc.prior().recallAt5(), RankerDecision.MARGIN),
                asOf, read.fingerprint(), seconds(started), d.ranks()));
    }

    private static double seconds(long t0) {
        return Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
    }

    /** At most {@code max} of the pages (by a hash of their URL), in URL order. */
    public static Map<String, Set<String>> sample(Map<String, Set<String>> gold, int max) {
        if (gold.size() <= max) {
            return gold;
        }
        Map<String, Integer> fold = folds(gold.keySet(), (gold.size() + max - 1) / max);
        Map<String, Set<String>> out = new TreeMap<>();
        gold.forEach((url, links) -> {
            if (fold.get(url) == 0 && out.size() < max) {
                out.put(url, links);
            }
        });
        return out;
    }

    /**
     * What learning reads of the index — every page's address, status, kind, date, category, text hash, links,
     * authority and Search Console queries — and how it learns, folded into one hash that does not depend on the pages'
     * order.
     */
    static String fingerprint(PageIndex index) {
        long[] sum = new long[2];
        index.forEachStored(Set.copyOf(FINGERPRINT_FIELDS), d -> {
            StringBuilder sb = new StringBuilder();
            for (String f : FINGERPRINT_FIELDS) {
                sb.append(f).append('=');
                String[] vs = d.getAll(f);
                Arrays.sort(vs);
                sb.append(String.join("\u001F", vs)).append('\u001E');
            }
            long h = hash(sb.toString());
            sum[0] += h;
            sum[1] += Long.rotateLeft(h, 17) * 0x9E3779B97F4A7C15L;
        });
        // How it learns is part of it: other settings learn again, and so does another prior (it takes part in the
        // decision).
        long how = hash(RankFeatures.VERSION + " " + PARAMS + " " + RankerDecision.MARGIN + " "
                + RankerDecision.STANDARD_ERRORS + " " + FOLDS + " "
                + MAX_SOURCES + " " + OPENING_WORDS + " " + (Prior.bundled() == null ? "" : Prior.bundled().id()));
        return Long.toHexString(sum[0]) + Long.toHexString(sum[1]) + Long.toHexString(how);
    }

    private static final List<String> FINGERPRINT_FIELDS = List.of(Fields.URL, Fields.STATUS, Fields.KIND,
            Fields.PUBLISHED, Fields.CATEGORY, Fields.HASH, Fields.LINKS, Fields.ALL_LINKS, Fields.AUTHORITY,
            Fields.QUERIES);

    /** 64 bits of a string: Lucene's MurmurHash3 with two seeds. */
    private static long hash(String s) {
        org.apache.lucene.util.BytesRef b = new org.apache.lucene.util.BytesRef(s);
        return (long) org.apache.lucene.util.StringHelper.murmurhash3_x86_32(b, 0x5EED) << 32
                | org.apache.lucene.util.StringHelper.murmurhash3_x86_32(b, 0x0BAD) & 0xFFFFFFFFL;
    }

    /** The rows for every source of the gold, each with its own links hidden (no openings: what evaluation judges). */
    public static TrainingSet rows(Suggester suggester, Map<String, Set<String>> gold, Consumer<String> progress) {
        return rows(suggester, gold, false, progress);
    }

    /**
     * The rows for every source of the gold, each with its own links hidden; with {@code openings}, also each page's
     * opening as a draft of it, whose positives are the page's links and the page itself (a draft about a subject the
     * site covers should be pointed to the page that covers it).
     */
    public static TrainingSet rows(Suggester suggester, Map<String, Set<String>> gold, boolean openings,
                                   Consumer<String> progress) {
        return rows(suggester, gold, openings, suggester.index().embedder(), progress);
    }

    /** As above, the openings embedded by {@code embedder} (one that keeps their vectors: {@link OpeningVectors}). */
    static TrainingSet rows(Suggester suggester, Map<String, Set<String>> gold, boolean openings, Embedder embedder,
                            Consumer<String> progress) {
        // The sources' candidates are gathered on every core (one suggester, read-only) and added in the gold's order:
        // the same set as on one thread.
        List<Map.Entry<String, Set<String>>> sources = new ArrayList<>(gold.entrySet());
        Gathered[] gathered = new Gathered[sources.size()];
        AtomicInteger done = new AtomicInteger();
        Parallel.run("linker-learn", sources.size(), Parallel.THREADS, i -> {
            String url = sources.get(i).getKey();
            // Only what the set keeps (addresses and features), not the suggestions around them.
            gathered[i] = new Gathered(Rows.of(suggester.scored(url, true)),
                    openings ? Rows.of(suggester.scoredOpening(url, OPENING_WORDS, embedder)) : null);
            int n = done.incrementAndGet();
            if (progress != null && n % 200 == 0) {
                synchronized (done) {
                    progress.accept(n + "/" + gold.size() + " pages' candidates gathered");
                }
            }
        });
        TrainingSet set = new TrainingSet();
        for (int i = 0; i < gathered.length; i++) {
            String url = sources.get(i).getKey();
            Set<String> links = sources.get(i).getValue();
            set.add(url, gathered[i].page().urls(), gathered[i].page().features(), links);
            if (openings) {
                Set<String> linked = new java.util.HashSet<>(links);
                linked.add(url);
                set.add(url, url + OPENING, gathered[i].opening().urls(), gathered[i].opening().features(), linked);
            }
            gathered[i] = null;
        }
        return set;
    }

    /** One source's candidates: as the page, and (when asked) as a draft of its opening. */
    private record Gathered(Rows page, Rows opening) {
    }

    /** Candidates' addresses and features, best first. */
    private record Rows(List<String> urls, List<float[]> features) {
        static Rows of(List<Suggester.Scored> scored) {
            return new Rows(scored.stream().map(s -> s.suggestion().url()).toList(),
                    scored.stream().map(Suggester.Scored::features).toList());
        }
    }

    /**
     * The learned ranker beside the weights under an evaluation's protocol ({@code suggester}'s settings): models
     * trained as {@link #train} trains them — on a dated site as of each page's date, with each page's opening — on
     * the other folds' pages, each page of {@code gold} (at most {@link #MAX_SOURCES}, sampled) ranked by one that
     * never saw it, its own links hidden from its features.
     */
    public static CrossValidation heldOut(Suggester suggester, Map<String, Set<String>> gold, boolean dated,
                                          Consumer<String> progress) {
        Map<String, Set<String>> sample = sample(gold, MAX_SOURCES);
        TrainingSet judged = rows(suggester, sample, progress);
        TrainingSet train = rows(suggester.with(suggester.settings().withTargets(t -> t.withAsOfSourceDate(
                dated || suggester.settings().targets().asOfSourceDate()))), sample,
                suggester.index().embedder() != null, progress);
        return crossValidate(train, judged, sample, FOLDS, PARAMS, 0);
    }

    /** Each source's fold: by a hash of its URL, so a rerun splits the same way. */
    public static Map<String, Integer> folds(Iterable<String> sources, int folds) {
        return folds(sources, folds, 0);
    }

    /** As above, another split for each {@code seed}. */
    public static Map<String, Integer> folds(Iterable<String> sources, int folds, int seed) {
        List<String> sorted = new ArrayList<>();
        sources.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt((String s) -> mix(s.hashCode() + seed * 0x61C88647)).thenComparing(s -> s));
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < sorted.size(); i++) {
            out.put(sorted.get(i), i % folds);
        }
        return out;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /**
     * Metrics of the weights' ranking and of the learned one, each source ranked by a model that never saw it.
     *
     * @param rows      candidate pairs
     * @param positives links among them
     */
    public record CrossValidation(Metrics defaults, Metrics learned, int folds, int rows, int positives,
                                  double standardError, Rankings rankings) {
        /** Each judged page's first ten by the weights. */
        Map<String, List<String>> byDefault() {
            return rankings.byDefault();
        }

        /** Each judged page's first ten by a model that never saw it. */
        Map<String, List<String>> byModel() {
            return rankings.byModel();
        }
    }

    /** The two rankings a cross-validation judged, each judged page's first ten. */
    public record Rankings(Map<String, List<String>> byDefault, Map<String, List<String>> byModel) {
    }

    /**
     * Models fitted on {@code trainRows} of the other folds rank each page of {@code set}; {@code gold} judges both
     * rankings (a page without candidates counts as all misses).
     */
    public static CrossValidation crossValidate(TrainingSet trainRows, TrainingSet set, Map<String, Set<String>> gold,
                                                int folds, Trainer.Params params, int seed) {
        Map<String, Integer> foldOf = folds(gold.keySet(), folds, seed);
        Map<String, List<String>> byDefault = new LinkedHashMap<>();
        Map<String, List<String>> byModel = new TreeMap<>();
        for (TrainingSet.Group g : set.pages()) {
            byDefault.put(g.source(), g.urls().subList(0, Math.min(10, g.urls().size())));
        }
        // Each fold's model on a thread of its own (XGBoost runs each fit on one: Trainer), two at a time: each holds
        // a copy of its rows.
        TreeModel[] models = new TreeModel[folds];
        Parallel.run("linker-fit", folds, Math.min(FITS, Parallel.THREADS),
                f -> models[f] = Trainer.train(trainRows.select(foldOf, f, false), params));
        for (int f = 0; f < folds; f++) {
            for (TrainingSet.Group g : set.select(foldOf, f, true)) {
                if (g.source().equals(g.query())) {
                    byModel.put(g.source(), top(models[f], g, 10));
                }
            }
        }
        return new CrossValidation(Evaluator.score(byDefault, gold, 10), Evaluator.score(byModel, gold, 10), folds,
                set.rows(), set.positives(), standardError(byDefault, byModel, gold),
                new Rankings(byDefault, byModel));
    }

    /** The prior ranking the judged pages' candidates: it never saw them, so no folds are needed. */
    static RankerDecision.PriorCheck priorCheck(TreeModel prior, TrainingSet set, Map<String, Set<String>> gold,
                                                CrossValidation cv) {
        Map<String, List<String>> byPrior = new TreeMap<>();
        for (TrainingSet.Group g : set.pages()) {
            byPrior.put(g.source(), top(prior, g, 10));
        }
        return new RankerDecision.PriorCheck(Evaluator.score(byPrior, gold, 10),
                standardError(byPrior, cv.byModel(), gold), standardError(byPrior, cv.byDefault(), gold));
    }

    /** The standard error of the mean per-page difference in recall@5 between two rankings. */
    static double standardError(Map<String, List<String>> a, Map<String, List<String>> b,
                                Map<String, Set<String>> gold) {
        int n = gold.size();
        if (n < 2) {
            return Double.POSITIVE_INFINITY;
        }
        double[] d = new double[n];
        int i = 0;
        double mean = 0;
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            d[i] = recallAt5(b.get(e.getKey()), e.getValue()) - recallAt5(a.get(e.getKey()), e.getValue());
            mean += d[i++] / n;
        }
        double var = 0;
        for (double x : d) {
            var += (x - mean) * (x - mean) / (n - 1);
        }
        return Math.sqrt(var / n);
    }

    private static double recallAt5(List<String> ranked, Set<String> relevant) {
        if (ranked == null) {
            return 0;
        }
        int hits = 0;
        for (int i = 0; i < Math.min(5, ranked.size()); i++) {
            hits += relevant.contains(ranked.get(i)) ? 1 : 0;
        }
        return (double) hits / relevant.size();
    }

    /** A group's candidates ranked by the model, best first (ties by URL, as suggestions are). */
    static List<String> top(TreeModel model, TrainingSet.Group g, int k) {
        return top(model::score, g, k);
    }

    /** The {@code k} best of a group's candidates by {@code scorer} (ties by URL). */
    public static List<String> top(java.util.function.ToDoubleFunction<float[]> scorer, TrainingSet.Group g, int k) {
        int n = g.urls().size();
        double[] score = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            score[i] = scorer.applyAsDouble(g.features().get(i));
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -score[i]).thenComparing(i -> g.urls().get(i)));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(k, n); i++) {
            out.add(g.urls().get(order[i]));
        }
        return out;
    }
}
