package dev.linker.core.anchor;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Generic anchors and function words follow the page's language. */
class AnchorTextTest {
    @Test
    void a_pages_language_decides_which_words_of_an_anchor_are_function_words() {
        assertEquals(List.of("anleitung", "espresso"), AnchorText.words("Die Anleitung für den Espresso", "de-AT"));
        assertEquals(List.of("guide", "complet", "cafe"), AnchorText.words("Le guide complet pour votre café", "fr"));
        assertEquals(List.of("guia", "cafe"), AnchorText.words("La guía del café", "es"));
        assertEquals(List.of("den", "guide"), AnchorText.words("The den guide", "en"), "German articles stay words in English");
    }

    @Test
    void generic_anchors_are_known_in_the_pages_language_and_always_in_english() {
        assertTrue(AnchorText.isGeneric("Hier klicken", "de", Set.of()));
        assertTrue(AnchorText.isGeneric("En savoir plus »", "fr-CA", Set.of()));
        assertTrue(AnchorText.isGeneric("read more", "de", Set.of()));
        assertFalse(AnchorText.isGeneric("hier klicken", "fr", Set.of()), "German phrase on a French page");
    }

    @Test
    void a_stem_is_five_letters_or_a_short_word_without_its_plural_s() {
        for (String[] c : new String[][] {{"indexes", "index"}, {"indexing", "index"}, {"runs", "run"}, {"bus", "bus"},
                {"class", "clas"}, {"is", "is"}, {"2024", "2024"}, {"12345678", "12345678"}, {"go", "go"}}) {
            assertEquals(c[1], AnchorText.stem(c[0]), c[0]);
            assertEquals(c[0].chars().allMatch(Character::isDigit) ? c[0]
                    : c[0].length() <= 5 ? c[0].replaceAll("(?<=...)s$", "") : c[0].substring(0, 5),
                    AnchorText.stem(c[0]), "the rule as a regular expression says the same of " + c[0]);
        }
    }
}
