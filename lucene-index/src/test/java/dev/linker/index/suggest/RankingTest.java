package dev.linker.index.suggest;

import dev.linker.core.result.LinkerException;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.rank.TreeModelTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which model each ranking asks for: auto keeps the held-out decision, learned forces the model, weights none. */
class RankingTest {
    private static final TreeModel MODEL = Trainer.train(TreeModelTest.synthetic(7).groups(), TreeModelTest.SMALL);
    /** A model that lost to the weights on held-out pages: stored, not used. */
    private static final LearnedRanker LOST = new LearnedRanker(RankFeatures.VERSION, MODEL, TreeModelTest.report(false));
    private static final LearnedRanker WON = new LearnedRanker(RankFeatures.VERSION, MODEL, TreeModelTest.report(true));

    @Test
    void learned_ranks_with_the_stored_model_even_where_it_lost_to_the_weights() {
        assertSame(MODEL, Ranking.LEARNED.model(LOST));
        assertSame(MODEL, Ranking.LEARNED.forDrafts().model(LOST), "drafts too");
        assertNull(Ranking.AUTO.model(LOST), "auto keeps the held-out decision");
        assertNull(Ranking.AUTO.forDrafts().model(WON), "auto ranks drafts by the weights");
        assertSame(MODEL, Ranking.AUTO.model(WON));
        assertNull(Ranking.WEIGHTS.model(WON));
        assertNull(Ranking.of(LOST).model(null), "a ranker given from elsewhere keeps its decision");
    }

    @Test
    void learned_over_an_index_without_a_model_is_refused_naming_the_index_and_why() {
        LearnedRanker none = new LearnedRanker(RankFeatures.VERSION, null, TreeModelTest.report(false));
        LearnedRanker older = new LearnedRanker(RankFeatures.VERSION - 1, MODEL, TreeModelTest.report(true));
        String never = assertThrows(LinkerException.class, () -> Ranking.LEARNED.check(null, "/idx")).getMessage();
        assertTrue(never.startsWith("/idx: --ranker learned, but the index has not learned a ranker"), never);
        String few = assertThrows(LinkerException.class, () -> Ranking.LEARNED.check(none, "/idx")).getMessage();
        assertTrue(few.contains("learned no model (test)"), few);
        String old = assertThrows(LinkerException.class, () -> Ranking.LEARNED.check(older, "/idx")).getMessage();
        assertTrue(old.contains("features version " + (RankFeatures.VERSION - 1)), old);
        assertDoesNotThrow(() -> Ranking.LEARNED.check(LOST, "/idx"));
        assertDoesNotThrow(() -> Ranking.AUTO.check(null, "/idx"));
        assertDoesNotThrow(() -> Ranking.WEIGHTS.check(none, "/idx"));
    }
}
