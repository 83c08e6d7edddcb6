package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PhrasesTest {

    /** The words {@code phrase} of {@code sentence}: the sentence's phrases ({@link Phrases#of}) and their tokens. */
    private record Words(int[] ph, int first, int last) {
        static Words of(String sentence, String phrase) {
            List<Tokens.Token> toks = Tokens.tokenize(sentence);
            int from = sentence.indexOf(phrase);
            int to = from + phrase.length();
            assertTrue(from >= 0, phrase);
            int first = -1;
            int last = -1;
            for (int i = 0; i < toks.size(); i++) {
                if (toks.get(i).start() == from) {
                    first = i;
                }
                if (toks.get(i).end() == to) {
                    last = i;
                }
            }
            assertTrue(first >= 0 && last >= first, "not on token boundaries: " + phrase);
            return new Words(Phrases.of(sentence, toks, 0, toks.size()), first, last);
        }
    }

    /** Whether the words {@code phrase} of {@code sentence} are a noun phrase as anchor choice sees it. */
    private static boolean isNounPhrase(String sentence, String phrase) {
        Words w = Words.of(sentence, phrase);
        return Phrases.nounPhrase(w.ph(), w.first(), w.last());
    }

    /** Whether the words {@code phrase} of {@code sentence} may be a link's text ({@link Phrases#linkable}). */
    private static boolean isLinkable(String sentence, String phrase) {
        Words w = Words.of(sentence, phrase);
        return Phrases.linkable(w.ph(), w.first(), w.last());
    }

    @Test
    void the_things_a_sentence_names_are_noun_phrases() {
        String s = "Before the migration we ran the bundled load generator against a scale-100 dataset.";
        assertTrue(isNounPhrase(s, "bundled load generator"));
        assertTrue(isNounPhrase(s, "load generator"));
        assertTrue(isNounPhrase(s, "scale-100 dataset"));
    }

    @Test
    void a_clause_or_a_phrase_cut_before_its_head_word_is_not() {
        String s = "The estimate says 10 rows but the scan returns ten thousand.";
        assertFalse(isNounPhrase(s, "estimate says 10 rows"));
        assertFalse(isNounPhrase(s, "says 10 rows"));
        String t = "You also need a host-based access rule naming the client's address range.";
        assertTrue(isNounPhrase(t, "host-based access rule"));
        assertFalse(isNounPhrase(t, "host-based access"), "stops before the head word");
        assertFalse(isNounPhrase(t, "rule naming the client's address range"), "a verb inside");
    }

    @Test
    void a_finite_verb_or_a_modal_makes_a_clause_that_no_link_is_made_of_but_a_participle_does_not() {
        String s = "Good espresso extraction starts with a burr grinder, because a blade grinder makes uneven grounds.";
        assertTrue(isLinkable(s, "espresso extraction"));
        assertTrue(isLinkable(s, "burr grinder"));
        assertFalse(isLinkable(s, "espresso extraction starts with a burr"), "a finite verb inside");
        assertFalse(isLinkable(s, "blade grinder makes uneven grounds"), "a finite verb inside");
        assertFalse(isLinkable(s, "because a blade grinder"), "starts outside a noun phrase");
        String t = "The pipeline has three stages connected by channels, and each stage can stop early.";
        assertTrue(isLinkable(t, "three stages connected by channels"), "a participle after the noun");
        assertFalse(isLinkable(t, "each stage can stop"), "a modal");
        assertTrue(Phrases.tags("en-GB") && Phrases.tags("") && Phrases.tags("EN"));
        assertFalse(Phrases.tags("de") || Phrases.tags("ja"));
    }

    @Test
    void phrases_joined_by_a_preposition_count_as_one_and_a_possessive_stays_inside() {
        String s = "Pin the sort order of important columns to an ICU locale.";
        assertTrue(isNounPhrase(s, "sort order of important columns"));
        assertFalse(isNounPhrase(s, "sort order of"));
        String t = "You also need a host-based access rule naming the client's address range.";
        assertTrue(isNounPhrase(t, "client's address range"));
    }

    @Test
    void a_run_on_sentence_is_not_tagged() {
        String text = "word ".repeat(Phrases.MAX_TOKENS + 1).strip();
        List<Tokens.Token> toks = Tokens.tokenize(text);
        int[] ph = Phrases.of(text, toks, 0, toks.size());
        assertEquals(toks.size(), ph.length);
        for (int p : ph) {
            assertEquals(Phrases.NONE, p);
        }
    }

    @Test
    void a_sentence_seen_before_is_not_tagged_again() {
        String text = "Turning off the wait for the WAL flush makes the acknowledgement come back immediately.";
        List<Tokens.Token> toks = Tokens.tokenize(text);
        int[] first = Phrases.of(text, toks, 0, toks.size());
        String edited = "A new first sentence. " + text;
        List<Tokens.Token> editedToks = Tokens.tokenize(edited);
        int[] again = Phrases.of(edited, editedToks, editedToks.size() - toks.size(), editedToks.size());
        assertSame(first, again);
        assertEquals(toks.size(), first.length);
        assertArrayEquals(new int[0], Phrases.of(text, toks, 3, 3));
    }
}
