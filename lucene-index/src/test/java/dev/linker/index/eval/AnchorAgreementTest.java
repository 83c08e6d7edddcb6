package dev.linker.index.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.Sentences;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The placement figures of {@code linker eval} count every top-5 suggestion of every evaluated page, real link or not:
 * how many have a phrase in the text, and how many of those phrases run over five words without being a page's name.
 */
class AnchorAgreementTest {
    @Test
    void placement_counts_every_top_5_suggestion_its_phrases_and_the_long_phrases_that_are_not_names() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Map<String, Set<String>> gold = Evaluator.gold(idx).links();
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            int all = 0;
            int placed = 0;
            int overLong = 0;
            for (String page : gold.keySet()) {
                for (Suggestion sg : s.forUrl(page, 5, true)) {
                    all++;
                    Anchor a = sg.anchor();
                    if (a.inText()) {
                        placed++;
                        if (a.rule() != Anchor.Rule.NAME && a.phrase().strip().split("[^\\p{L}\\p{N}]+").length > 5) {
                            overLong++;
                        }
                    }
                }
            }
            AnchorAgreement.Placement p = AnchorAgreement.measure(s, gold, null).placement();
            assertTrue(all > 0, "the coffee site's pages get suggestions");
            assertEquals(all, p.suggestions());
            assertEquals((double) placed / all, p.inText(), 1e-9);
            assertEquals(overLong, p.overLong());
        }
    }

    @Test
    void a_phrase_over_five_words_counts_as_too_long_unless_it_is_a_name_or_no_phrase_at_all() {
        String text = "The bundled multi client load generator runs for ten minutes.";
        Sentences.Span sentence = Sentences.of(text).get(0);
        Anchor five = Anchor.at(text, 4, text.indexOf(" runs"), sentence, Anchor.Rule.SEMANTIC, "pgbench");
        assertEquals("bundled multi client load generator", five.phrase());
        assertTrue(AnchorAgreement.overLong(Anchor.at(text, 0, text.indexOf(" runs"), sentence,
                Anchor.Rule.DISTINCTIVE, "pgbench")), "six words by a span rule");
        assertFalse(AnchorAgreement.overLong(five), "five words: " + five.phrase());
        assertFalse(AnchorAgreement.overLong(Anchor.at(text, 0, text.indexOf(" runs"), sentence, Anchor.Rule.NAME,
                "The bundled multi client load generator")), "a page's name may be long");
        assertFalse(AnchorAgreement.overLong(Anchor.none(text, sentence, "pgbench")), "no phrase");
    }
}
