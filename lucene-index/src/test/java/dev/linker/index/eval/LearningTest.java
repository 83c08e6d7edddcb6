package dev.linker.index.eval;

import dev.linker.index.IndexSettings;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.RankFeature;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A ranker learned from a site's own links: honest folds, no leak into a page's own rows, fallback, storage. */
class LearningTest {
    private static final String ESPRESSO = "https://brew.example/guides/espresso.html";

    @Test
    void a_pages_own_links_feed_none_of_its_rows_inbound_counts_and_authority_are_taken_without_them() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
            Set<String> own = Evaluator.goldLinks(idx).get(ESPRESSO);
            int checked = 0;
            for (Suggester.Scored row : s.scored(ESPRESSO, true)) {
                String url = row.suggestion().url();
                int stored = idx.get(url).inbound();
                int expected = own.contains(url) ? stored - 1 : stored;
                assertEquals((float) Math.log1p(expected), row.features()[RankFeature.INBOUND.ordinal()], 1e-6,
                        url + ": the source's own link must not count towards its target's inbound links");
                if (own.contains(url)) {
                    assertTrue(row.suggestion().components().authority() < idx.get(url).authority(), url);
                    checked++;
                }
            }
            assertEquals(own.size(), checked, "every hidden link's target is a candidate");
        }
    }

    @Test
    void each_pages_opening_is_learned_as_a_draft_of_it_that_should_be_pointed_to_the_page_itself() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
            Map<String, Set<String>> gold = Evaluator.goldLinks(idx);
            TrainingSet set = Learning.rows(s, gold, true, null);
            assertEquals(2 * gold.size(), set.groups().size());
            assertEquals(gold.size(), set.pages().size(), "only whole pages are judged");
            for (TrainingSet.Group g : set.groups()) {
                boolean opening = !g.query().equals(g.source());
                int self = g.urls().indexOf(g.source());
                assertEquals(opening, self >= 0, g.query() + ": a page is a candidate of its opening only");
                if (opening) {
                    assertTrue(g.linked()[self], g.query());
                    assertTrue(Float.isNaN(g.features().get(self)[RankFeature.DATE_GAP.ordinal()]),
                            "a draft has no date yet");
                }
            }
        }
    }

    /**
     * Each source's linked candidate can only be told by a code known from that source's own rows: a model that saw
     * them finds it, a model that did not is left to chance. Cross-validation must be the second kind.
     */
    @Test
    void no_page_is_ranked_by_a_model_that_learned_from_its_links() {
        Random r = new Random(7);
        TrainingSet set = new TrainingSet();
        Map<String, Set<String>> gold = new HashMap<>();
        for (int g = 0; g < 60; g++) {
            String source = "/s" + g;
            float code = r.nextFloat();
            List<String> urls = new ArrayList<>();
            List<float[]> rows = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                float[] f = new float[RankFeatures.COUNT];
                f[RankFeature.SOURCE_WORDS.ordinal()] = g;
                f[RankFeature.COSINE.ordinal()] = i == 0 ? code : r.nextFloat();
                urls.add(source + "/c" + i);
                rows.add(f);
            }
            Set<String> linked = Set.of(source + "/c0");
            set.add(source, urls, rows, linked);
            gold.put(source, linked);
        }
        Trainer.Params p = new Trainer.Params("binary:logistic", new Trainer.Params.Trees(0.3, 6, 200, 0, 0),
                new Trainer.Params.Sampling(1, 1, 1));
        TreeModel seenAll = Trainer.train(set.groups(), p);
        Map<String, List<String>> inSample = new HashMap<>();
        for (TrainingSet.Group g : set.groups()) {
            inSample.put(g.source(), Learning.top(seenAll, g, 10));
        }
        double memorised = Evaluator.score(inSample, gold, 10).recallAt5();
        double heldOut = Learning.crossValidate(set, set, gold, 5, p, 0).learned().recallAt5();
        assertTrue(memorised > 0.6, "a model that saw the pages finds their codes: " + memorised);
        assertTrue(heldOut < 0.45, "chance is 5 of 20 (0.25); a leak shows as more: " + heldOut);
    }

    @Test
    void folds_are_groups_of_pages_the_same_on_every_run() {
        List<String> pages = new ArrayList<>();
        for (int i = 0; i < 103; i++) {
            pages.add("/p" + i);
        }
        Map<String, Integer> a = Learning.folds(pages, 5);
        assertEquals(a, Learning.folds(new ArrayList<>(pages.reversed()), 5), "by URL, not by order");
        int[] sizes = new int[5];
        a.values().forEach(f -> sizes[f]++);
        for (int s : sizes) {
            assertTrue(s == 20 || s == 21, java.util.Arrays.toString(sizes));
        }
        assertNotEquals(a, Learning.folds(pages, 5, 1), "another seed, another split");
    }

    @Test
    void the_weights_stay_unless_the_learned_ranker_wins_by_the_margin_and_beyond_chance() {
        // A site the prior does not serve (a blog): the site's own model against the weights.
        Metrics weights = new Metrics(100, 0.70, 0.2, 0.6, 0.6);
        assertEquals(LearnedRanker.Report.LEARNED, decide(weights, 0.76, 0.01).ranks());
        RankerDecision noisy = decide(weights, 0.72, 0.015);
        assertEquals(LearnedRanker.Report.WEIGHTS, noisy.ranks());
        assertTrue(noisy.reason().contains("within 2 standard errors"), noisy.reason());
        RankerDecision small = decide(weights, 0.705, 0.001);
        assertTrue(small.ranks().equals(LearnedRanker.Report.WEIGHTS) && small.reason().contains("less than 0.01"),
                small.reason());
    }

    private static RankerDecision decide(Metrics weights, double learned, double se) {
        return decide(cv(weights, new Metrics(100, learned, 0.2, 0.6, 0.6), se), null, false, null);
    }

    @Test
    void where_the_prior_serves_it_ranks_unless_the_site_s_model_or_the_weights_beat_it_beyond_chance() {
        Metrics weights = new Metrics(100, 0.70, 0.2, 0.6, 0.6);
        Learning.CrossValidation cv = cv(weights, new Metrics(100, 0.76, 0.2, 0.6, 0.6), 0.01);
        assertEquals(LearnedRanker.Report.LEARNED, decide(cv, prior(0.72, 0.01, 0.01), true, null)
                .ranks(), "the site's model beat the prior by 0.04, four standard errors");
        RankerDecision close = decide(cv, prior(0.75, 0.01, 0.01), true, null);
        assertEquals(LearnedRanker.Report.PRIOR, close.ranks(), close.reason());
        assertTrue(close.reason().startsWith("against the prior: held-out gain +0.010, standard error 0.010: within 2 "
                + "standard errors"), close.reason());
        Learning.CrossValidation lost = cv(weights, new Metrics(100, 0.65, 0.2, 0.6, 0.6), 0.01);
        assertEquals(LearnedRanker.Report.WEIGHTS, decide(lost, prior(0.64, 0.01, 0.01), true, null)
                .ranks(), "the weights beat the prior by 0.06 here");
        assertEquals(LearnedRanker.Report.PRIOR, decide(lost, null, true, null).ranks(),
                "a site the prior learned from: its model against the weights, and the prior where it does not win");
    }

    private static RankerDecision decide(Learning.CrossValidation cv, RankerDecision.PriorCheck pc, boolean serves,
                                         dev.linker.index.rank.Prior.Site trainedOn) {
        return RankerDecision.decide(cv.defaults(), cv.learned(), cv.standardError(), pc, serves, trainedOn);
    }

    private static RankerDecision.PriorCheck prior(double recall, double seLearned, double seWeights) {
        return new RankerDecision.PriorCheck(new Metrics(100, recall, 0.2, 0.6, 0.6), seLearned, seWeights);
    }

    private static Learning.CrossValidation cv(Metrics weights, Metrics learned, double se) {
        return new Learning.CrossValidation(weights, learned, 5, 1000, 100, se,
                new Learning.Rankings(Map.of(), Map.of()));
    }

    @Test
    void a_site_with_few_links_is_ranked_by_the_prior_and_says_why() {
        try (PageIndex idx = Fixtures.glossaryIndex()) {
            LearnedRanker r = Learning.train(idx, null, null);
            assertTrue(!r.used() && r.model() == null, r.report().toString());
            assertTrue(r.report().summary().startsWith("ranker: the prior, learned from ")
                    && r.report().summary().contains(" groups (too few links to learn from: ")
                    && r.report().summary().endsWith("the site's pages are mostly undated, which the prior serves)"),
                    r.report().summary());
            assertSame(r, Learning.train(idx, r, null), "an unchanged site is not learned again");
            idx.setRanker(r);
            assertEquals("prior", new Suggester(idx, SuggestSettings.DEFAULT).ranksPagesBy());
            assertEquals("weights", new Suggester(idx, SuggestSettings.DEFAULT).ranksDraftsBy(),
                    "drafts keep the weights: the prior measured worse on drafts");
        }
    }

    @Test
    void a_site_too_small_for_the_prior_keeps_the_weights_and_says_why() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            LearnedRanker r = Learning.train(idx, null, null);
            assertTrue(r.report().summary().startsWith("ranker: the weights (too few links to learn from: ")
                    && r.report().summary().endsWith("the prior ranks sites of 50 content pages or more, and this one "
                    + "has 10)"), r.report().summary());
            idx.setRanker(r);
            assertEquals("weights", new Suggester(idx, SuggestSettings.DEFAULT).ranksPagesBy());
        }
    }

    @Test
    void a_changed_site_is_learned_again() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            LearnedRanker r = Learning.train(idx, null, null);
            PageRecord p = idx.get(ESPRESSO);
            idx.upsert(new PageRecord(p.url(), new PageRecord.Text(p.title(), p.h1(), p.body() + " More on tamping."),
                    p.category(), p.safety(), p.standing(), p.meta(),
                    new PageRecord.Outbound(p.links(), p.allLinks(), List.of()), p.knownAs()));
            idx.commit();
            assertNotEquals(r.report().fingerprint(), Learning.train(idx, r, null).report().fingerprint());
        }
    }

    @Test
    void the_ranker_is_kept_in_the_index_and_every_reader_ranks_with_it(@TempDir Path dir) {
        // A one-split model: longer pages first. Whatever it learned, the index must give it back as it was.
        Map<String, Float> words = new HashMap<>();
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            for (Suggester.Scored row : new Suggester(idx, SuggestSettings.DEFAULT).scored(ESPRESSO, false)) {
                words.put(row.suggestion().url(), row.features()[RankFeature.TARGET_WORDS.ordinal()]);
            }
        }
        float split = (float) (words.values().stream().mapToDouble(f -> f).max().orElseThrow()
                + words.values().stream().mapToDouble(f -> f).min().orElseThrow()) / 2;
        Set<String> longer = new HashSet<>();
        words.forEach((url, w) -> {
            if (w >= split) {
                longer.add(url);
            }
        });
        TreeModel longerFirst = new TreeModel(0, List.of(new TreeModel.Tree(
                new int[] {RankFeature.TARGET_WORDS.ordinal(), 0, 0}, new float[] {split, 0, 0}, new int[] {1, -1, -1},
                new int[] {2, -1, -1}, new boolean[] {true, false, false}, new float[] {0, -1, 1})));
        LearnedRanker r = new LearnedRanker(RankFeatures.VERSION, longerFirst, new LearnedRanker.Report(true, "test",
                new LearnedRanker.Report.Sample(9, 20, 20, 90), new LearnedRanker.Report.HeldOut(5, 0.5, 0.7, 0, 0.01),
                false, "fingerprint", 0.1, LearnedRanker.Report.LEARNED));
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee(), true, null);
            idx.setRanker(r);
        }
        try (PageIndex idx = PageIndex.openReadOnly(dir, Fixtures.embedder())) {
            assertEquals(r.toJson(), idx.ranker().toJson());
            Suggester learned = new Suggester(idx, SuggestSettings.DEFAULT);
            assertEquals("learned", learned.ranksPagesBy());
            List<Suggestion> all = learned.forUrl(ESPRESSO, 20);
            assertEquals(words.keySet(), new HashSet<>(all.stream().map(Suggestion::url).toList()));
            for (int i = 0; i < all.size(); i++) {
                Suggestion sg = all.get(i);
                assertEquals(longer.contains(sg.url()) ? 0.731 : 0.269, sg.score(), 0.001, sg.url());
                assertEquals(i < longer.size(), longer.contains(sg.url()), "longer pages first: " + sg.url());
            }
            // A site's own model never ranks drafts unless asked for (Ranking#draftModel).
            assertTrue(!learned.ranksDraftsBy().equals("learned"));
            String draft = "I pull espresso shots every morning and steam milk for a flat white.";
            assertTrue(learned.forQuery(draft, 20).stream().anyMatch(sg -> Math.abs(sg.score() - 0.731) > 0.001
                    && Math.abs(sg.score() - 0.269) > 0.001), "a draft not ranked by the site's model");
            Suggester forDrafts = new Suggester(idx, SuggestSettings.DEFAULT.withRanking(Ranking.LEARNED));
            assertEquals("learned", forDrafts.ranksDraftsBy());
            assertTrue(forDrafts.forQuery(draft, 20).stream().allMatch(sg -> Math.abs(sg.score() - 0.731) < 0.001
                    || Math.abs(sg.score() - 0.269) < 0.001), "--ranker learned: drafts too");
            Suggester weights = new Suggester(idx, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
            assertEquals("weights", weights.ranksPagesBy());
            assertTrue(weights.forUrl(ESPRESSO, 20).stream().anyMatch(sg -> Math.abs(sg.score() - 0.731) > 0.001
                    && Math.abs(sg.score() - 0.269) > 0.001), "the weights' scores are sums, not the model's");
        }
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            assertEquals(r.toJson(), idx.ranker().toJson(), "a writer keeps it through its own commits");
            idx.commit();
        }
        try (PageIndex idx = PageIndex.openReadOnly(dir, null)) {
            assertEquals(r.toJson(), idx.ranker().toJson());
        }
    }

    @Test
    void an_index_that_never_learned_ranks_with_the_prior_where_its_pages_are_undated() {
        try (PageIndex idx = Fixtures.glossaryIndex()) {
            assertNull(idx.ranker());
            assertEquals("prior", new Suggester(idx, SuggestSettings.DEFAULT).ranksPagesBy());
        }
        try (PageIndex blog = Fixtures.blogIndex()) {
            assertEquals("weights", new Suggester(blog, SuggestSettings.DEFAULT).ranksPagesBy(), "a blog: the weights");
        }
    }
}
