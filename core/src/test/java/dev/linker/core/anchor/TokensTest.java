package dev.linker.core.anchor;

import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokensTest {
    private static String tokens(String text) {
        return Tokens.tokenize(text).stream()
                .map(t -> "[" + t.term() + " " + t.start() + " " + t.end() + " " + t.upper() + "]")
                .collect(Collectors.joining());
    }

    @Test
    void words_are_lower_cased_and_lose_a_plural_s_but_keep_underscores_digits_and_their_spans() {
        assertEquals("[query 0 7 false][table 9 15 true][and 16 19 false][classe 20 27 false]"
                        + "[max_wal_sender 29 44 false][in 45 47 false][postgresql 48 58 false][15 59 61 false]"
                        + "[s 62 63 false][status 64 70 false][analysis 71 79 false]",
                tokens("Queries, TABLES and classes: max_wal_senders in PostgreSQL 15's status analysis."));
        assertEquals("[sery 0 6 false][ies 7 10 false][lie 11 15 false][tie 16 20 false][buse 21 26 false]",
                tokens("series ies lies ties buses"));
    }

    @Test
    void words_beyond_ascii_are_lower_cased_as_java_does_for_the_word_alone() {
        // A final capital sigma becomes the final form; a dotted capital I two chars; a letter outside the BMP
        // (two chars) is part of its word.
        assertEquals("[\u03bf\u03b4\u03bf\u03c2 0 4 true][stra\u00dfe 5 11 false][i\u0307stanbul 12 20 false]"
                        + "[caf\u00e9 21 26 true][na\u00efve 27 32 false][\ud835\udc9clpha 33 39 false][x1 40 42 false]"
                        + "[d\u00e9j\u00e0 43 47 false][vu 48 50 false]",
                tokens("\u039f\u0394\u039f\u03a3 Stra\u00dfe \u0130stanbul CAF\u00c9S na\u00efve \ud835\udc9clpha x1 "
                        + "d\u00e9j\u00e0-vu"));
        assertEquals("[\u00e7al\u0131\u015fmalar 0 10 false][i\u0307stanbul 11 19 true][da 20 22 false]",
                tokens("\u00c7al\u0131\u015fmalar \u0130STANBUL'da"));
    }

    @Test
    void the_cursor_reuses_its_buffer_across_words_and_texts() {
        Tokens.Words words = new Tokens.Words();
        char[] text = "Tables and a muchlongerwordthanthebufferholdsatfirstsurely, then Queries".toCharArray();
        words.reset(text, text.length);
        StringBuilder seen = new StringBuilder();
        while (words.next()) {
            seen.append(words.term()).append(' ');
        }
        assertEquals("table and a muchlongerwordthanthebufferholdsatfirstsurely then query ", seen.toString());
        char[] other = "Indexes!".toCharArray();
        words.reset(other, 5);
        assertTrue(words.next());
        assertEquals("index", new String(words.termBuffer(), 0, words.termLength()));
        assertEquals(0, words.start());
        assertEquals(5, words.end());
        assertFalse(words.next());
    }

    @Test
    void a_reader_counts_a_word_joined_by_a_hyphen_dot_slash_apostrophe_or_underscore_once() {
        assertEquals(2, Tokens.writtenWords("TPC-B-like script"));
        assertEquals(4, Tokens.writtenWords("new value to postgresql.auto.conf"));
        assertEquals(3, Tokens.writtenWords("don't read/write it"));
        assertEquals(3, Tokens.writtenWords("pg_dump - a backup"), "a dash between spaces joins nothing");
        assertEquals(0, Tokens.writtenWords(""));
    }

    @Test
    void normalize_is_the_term_of_one_word() {
        assertEquals("query", Tokens.normalize("Queries"));
        assertEquals("status", Tokens.normalize("STATUS"));
        assertEquals("\u03bf\u03b4\u03bf\u03c2", Tokens.normalize("\u039f\u0394\u039f\u03a3"));
    }
}
