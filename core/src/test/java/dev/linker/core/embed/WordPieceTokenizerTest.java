package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WordPieceTokenizerTest {

    private static WordPieceTokenizer tokenizer;

    @BeforeAll
    static void load() {
        tokenizer = WordPieceTokenizer.fromTokenizerJson(
                WordPieceTokenizerTest.class.getClassLoader().getResourceAsStream(LocalMiniLmEmbedder.TOKENIZER_RESOURCE),
                LocalMiniLmEmbedder.TOKENIZER_RESOURCE);
    }

    @Test
    void vocabulary_is_bert_base_uncased() {
        assertEquals(30522, tokenizer.vocabularySize());
        assertEquals(101, tokenizer.clsId());
        assertEquals(102, tokenizer.sepId());
        assertEquals(100, tokenizer.unkId());
    }

    @Test
    void hello_world_has_the_known_bert_ids() {
        assertArrayEquals(new int[] {101, 7592, 2088, 102}, tokenizer.encode("Hello world"));
        assertArrayEquals(new int[] {101, 7592, 1010, 2088, 999, 102}, tokenizer.encode("Hello, World!"));
    }

    @Test
    void unknown_words_are_split_greedily_into_longest_word_pieces() {
        // "##aff" is not in this vocabulary, so the greedy longest match takes "una" first.
        assertEquals(List.of("una", "##ffa", "##ble"), tokenizer.tokenize("unaffable"));
        assertEquals(List.of("playing"), tokenizer.tokenize("PLAYING"));
        assertEquals(List.of("token", "##izer", "##s"), tokenizer.tokenize("tokenizers"));
        assertEquals(List.of("em", "##bed", "##ding", "##s"), tokenizer.tokenize("embeddings"));
    }

    @Test
    void continuation_pieces_are_marked() {
        int[] ids = tokenizer.wordPieceIds("tokenizers");
        assertEquals(false, tokenizer.isContinuation(ids[0]));
        assertTrue(tokenizer.isContinuation(ids[1]));
    }

    @Test
    void text_is_lowercased_and_accents_are_stripped() {
        assertEquals(List.of("cafe", "de", "##ja", "vu", "naive"), tokenizer.tokenize("Café Déjà vu NAÏVE"));
    }

    @Test
    void punctuation_is_split_off_and_whitespace_of_all_kinds_separates_words() {
        assertEquals(List.of("a", ".", "b", "@", "c", "(", "d", ")", ";", "e", "f", "g"),
                tokenizer.tokenize("a.b@c(d);\te\u00a0f\u3000g"));
    }

    @Test
    void control_and_zero_width_characters_are_dropped() {
        assertEquals(List.of("ab", "c"), tokenizer.tokenize("a\u200bb\u0007 c\u0000"));
    }

    @Test
    void cjk_ideographs_become_one_token_each() {
        List<String> tokens = tokenizer.tokenize("数据库");
        assertEquals(3, tokens.size());
        assertEquals(tokenizer.tokenize("数 据 库"), tokens);
    }

    @Test
    void a_word_that_cannot_be_covered_or_is_too_long_becomes_unk() {
        assertEquals(List.of("[UNK]"), tokenizer.tokenize("x".repeat(101)));
        assertEquals(List.of("[UNK]"), tokenizer.tokenize("🚀"));
    }

    @Test
    void special_tokens_written_in_text_are_kept_whole() {
        assertArrayEquals(new int[] {7592, 102, 2088}, tokenizer.wordPieceIds("hello [SEP] world"));
        assertEquals(List.of("[", "not", "]"), tokenizer.tokenize("[NOT]"));
    }

    @Test
    void blank_text_has_no_tokens_and_no_windows() {
        assertEquals(0, tokenizer.wordPieceIds(" \t\n\u00a0\u200b").length);
        assertTrue(tokenizer.encodeWindows("   ", 256).isEmpty());
    }

    @Test
    void long_text_is_cut_into_windows_that_fit_and_do_not_start_inside_a_word() {
        String text = TestTexts.longPage();
        int[] pieces = tokenizer.wordPieceIds(text);
        List<int[]> windows = tokenizer.windows(pieces, 256);
        assertTrue(windows.size() >= pieces.length / 254, "windows: " + windows.size());
        int total = 0;
        for (int[] w : windows) {
            assertTrue(w.length <= 256, "window of " + w.length);
            assertEquals(tokenizer.clsId(), w[0]);
            assertEquals(tokenizer.sepId(), w[w.length - 1]);
            assertTrue(!tokenizer.isContinuation(w[1]), "window starts inside a word");
            total += w.length - 2;
        }
        assertEquals(pieces.length, total, "every word piece is in exactly one window");
        int[] rejoined = windows.stream().flatMapToInt(w -> Arrays.stream(w, 1, w.length - 1)).toArray();
        assertArrayEquals(pieces, rejoined);
    }

    @Test
    void a_single_word_longer_than_a_window_is_cut() {
        // 60 characters of digits → many "##" pieces; a 10-token window must still make progress.
        String word = "1234567890".repeat(6);
        List<int[]> windows = tokenizer.encodeWindows(word, 10);
        int pieces = tokenizer.wordPieceIds(word).length;
        assertEquals((pieces + 7) / 8, windows.size());
    }

    @Test
    void a_tokenizer_json_that_is_not_wordpiece_is_rejected_naming_the_file() {
        String bpe = "{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0}}}";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                WordPieceTokenizer.fromTokenizerJson(
                        new ByteArrayInputStream(bpe.getBytes(StandardCharsets.UTF_8)), "other-tokenizer.json"));
        assertTrue(e.getMessage().contains("other-tokenizer.json") && e.getMessage().contains("BPE"), e.getMessage());
    }
}
