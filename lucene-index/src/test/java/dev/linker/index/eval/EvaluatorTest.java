package dev.linker.index.eval;

import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvaluatorTest {
    @Test
    void the_judge_is_each_pages_in_content_links_to_other_pages_of_the_site() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Map<String, Set<String>> gold = Evaluator.goldLinks(idx);
            assertEquals(9, gold.size());
            assertEquals(Set.of("https://brew.example/gear/burr-grinder.html", "https://brew.example/guides/flat-white.html"),
                    gold.get("https://brew.example/guides/espresso.html"));
            assertEquals(4, gold.get("https://brew.example/").size(), "index.html in links.jsonl is the root page");
        }
    }

    @Test
    void hidden_links_are_found_again_far_better_than_chance() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Metrics m = Evaluator.run(new Suggester(idx, SuggestSettings.DEFAULT), Evaluator.goldLinks(idx), 10, null);
            assertEquals(9, m.pages());
            // Chance on 10 candidates: recall@5 about 0.5 at best; these texts name their targets.
            assertTrue(m.recallAt5() >= 0.7, m.toString());
            assertTrue(m.mrr() >= 0.7, m.toString());
            assertTrue(m.precisionAt5() <= 1 && m.ndcgAt10() <= 1 + 1e-9, m.toString());
        }
    }
}
