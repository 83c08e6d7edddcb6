package dev.linker.index.rank;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The trees XGBoost fits, applied in plain Java, stored and read back. */
public class TreeModelTest {
    public static final Trainer.Params SMALL = new Trainer.Params("binary:logistic",
            new Trainer.Params.Trees(0.1, 3, 40, 1, 1), new Trainer.Params.Sampling(0.8, 0.8, 1));

    /** Groups whose linked candidate has a high first feature, with missing values and ties at the thresholds. */
    public static TrainingSet synthetic(long seed) {
        Random r = new Random(seed);
        TrainingSet set = new TrainingSet();
        for (int g = 0; g < 40; g++) {
            List<String> urls = new ArrayList<>();
            List<float[]> rows = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                float[] f = new float[RankFeatures.COUNT];
                for (int j = 0; j < f.length; j++) {
                    f[j] = r.nextInt(10) == 0 ? Float.NaN : Math.round(r.nextFloat() * 8) / 8f;
                }
                f[0] = i == 0 ? 0.9f + r.nextFloat() / 10 : r.nextFloat() * 0.95f;
                urls.add("/g" + g + "/c" + i);
                rows.add(f);
            }
            set.add("/g" + g, urls, rows, Set.of("/g" + g + "/c0"));
        }
        return set;
    }

    @Test
    void the_java_trees_score_every_row_as_xgboost_does_missing_values_and_ties_included() {
        // Trainer checks every training row against the booster's own margins and fails on a difference.
        TreeModel m = Trainer.train(synthetic(1).groups(), SMALL);
        assertEquals(40, m.trees().size());
        TrainingSet.Group g = synthetic(2).groups().get(0);
        assertTrue(m.score(g.features().get(0)) > m.score(g.features().get(5)), "the model learned the first feature");
        float[] allMissing = new float[RankFeatures.COUNT];
        java.util.Arrays.fill(allMissing, Float.NaN);
        double s = m.score(allMissing);
        assertTrue(s > 0 && s < 1, "a row of missing values follows each node's missing branch: " + s);
    }

    @Test
    void the_same_rows_train_the_same_trees() {
        TreeModel a = Trainer.train(synthetic(3).groups(), SMALL);
        TreeModel b = Trainer.train(synthetic(3).groups(), SMALL);
        LearnedRanker ra = ranker(a);
        LearnedRanker rb = ranker(b);
        assertEquals(ra.toJson(), rb.toJson());
    }

    @Test
    void a_learned_ranker_survives_its_compact_text_and_a_damaged_text_is_refused() {
        TreeModel m = Trainer.train(synthetic(4).groups(), SMALL);
        LearnedRanker r = ranker(m);
        String text = r.encode();
        assertTrue(text.startsWith("gz:") && text.length() < r.toJson().length(), "gzipped: " + text.length());
        LearnedRanker back = LearnedRanker.decode(text);
        assertEquals(r.toJson(), back.toJson());
        for (TrainingSet.Group g : synthetic(5).groups()) {
            for (float[] f : g.features()) {
                assertEquals(m.margin(f), back.model().margin(f), 0.0);
            }
        }
        assertTrue(back.used());
        assertThrows(IllegalArgumentException.class, () -> LearnedRanker.decode(text.substring(0, text.length() / 2)));
        assertThrows(IllegalArgumentException.class, () -> LearnedRanker.decode("{}"));
    }

    @Test
    void a_ranker_without_a_model_or_of_another_feature_set_is_never_used() {
        LearnedRanker none = new LearnedRanker(RankFeatures.VERSION, null, report(true));
        assertTrue(!none.used());
        assertNull(none.model());
        TreeModel m = Trainer.train(synthetic(6).groups(), SMALL);
        assertTrue(!new LearnedRanker(RankFeatures.VERSION + 1, m, report(true)).used());
        assertTrue(!new LearnedRanker(RankFeatures.VERSION, m, report(false)).used());
    }

    static LearnedRanker ranker(TreeModel m) {
        return new LearnedRanker(RankFeatures.VERSION, m, report(true));
    }

    public static LearnedRanker.Report report(boolean used) {
        return report(used, used ? LearnedRanker.Report.LEARNED : LearnedRanker.Report.WEIGHTS);
    }

    /** A report whose decision is {@code ranks}. */
    public static LearnedRanker.Report report(boolean used, String ranks) {
        return new LearnedRanker.Report(used, "test", new LearnedRanker.Report.Sample(40, 40, 40, 480),
                new LearnedRanker.Report.HeldOut(5, 0.5, 0.7, 0, 0.01), false, "f", 0.1, ranks);
    }
}
