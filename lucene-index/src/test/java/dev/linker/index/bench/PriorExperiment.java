package dev.linker.index.bench;

import dev.linker.index.bench.PriorRows.Site;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.DraftEval;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.Learning;
import dev.linker.index.rank.RankFeature;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Not a test: a prior, a ranker learned from other sites' links, judged on sites it never saw (leave one group out): a
 * group is one source (a manual and its translations, one project's books), held out whole. Each site's rows are
 * gathered as {@code linker index} gathers them (openings included, as of each page's date on a dated site) and kept in
 * {@code -Dlinker.prior.cache} (default /tmp/linker-prior-rows), so variants are tried in seconds.
 * {@code -Dlinker.prior.sites=GROUP=IX,GROUP=IX,…} names indexes made by {@code linker index --no-learn}.
 * Figures: lucene-index/README.md, "A prior".
 * <pre>
 * bin/mvn21 -o test -pl lucene-index -Dtest=PriorExperiment -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dlinker.prior.sites=pg=/tmp/ix-pg,rust=/tmp/ix-rust,go=/tmp/ix-go
 * </pre>
 */
@EnabledIfSystemProperty(named = "linker.prior.sites", matches = ".+")
class PriorExperiment {

    @Test
    void leave_one_group_out() {
        List<Site> sites = PriorRows.sites();
        String variants = System.getProperty("linker.prior.variants", "raw");
        for (String v : variants.split(";")) {
            report(v, sites);
        }
    }

    private static void report(String variant, List<Site> sites) {
        UnaryOperator<List<TrainingSet.Group>> tf = transform(variant);
        boolean equal = variant.contains("equal");
        boolean undated = variant.contains("undated");
        Trainer.Params params = Learning.PARAMS;
        for (String part : variant.split("\\+")) {
            if (part.startsWith("obj:")) {
                params = new Trainer.Params(part.substring(4), params.trees(), params.sampling());
            } else if (part.startsWith("trees:")) {
                String[] t = part.substring(6).split(",");
                params = new Trainer.Params(params.objective(), new Trainer.Params.Trees(Double.parseDouble(t[0]),
                        Integer.parseInt(t[1]), Integer.parseInt(t[2]), params.trees().minChildWeight(),
                        params.trees().lambda()), params.sampling());
            }
        }
        if (undated) {
            sites = sites.stream().filter(s -> !s.dated()).toList();
        }
        Map<String, TreeModel> byGroup = new LinkedHashMap<>();
        String only = System.getProperty("linker.prior.only", "");
        List<String> groups = sites.stream().map(Site::group).distinct()
                .filter(g -> only.isBlank() || List.of(only.split(",")).contains(g)).toList();
        List<Site> all = sites;
        Trainer.Params fitParams = params;
        TreeModel[] models = new TreeModel[groups.size()];
        // Two fits at a time, each on one thread (as Learning's folds).
        dev.linker.index.Parallel.run("prior-fit", groups.size(), 2, gi -> {
            String held = groups.get(gi);
            List<TrainingSet.Group> train = new ArrayList<>();
            for (Site s : all) {
                if (!s.group().equals(held)) {
                    train.addAll(tf.apply(s.train()));
                }
            }
            models[gi] = Trainer.train(equal ? balanced(train, all, held, tf) : train, fitParams);
        });
        for (int gi = 0; gi < groups.size(); gi++) {
            byGroup.put(groups.get(gi), models[gi]);
        }
        double[] blends = {0};
        for (String part : variant.split("\\+")) {
            if (part.startsWith("blend:")) {
                blends = java.util.Arrays.stream(part.substring(6).split(",")).mapToDouble(Double::parseDouble)
                        .toArray();
            }
        }
        for (double blend : blends) {
            BLEND = blend;
            judge(variant + (blends.length > 1 || blend != 0 ? " λ=" + blend : ""), sites, byGroup, tf);
        }
        BLEND = 0;
    }

    private static void judge(String variant, List<Site> sites, Map<String, TreeModel> byGroup,
                              UnaryOperator<List<TrainingSet.Group>> tf) {
        System.err.printf("%n== variant %s ==%n", variant);
        double worst = Double.POSITIVE_INFINITY;
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (Site s : sites) {
            TreeModel m = byGroup.get(s.group());
            if (m == null) {
                continue;
            }
            double w = recall(null, s.judged(), s.gold(), tf);
            double p = recall(m, s.judged(), s.gold(), tf);
            String line = String.format(Locale.ROOT, "%-12s %-28s weights %.3f prior %.3f (%+.3f)", s.group(),
                    s.name(), w, p, p - w);
            worst = Math.min(worst, p - w);
            double[] sum = sums.computeIfAbsent(s.group(), k -> new double[3]);
            sum[0] += w;
            sum[1] += p;
            sum[2]++;
            if (s.dated()) {
                double wa = recall(null, s.judgedAsOf(), s.gold(), tf);
                double pa = recall(m, s.judgedAsOf(), s.gold(), tf);
                line += String.format(Locale.ROOT, "   as of: weights %.3f prior %.3f (%+.3f)", wa, pa, pa - wa);
                worst = Math.min(worst, pa - wa);
            }
            List<TrainingSet.Group> openings = s.train().stream().filter(g -> !g.query().equals(g.source())).toList();
            double wo = openingRecall(null, openings, s.gold(), tf);
            double po = openingRecall(m, openings, s.gold(), tf);
            line += String.format(Locale.ROOT, "   openings: weights %.3f prior %.3f (%+.3f)", wo, po, po - wo);
            System.err.println("PRIOR " + variant + " " + line);
        }
        drafts(variant, sites, byGroup);
        String debug = System.getProperty("linker.prior.debug", "");
        for (Site s : sites) {
            if (s.name().equals(debug)) {
                differences(s, byGroup.get(s.group()));
            }
        }
        sums.forEach((g, x) -> System.err.printf(Locale.ROOT, "PRIOR %s GROUP %-12s weights %.3f prior %.3f (%+.3f) over %d sites%n",
                variant, g, x[0] / x[2], x[1] / x[2], (x[1] - x[0]) / x[2], (int) x[2]));
        System.err.printf(Locale.ROOT, "PRIOR %s worst gain %+.3f%n", variant, worst);
    }

    /**
     * The draft sets of {@code -Dlinker.prior.drafts=SITE=FILE,…} (SITE: an index folder's name), through the draft
     * engine as the editor sends them: by the weights, and by the prior that never saw the site's group.
     */
    private static void drafts(String variant, List<Site> sites, Map<String, TreeModel> byGroup) {
        String spec = System.getProperty("linker.prior.drafts", "");
        if (spec.isBlank() || !variant.equals(variant.replaceAll("pct:[0-9,]+|mask:[0-9,]+", ""))) {
            return; // a transformed variant's model cannot rank through the engine
        }
        Map<String, String> dirs = new LinkedHashMap<>();
        for (String d : System.getProperty("linker.prior.sites").split(",")) {
            String dir = d.split("=", 2)[1];
            dirs.put(Path.of(dir).getFileName().toString(), dir);
        }
        try (Embedder e = LocalMiniLmEmbedder.load()) {
            for (String one : spec.split(",")) {
                String[] sf = one.split("=", 2);
                Site site = sites.stream().filter(x -> x.name().equals(sf[0])).findFirst().orElseThrow();
                List<DraftEval.Case> cases = DraftEval.read(Path.of(sf[1]));
                try (PageIndex i = PageIndex.openReadOnly(Path.of(dirs.get(sf[0])), e)) {
                    DraftEval.Result w = DraftEval.run(DraftEngine.create(i, SuggestSettings.DEFAULT
                            .withRanking(Ranking.WEIGHTS), 10_000, 0), cases);
                    DraftEval.Result p = DraftEval.run(DraftEngine.create(i, SuggestSettings.DEFAULT
                            .withRanking(Ranking.of(ranker(byGroup.get(site.group())))), 10_000, 0), cases);
                    System.err.printf(Locale.ROOT, "PRIOR %s DRAFTS %s: weights top5 %d acceptable %d / prior top5 %d "
                            + "acceptable %d (of %d)%n", variant, sf[0], w.found(), w.acceptable(), p.found(),
                            p.acceptable(), w.drafts());
                }
            }
        }
    }

    private static dev.linker.index.rank.LearnedRanker ranker(TreeModel m) {
        return new dev.linker.index.rank.LearnedRanker(RankFeatures.VERSION, m,
                new dev.linker.index.rank.LearnedRanker.Report(true, "prior",
                        new dev.linker.index.rank.LearnedRanker.Report.Sample(0, 0, 0, 0),
                        new dev.linker.index.rank.LearnedRanker.Report.HeldOut(0, 0, 0, 0, 0), false, "", 0,
                        dev.linker.index.rank.LearnedRanker.Report.PRIOR));
    }

    /** Each site's rows weighted alike: a site's groups repeated so that sites count the same (approximately). */
    private static List<TrainingSet.Group> balanced(List<TrainingSet.Group> all, List<Site> sites, String held,
                                                    UnaryOperator<List<TrainingSet.Group>> tf) {
        int most = sites.stream().filter(s -> !s.group().equals(held)).mapToInt(s -> s.train().size()).max().orElse(1);
        List<TrainingSet.Group> out = new ArrayList<>();
        for (Site s : sites) {
            if (s.group().equals(held)) {
                continue;
            }
            List<TrainingSet.Group> g = tf.apply(s.train());
            int times = Math.max(1, Math.round((float) most / g.size()));
            for (int i = 0; i < times; i++) {
                out.addAll(g);
            }
        }
        return out;
    }

    /** recall@5 of the groups ranked by {@code model} (null: the weights' order), pages without candidates missing. */
    static double recall(TreeModel model, List<TrainingSet.Group> judged, Map<String, Set<String>> gold,
                         UnaryOperator<List<TrainingSet.Group>> tf) {
        Map<String, List<String>> ranked = new TreeMap<>();
        List<TrainingSet.Group> groups = model == null ? judged : tf.apply(judged);
        for (TrainingSet.Group g : groups) {
            ranked.put(g.source(), model == null ? g.urls().subList(0, Math.min(10, g.urls().size()))
                    : top(model, g, 10));
        }
        Map<String, Set<String>> judgedGold = new TreeMap<>();
        for (TrainingSet.Group g : judged) {
            judgedGold.put(g.source(), gold.get(g.source()));
        }
        return Evaluator.score(ranked, judgedGold, 10).recallAt5();
    }

    /** Each page the weights and the prior rank differently in their top 5: the gold links each finds, and the rows. */
    private static void differences(Site s, TreeModel m) {
        for (TrainingSet.Group g : s.judged()) {
            List<String> w = g.urls().subList(0, Math.min(5, g.urls().size()));
            List<String> p = top(m, g, 5);
            Set<String> gold = s.gold().get(g.source());
            long hw = w.stream().filter(gold::contains).count();
            long hp = p.stream().filter(gold::contains).count();
            if (hw == hp) {
                continue;
            }
            System.err.printf("DIFF %s: gold %s%n  weights %d %s%n  prior   %d %s%n", g.source(), gold, hw, w, hp, p);
            for (int i = 0; i < Math.min(10, g.urls().size()); i++) {
                float[] x = g.features().get(i);
                StringBuilder sb = new StringBuilder();
                for (int f = 0; f < x.length; f++) {
                    sb.append(RankFeatures.NAMES.get(f)).append('=').append(String.format(Locale.ROOT, "%.3g", x[f]))
                            .append(' ');
                }
                System.err.printf("  %s%d %s prior=%.3f %s%n", gold.contains(g.urls().get(i)) ? "*" : " ", i,
                        g.urls().get(i), m.score(x), sb);
            }
        }
    }

    /** recall@5 of openings as drafts: the page itself and its links are wanted. */
    static double openingRecall(TreeModel model, List<TrainingSet.Group> openings, Map<String, Set<String>> gold,
                                UnaryOperator<List<TrainingSet.Group>> tf) {
        Map<String, List<String>> ranked = new TreeMap<>();
        Map<String, Set<String>> wanted = new TreeMap<>();
        List<TrainingSet.Group> groups = model == null ? openings : tf.apply(openings);
        for (TrainingSet.Group g : groups) {
            ranked.put(g.source(), model == null ? g.urls().subList(0, Math.min(10, g.urls().size()))
                    : top(model, g, 10));
            Set<String> w = new HashSet<>(gold.get(g.source()));
            w.add(g.source());
            wanted.put(g.source(), w);
        }
        return Evaluator.score(ranked, wanted, 10).recallAt5();
    }

    /** A blend of the prior's margin and the weights' score (0: the prior alone), for the "blend:" variants. */
    static double BLEND = 0;

    static List<String> top(TreeModel model, TrainingSet.Group g, int k) {
        return Learning.top(BLEND == 0 ? model::score
                : x -> model.margin(x) + BLEND * x[RankFeature.DEFAULT_SCORE.ordinal()], g, k);
    }

    /** A variant's rows: "raw", "mask:3,11", "pct" (every feature as its share of the query's candidates below it). */
    static UnaryOperator<List<TrainingSet.Group>> transform(String variant) {
        UnaryOperator<List<TrainingSet.Group>> t = g -> g;
        for (String part : variant.split("\\+")) {
            if (part.startsWith("mask:")) {
                Set<Integer> idx = new HashSet<>();
                for (String s : part.substring(5).split(",")) {
                    idx.add(Integer.parseInt(s.strip()));
                }
                t = then(t, rows -> map(rows, (x, all) -> {
                    float[] y = x.clone();
                    idx.forEach(i -> y[i] = Float.NaN);
                    return y;
                }));
            } else if (part.startsWith("pct:")) {
                Set<Integer> idx = new HashSet<>();
                for (String s : part.substring(4).split(",")) {
                    idx.add(Integer.parseInt(s.strip()));
                }
                t = then(t, rows -> percentiles(rows, idx));
            }
        }
        return t;
    }

    private static UnaryOperator<List<TrainingSet.Group>> then(UnaryOperator<List<TrainingSet.Group>> a,
                                                              UnaryOperator<List<TrainingSet.Group>> b) {
        return g -> b.apply(a.apply(g));
    }

    interface RowMap {
        float[] apply(float[] row, List<float[]> all);
    }

    private static List<TrainingSet.Group> map(List<TrainingSet.Group> groups, RowMap f) {
        List<TrainingSet.Group> out = new ArrayList<>(groups.size());
        for (TrainingSet.Group g : groups) {
            List<float[]> rows = new ArrayList<>(g.features().size());
            for (float[] x : g.features()) {
                rows.add(f.apply(x, g.features()));
            }
            out.add(new TrainingSet.Group(g.source(), g.query(), g.urls(), rows, g.linked()));
        }
        return out;
    }

    /** The features {@code idx} as each candidate's share of its query's candidates with a lower value. */
    private static List<TrainingSet.Group> percentiles(List<TrainingSet.Group> groups, Set<Integer> idx) {
        List<TrainingSet.Group> out = new ArrayList<>(groups.size());
        for (TrainingSet.Group g : groups) {
            int n = g.features().size();
            List<float[]> rows = new ArrayList<>(n);
            for (float[] x : g.features()) {
                rows.add(x.clone());
            }
            for (int f : idx) {
                for (int i = 0; i < n; i++) {
                    float v = g.features().get(i)[f];
                    if (Float.isNaN(v)) {
                        continue;
                    }
                    int below = 0;
                    int valid = 0;
                    for (int j = 0; j < n; j++) {
                        float u = g.features().get(j)[f];
                        if (!Float.isNaN(u)) {
                            valid++;
                            below += u < v ? 1 : 0;
                        }
                    }
                    rows.get(i)[f] = valid <= 1 ? 0.5f : (float) below / (valid - 1);
                }
            }
            out.add(new TrainingSet.Group(g.source(), g.query(), g.urls(), rows, g.linked()));
        }
        return out;
    }
}
