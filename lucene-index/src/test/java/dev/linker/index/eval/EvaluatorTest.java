package dev.linker.index.eval;

import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluatorTest {
    @Test
    void the_judge_is_each_content_pages_in_content_links_to_other_content_pages_of_the_site() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Map<String, Set<String>> gold = Evaluator.goldLinks(idx);
            assertEquals(8, gold.size());
            assertEquals(Set.of("https://brew.example/gear/burr-grinder.html", "https://brew.example/guides/flat-white.html"),
                    gold.get("https://brew.example/guides/espresso.html"));
            assertNull(gold.get("https://brew.example/"), "the home page is a hub: its links are a list, not choices");
        }
    }

    @Test
    void hidden_links_are_found_again_far_better_than_chance() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Metrics m = Evaluator.run(new Suggester(idx, SuggestSettings.DEFAULT), Evaluator.goldLinks(idx), 10, null);
            assertEquals(8, m.pages());
            // Chance on 9 candidates: recall@5 about 0.55 at best; these texts name their targets.
            assertTrue(m.recallAt5() >= 0.7, m.toString());
            assertTrue(m.mrr() >= 0.7, m.toString());
            assertTrue(m.precisionAt5() <= 1 && m.ndcgAt10() <= 1 + 1e-9, m.toString());
        }
    }

    @Test
    void a_hidden_sources_links_lend_their_targets_no_authority() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester suggester = new Suggester(idx, SuggestSettings.DEFAULT);
            String grinder = "https://brew.example/gear/burr-grinder.html";
            double stored = idx.get(grinder).authority();
            // espresso links the grinder page; cold brew does not.
            double fromEspresso = authority(suggester, "https://brew.example/guides/espresso.html", grinder);
            double fromColdBrew = authority(suggester, "https://brew.example/guides/cold-brew.html", grinder);
            assertTrue(fromEspresso < stored - 0.01, fromEspresso + " against " + stored);
            assertEquals(stored, fromColdBrew, 1e-9);
        }
    }

    private static double authority(Suggester s, String source, String target) {
        return s.candidates(source, true, Set.of(target), 10, false).stream().filter(x -> x.url().equals(target))
                .findFirst().orElseThrow(() -> new AssertionError(source + " does not rank " + target))
                .components().authority();
    }

    @Test
    void on_a_blog_hubs_are_no_sources_and_links_to_hubs_or_dead_stubs_are_counted_and_left_out() {
        try (PageIndex idx = Fixtures.blogIndex()) {
            Evaluator.Gold g = Evaluator.gold(idx);
            assertEquals(Set.of("/posts/burr-grinders.html", "/posts/espresso-basics.html", "/posts/milk-steaming.html",
                    "/posts/cold-brew.html", "/posts/water.html", "/guides/brewing.html"), g.links().keySet());
            assertEquals(Set.of("/posts/why-grind-matters.html"), g.links().get("/posts/burr-grinders.html"),
                    "the link through the redirect stub counts for the post");
            assertEquals(Set.of("/posts/why-grind-matters.html"), g.links().get("/posts/cold-brew.html"),
                    "cold-brew's links to the home page, a tag page and a looping stub are left out");
            // rel=tag links of four posts (2 + 2 + 2 + 1), cold-brew's home and basics links, brewing's four.
            assertEquals(13, g.toHubs());
            assertEquals(1, g.toNotLive(), "cold-brew's link to the looping stub");
            assertEquals(8, g.hubSources(), "home, guides/ and the six tag pages");
            assertEquals(4, g.dated(), "water and brewing have no date");
        }
    }

    @Test
    void the_baselines_rank_under_the_same_protocol_and_as_of_never_rank_a_later_page() {
        try (PageIndex idx = Fixtures.blogIndex()) {
            Map<String, Set<String>> gold = Evaluator.goldLinks(idx);
            SuggestSettings asOf = SuggestSettings.DEFAULT.withTargets(t -> t.withAsOfSourceDate(true));
            Baselines.Rankings r = Baselines.rank(idx, gold, asOf, 10, null);
            for (Map<String, List<String>> ranked : List.of(r.tfidf(), r.bm25())) {
                assertEquals(gold.keySet(), ranked.keySet());
                ranked.forEach((source, urls) -> {
                    LocalDate day = idx.get(source).meta().published();
                    for (String u : urls) {
                        assertTrue(!u.equals(source) && !idx.get(u).hub(), source + " ranked " + u);
                        LocalDate d = idx.get(u).meta().published();
                        assertTrue(day == null || d == null || !d.isAfter(day), source + " ranked the later " + u);
                    }
                });
            }
            // burr-grinders shares its rare words (grind, fines, boulders) with why-grind-matters above all.
            assertEquals("/posts/why-grind-matters.html", r.tfidf().get("/posts/burr-grinders.html").get(0));
            assertEquals("/posts/why-grind-matters.html", r.bm25().get("/posts/burr-grinders.html").get(0));
            Baselines.Result m = Baselines.run(idx, gold, SuggestSettings.DEFAULT, 10, null);
            assertEquals(gold.size(), m.tfidf().pages());
            assertTrue(m.tfidf().recallAt5() > 0 && m.bm25().recallAt5() > 0, m.toString());
        }
    }

    @Test
    void the_baselines_follow_scikit_learns_tokens_two_word_characters_or_more_lower_cased() {
        assertEquals(List.of("go", "1_20", "café", "naïve"), Baselines.words("Go 1_20: a Café, naïve!"));
    }
}
