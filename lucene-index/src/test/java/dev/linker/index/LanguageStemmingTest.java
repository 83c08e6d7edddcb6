package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LanguageStemmingTest {
    @AfterEach
    void readEnglishAgain() {
        Tokens.useLanguage("");
    }

    @Test
    void a_german_site_reads_the_inflected_forms_of_a_word_as_one_term() {
        Languages.register();
        assertTrue(Tokens.useLanguage("de-DE"));
        assertEquals(Tokens.terms("Paket"), Tokens.terms("Pakete"));
        assertEquals(Tokens.terms("Paketen"), Tokens.terms("Paketes"));
        assertEquals(Tokens.normalize("Systemverwaltung"), Tokens.normalize("Systemverwaltungen"));
        assertEquals("haus", Tokens.normalize("Häuser"));
    }

    @Test
    void a_french_site_reads_plural_and_singular_alike_and_keeps_the_spans_of_the_words() {
        Languages.register();
        assertTrue(Tokens.useLanguage("fr"));
        List<Tokens.Token> tokens = Tokens.tokenize("les paquets Debian");
        assertEquals(Tokens.normalize("paquet"), tokens.get(1).term());
        assertEquals(4, tokens.get(1).start());
        assertEquals(11, tokens.get(1).end());
    }

    @Test
    void an_english_or_undeclared_site_reads_its_words_as_before_the_stemmers() {
        String text = "Queries on the tables of classes, max_wal_senders and the analysis's statuses";
        List<String> before = Tokens.terms(text);
        Languages.register();
        assertFalse(Tokens.useLanguage("en-GB"));
        assertEquals(before, Tokens.terms(text));
        assertFalse(Tokens.useLanguage(""));
        assertEquals(before, Tokens.terms(text));
        assertEquals(List.of("query", "on", "the", "table", "of", "classe", "max_wal_sender", "and", "the",
                "analysis", "s", "statuse"), before);
    }

    @Test
    void a_russian_site_has_no_stemmer_yet_and_reads_its_words_as_before() {
        String text = "Пакеты и пакет";
        List<String> before = Tokens.terms(text);
        Languages.register();
        assertFalse(Tokens.useLanguage("ru"));
        assertEquals(before, Tokens.terms(text));
        assertNotEquals(before.get(0), before.get(2));
    }
}
