package dev.linker.server.engine;

import dev.linker.core.anchor.Tokens;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class IndexServiceTest {

    @Test
    void title_word_run_spans_title_and_stop_words_separated_by_spaces_only() {
        String text = "We tune the burr grinder for espresso.";
        int[] run = IndexService.titleWordRun(text, Set.of("burr", "grinder", "espresso"));
        // "burr grinder for espresso": 4 tokens, 3 title words; "for" is a stop word between them.
        assertArrayEquals(new int[] {text.indexOf("burr"), text.indexOf('.'), 3}, run);
    }

    @Test
    void title_word_run_stops_at_punctuation_and_line_breaks() {
        String text = "Buy a burr, grinder later.\ngrinder\nburr";
        int[] run = IndexService.titleWordRun(text, Set.of("burr", "grinder"));
        assertArrayEquals(new int[] {text.indexOf("burr"), text.indexOf("burr") + 4, 1}, run);
    }

    @Test
    void title_word_run_over_precomputed_tokens_equals_the_one_that_tokenizes() {
        String text = "Cold brew\tconcentrate keeps; cold  brew keeps too.";
        Set<String> terms = Set.of("cold", "brew", "concentrate");
        assertArrayEquals(IndexService.titleWordRun(text, terms),
                IndexService.titleWordRun(text, Tokens.tokenize(text), terms));
        assertArrayEquals(new int[] {0, text.indexOf(" keeps;"), 3}, IndexService.titleWordRun(text, terms));
        assertNull(IndexService.titleWordRun("nothing here", terms));
    }
}
