package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Our pure-Java tokenizer and ONNX pipeline against the reference: Hugging Face's Rust tokenizer (through DJL) and
 * langchain4j's own {@code AllMiniLmL6V2QuantizedEmbeddingModel}, both test-scope dependencies only.
 */
class ReferenceImplementationTest {

    private static LocalMiniLmEmbedder ours;
    private static AllMiniLmL6V2QuantizedEmbeddingModel reference;
    private static HuggingFaceTokenizer hfTokenizer;

    @BeforeAll
    static void load() throws IOException {
        ours = LocalMiniLmEmbedder.load();
        reference = new AllMiniLmL6V2QuantizedEmbeddingModel();
        try (InputStream json = ReferenceImplementationTest.class.getClassLoader()
                .getResourceAsStream(LocalMiniLmEmbedder.TOKENIZER_RESOURCE)) {
            hfTokenizer = HuggingFaceTokenizer.newInstance(json, Map.of("truncation", "false", "padding", "false"));
        }
    }

    @AfterAll
    static void close() {
        ours.close();
        hfTokenizer.close();
    }

    private static List<String> texts() {
        List<String> texts = new ArrayList<>(TestTexts.TRICKY);
        String page = TestTexts.longPage();
        texts.add(page);
        texts.add(page.substring(0, 600));
        texts.add(page.substring(page.length() / 2));
        return texts;
    }

    @Test
    void token_ids_equal_the_hugging_face_tokenizer_on_varied_texts() {
        for (String text : texts()) {
            long[] expected = hfTokenizer.encode(text).getIds();
            int[] actual = ours.tokenizer().encode(text);
            assertArrayEquals(expected, Arrays.stream(actual).asLongStream().toArray(), "tokens of: " + text);
        }
    }

    @Test
    void short_texts_give_the_reference_vectors() {
        int compared = 0;
        for (String text : texts()) {
            int pieces = ours.tokenizer().wordPieceIds(text).length;
            if (pieces > 126) {
                continue; // the reference truncates these; see the next test
            }
            float[] expected = reference.embed(text).content().vector();
            float[] actual = ours.embed(text);
            double cosine = Vectors.cosine(expected, actual);
            assertTrue(cosine >= 0.9999, "cosine " + cosine + " for: " + text);
            compared++;
        }
        assertTrue(compared >= 18, "compared " + compared);
    }

    @Test
    void reference_vectors_are_unit_length_like_ours() {
        float[] v = reference.embed("Creating indexes on tables").content().vector();
        assertEquals(1.0, Vectors.norm(v), 1e-5);
    }

    @Test
    void long_texts_match_the_reference_on_the_128_tokens_it_keeps() {
        // The reference keeps tokenizer.json's truncation (max_length 128): it embeds only [CLS] + the first 126
        // word pieces + [SEP]. The same input through our pipeline must give the same vector.
        String page = TestTexts.longPage();
        for (String text : List.of(page, page.substring(page.length() / 2), String.join(" ", TestTexts.TRICKY))) {
            int[] pieces = ours.tokenizer().wordPieceIds(text);
            assertTrue(pieces.length > 126, "long text has " + pieces.length + " pieces");
            int[] first = new int[128];
            first[0] = ours.tokenizer().clsId();
            System.arraycopy(pieces, 0, first, 1, 126);
            first[127] = ours.tokenizer().sepId();
            float[] expected = reference.embed(text).content().vector();
            double cosine = Vectors.cosine(expected, ours.embedWindows(List.of(first)));
            assertTrue(cosine >= 0.9999, "cosine " + cosine);
        }
    }

    @Test
    void for_long_texts_we_embed_the_whole_text_where_the_reference_keeps_the_start() {
        String page = TestTexts.longPage();
        double cosine = Vectors.cosine(reference.embed(page).content().vector(), ours.embed(page));
        // Same topic throughout, so still close, but not the same vector.
        assertTrue(cosine > 0.7 && cosine < 0.9999, "cosine " + cosine);
    }
}
