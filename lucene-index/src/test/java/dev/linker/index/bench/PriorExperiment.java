package dev.linker.index.bench;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.Learning;
import dev.linker.index.eval.Metrics;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Not a test: a prior, a ranker learned from other sites' links, judged on a site it never saw (leave one site out):
 * trained on every site's rows but one (as {@code linker index} gathers them, openings included), it ranks that one's
 * pages, each with its own links hidden, beside the weights. {@code -Dlinker.prior.sites=IX1,IX2,…} names indexes made
 * by {@code linker index}; {@code -Dlinker.prior.masks="3,11;2,3"} also tries models blind to those features
 * (indexes into {@link RankFeatures#NAMES}, separated by ";"). Figures: lucene-index/README.md, "A prior".
 * <pre>
 * bin/mvn21 -o test -pl lucene-index -Dtest=PriorExperiment -Dlinker.prior.sites=/tmp/ix-pg,/tmp/ix-rust,/tmp/ix-go
 * </pre>
 */
@EnabledIfSystemProperty(named = "linker.prior.sites", matches = ".+")
class PriorExperiment {
    @Test
    void leave_one_site_out() {
        String[] dirs = System.getProperty("linker.prior.sites").split(",");
        String[] masks = System.getProperty("linker.prior.masks", "").split(";", -1);
        try (Embedder e = LocalMiniLmEmbedder.load()) {
            Map<String, PageIndex> idx = new LinkedHashMap<>();
            Map<String, Map<String, Set<String>>> gold = new LinkedHashMap<>();
            Map<String, Boolean> dated = new LinkedHashMap<>();
            Map<String, List<TrainingSet.Group>> rows = new LinkedHashMap<>();
            for (String d : dirs) {
                PageIndex i = PageIndex.openReadOnly(Path.of(d), e);
                idx.put(d, i);
                Evaluator.Gold g = Evaluator.gold(i);
                gold.put(d, g.links());
                dated.put(d, g.dated() > 0);
                Suggester s = new Suggester(i, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS)
                        .withTargets(t -> t.withAsOfSourceDate(g.dated() > 0)));
                long t0 = System.nanoTime();
                TrainingSet set = Learning.rows(s, Learning.sample(g.links(), Learning.MAX_SOURCES), true, null);
                rows.put(d, set.groups());
                System.err.printf("%s: %d rows, %d positives in %.0f s%n", d, set.rows(), set.positives(),
                        (System.nanoTime() - t0) / 1e9);
            }
            for (String mask : masks) {
                for (String held : dirs) {
                    leaveOut(held, mask, rows, idx, gold, dated);
                }
            }
            idx.values().forEach(PageIndex::close);
        }
    }

    private static void leaveOut(String held, String mask, Map<String, List<TrainingSet.Group>> rows,
                                 Map<String, PageIndex> idx, Map<String, Map<String, Set<String>>> gold,
                                 Map<String, Boolean> dated) {
        List<TrainingSet.Group> train = new ArrayList<>();
        rows.forEach((d, g) -> {
            if (!d.equals(held)) {
                train.addAll(masked(g, mask));
            }
        });
        TreeModel m = Trainer.train(train, Learning.PARAMS);
        LearnedRanker prior = new LearnedRanker(RankFeatures.VERSION, m, new LearnedRanker.Report(true,
                "prior", new LearnedRanker.Report.Sample(0, 0, 0, 0), new LearnedRanker.Report.HeldOut(0, 0, 0, 0),
                false, "", 0));
        for (boolean asOf : dated.get(held) ? new boolean[] {false, true} : new boolean[] {false}) {
            SuggestSettings st = SuggestSettings.DEFAULT.withTargets(t -> t.withAsOfSourceDate(asOf));
            Metrics w = Evaluator.run(new Suggester(idx.get(held), st.withRanking(Ranking.WEIGHTS)),
                    gold.get(held), 10, null);
            Metrics p = Evaluator.run(new Suggester(idx.get(held), st.withRanking(Ranking.of(prior))),
                    gold.get(held), 10, null);
            System.err.printf("PRIOR held out %s%s: weights %.3f prior %.3f (%+.3f) mask=%s%n", held,
                    asOf ? " as of" : "", w.recallAt5(), p.recallAt5(), p.recallAt5() - w.recallAt5(), mask);
        }
    }

    /** The groups with the masked features (comma-separated indexes) as missing values. */
    static List<TrainingSet.Group> masked(List<TrainingSet.Group> groups, String mask) {
        if (mask.isBlank()) {
            return groups;
        }
        List<Integer> idx = new ArrayList<>();
        for (String s : mask.split(",")) {
            idx.add(Integer.parseInt(s.strip()));
        }
        List<TrainingSet.Group> out = new ArrayList<>();
        for (TrainingSet.Group g : groups) {
            List<float[]> f = new ArrayList<>();
            for (float[] x : g.features()) {
                float[] y = x.clone();
                idx.forEach(i -> y[i] = Float.NaN);
                f.add(y);
            }
            out.add(new TrainingSet.Group(g.source(), g.query(), g.urls(), f, g.linked()));
        }
        return out;
    }
}
