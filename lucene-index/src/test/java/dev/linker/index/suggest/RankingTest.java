package dev.linker.index.suggest;

import dev.linker.core.result.LinkerException;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.rank.TreeModelTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which model each ranking asks for: auto keeps what learning decided (the site's model, the prior or the weights) and
 * lets the site's census decide where nothing was decided; learned and prior force theirs; weights none.
 */
class RankingTest {
    private static final TreeModel MODEL = Trainer.train(TreeModelTest.synthetic(7).groups(), TreeModelTest.SMALL);
    private static final TreeModel PRIOR = Prior.bundled().model();
    /** A model that lost on held-out pages, to the weights or to the prior. */
    private static final LearnedRanker LOST = ranker(false, LearnedRanker.Report.WEIGHTS);
    private static final LearnedRanker LOST_TO_PRIOR = ranker(false, LearnedRanker.Report.PRIOR);
    private static final LearnedRanker WON = ranker(true, LearnedRanker.Report.LEARNED);
    /** Learned before there was a prior: no decision about it. */
    private static final LearnedRanker OLD = ranker(false, null);

    private static LearnedRanker ranker(boolean used, String ranks) {
        return new LearnedRanker(RankFeatures.VERSION, MODEL, TreeModelTest.report(used, ranks));
    }

    @Test
    void auto_ranks_pages_by_what_learning_chose_and_else_by_the_prior_on_a_site_of_undated_pages() {
        assertSame(MODEL, Ranking.AUTO.model(WON, true));
        assertSame(MODEL, Ranking.AUTO.model(WON, false), "the site's own model wherever it won");
        assertSame(PRIOR, Ranking.AUTO.model(LOST_TO_PRIOR, true));
        assertNull(Ranking.AUTO.model(LOST, true), "where the site's links showed the weights better");
        assertSame(PRIOR, Ranking.AUTO.model(null, true), "nothing learned, undated pages: the prior");
        assertNull(Ranking.AUTO.model(null, false), "nothing learned, dated pages (a blog): the weights");
        assertSame(PRIOR, Ranking.AUTO.model(OLD, true), "a decision from before the prior: the census decides");
        assertNull(Ranking.AUTO.model(OLD, false));
        LearnedRanker older = new LearnedRanker(RankFeatures.VERSION - 1, MODEL, TreeModelTest.report(false,
                LearnedRanker.Report.WEIGHTS));
        assertSame(PRIOR, Ranking.AUTO.model(older, true), "another feature version decided nothing usable");
        LearnedRanker fewLinks = new LearnedRanker(RankFeatures.VERSION, null, TreeModelTest.report(false,
                LearnedRanker.Report.WEIGHTS));
        assertSame(PRIOR, Ranking.AUTO.model(fewLinks, true), "too few links decided nothing: the site as it is now");
        assertNull(Ranking.AUTO.model(fewLinks, false));
    }

    @Test
    void learned_prior_and_weights_force_theirs_for_pages_and_drafts() {
        assertSame(MODEL, Ranking.LEARNED.model(LOST, true));
        assertSame(MODEL, Ranking.LEARNED.draftModel(LOST, false), "drafts too");
        assertSame(PRIOR, Ranking.PRIOR.model(WON, false), "the prior whatever the site");
        assertSame(PRIOR, Ranking.PRIOR.draftModel(WON, false));
        assertNull(Ranking.WEIGHTS.model(WON, true));
        assertNull(Ranking.WEIGHTS.draftModel(null, true));
    }

    @Test
    void auto_ranks_drafts_by_the_prior_only_where_it_measured_better_on_drafts() {
        assertNull(Ranking.AUTO.draftModel(WON, false), "a site's own model never ranks drafts by itself");
        assertNull(Ranking.AUTO.draftModel(null, false), "dated pages: the weights");
        assertSame(Prior.bundled().drafts() ? PRIOR : null, Ranking.AUTO.draftModel(null, true));
        assertNull(Ranking.AUTO.draftModel(LOST, true), "the weights where the site showed them better");
    }

    @Test
    void a_ranker_given_from_elsewhere_takes_the_index_s_place() {
        assertSame(MODEL, Ranking.of(WON).model(null, false));
        assertNull(Ranking.of(LOST).model(LOST_TO_PRIOR, true), "its decision, not the index's");
        assertSame(PRIOR, Ranking.of(LOST_TO_PRIOR).model(null, false), "its decision for the prior holds");
        assertSame(MODEL, Ranking.of(WON).draftModel(null, false), "a given model ranks drafts too");
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
        assertDoesNotThrow(() -> Ranking.PRIOR.check(null, "/idx"));
        assertNotNull(Prior.bundled(), "this build carries a prior");
    }
}
