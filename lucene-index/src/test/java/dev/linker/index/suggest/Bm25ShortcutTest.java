package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.linker.core.score.ScoreComponents;
import dev.linker.core.score.ScoreWeights;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The ranking skips BM25 for candidates that cannot reach the shown pages (Ranker.needingBm25): it bounds a
 * candidate's score by its score without BM25 plus {@code weight × best possible lexical score}. That holds only while
 * {@link ScoreComponents#total} grows with the lexical component linearly, by its weight, whatever the other
 * components are. Change the formula and this fails before the shortcut goes quietly wrong.
 */
class Bm25ShortcutTest {
    @Test
    void the_total_grows_with_the_lexical_score_by_exactly_its_weight() {
        Random r = new Random(28);
        for (int i = 0; i < 10_000; i++) {
            ScoreWeights w = i == 0 ? ScoreWeights.DEFAULT : ScoreWeights.of(new double[] {r.nextDouble(),
                    r.nextDouble(), r.nextDouble(), r.nextDouble(), r.nextDouble(), r.nextDouble(), r.nextDouble(),
                    r.nextDouble(), r.nextDouble(), r.nextDouble()});
            double[] x = new double[10];
            for (int k = 0; k < x.length; k++) {
                x[k] = r.nextDouble();
            }
            double lexical = r.nextDouble();
            ScoreComponents without = components(0, x);
            ScoreComponents with = components(lexical, x);
            assertEquals(without.total(w) + w.lexical() * lexical, with.total(w), 1e-12, "weights " + w);
        }
    }

    /** Components with the given lexical part and the rest from {@code x[1..9]} in the order of the weights' keys. */
    private static ScoreComponents components(double lexical, double[] x) {
        return new ScoreComponents(new ScoreComponents.Similarity(lexical, x[1]),
                new ScoreComponents.Mention(x[2], x[8]), new ScoreComponents.Standing(x[3], x[4]),
                new ScoreComponents.Penalties(x[5], x[6]), x[7], x[9]);
    }
}
