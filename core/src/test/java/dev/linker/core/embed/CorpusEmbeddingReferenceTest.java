package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shared PostgreSQL corpus (system property {@code linker.corpus.dir}): our tokenizer equals Hugging Face's on
 * every title and page text, our vectors equal langchain4j's on 200 titles, and every title and every fourth page
 * (all its passages) gets the same vector bit for bit on several threads as on one. Each page embedded twice costs
 * about half a second of both cores here, so CI takes a fourth, spread over the whole corpus;
 * {@code -Dlinker.corpus.every=1} takes every page (BENCHMARKS.md, "Every core"). Skipped when the directory
 * property is unset, fails when it is set but the corpus is missing.
 */
class CorpusEmbeddingReferenceTest {

    private static final List<String> titles = new ArrayList<>();
    private static final List<String> contents = new ArrayList<>();

    @BeforeAll
    static void readCorpus() throws IOException {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir is not set");
        Path csv = Path.of(dir, "postgresql-15", "pages.csv");
        assertTrue(Files.isRegularFile(csv), "linker.corpus.dir is set but " + csv + " is missing");
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(csv.toFile())) {
            while (rows.hasNext()) {
                Map<String, String> row = rows.next();
                titles.add(row.get("Title"));
                contents.add(row.get("Content"));
            }
        }
        assertEquals(1168, titles.size(), "pages in " + csv);
    }

    @Test
    void every_title_and_page_tokenizes_exactly_as_hugging_face_does() throws IOException {
        WordPieceTokenizer ours;
        try (InputStream json = getClass().getClassLoader().getResourceAsStream(LocalMiniLmEmbedder.TOKENIZER_RESOURCE)) {
            ours = WordPieceTokenizer.fromTokenizerJson(json, LocalMiniLmEmbedder.TOKENIZER_RESOURCE);
        }
        try (InputStream json = getClass().getClassLoader().getResourceAsStream(LocalMiniLmEmbedder.TOKENIZER_RESOURCE);
             HuggingFaceTokenizer hf = HuggingFaceTokenizer.newInstance(json,
                     Map.of("truncation", "false", "padding", "false"))) {
            List<String> all = new ArrayList<>(titles);
            all.addAll(contents);
            long tokens = 0;
            for (String text : all) {
                long[] expected = hf.encode(text).getIds();
                long[] actual = Arrays.stream(ours.encode(text)).asLongStream().toArray();
                assertArrayEquals(expected, actual, () -> "tokens differ for: " + text.substring(0,
                        Math.min(200, text.length())));
                tokens += actual.length;
            }
            assertTrue(tokens > 1_000_000, "tokens compared: " + tokens);
        }
    }

    @Test
    void two_hundred_titles_give_the_reference_vectors() {
        AllMiniLmL6V2QuantizedEmbeddingModel reference = new AllMiniLmL6V2QuantizedEmbeddingModel();
        try (LocalMiniLmEmbedder ours = LocalMiniLmEmbedder.load()) {
            double worst = 1;
            for (int i = 0; i < 200; i++) {
                String title = titles.get(i * titles.size() / 200);
                double cosine = Vectors.cosine(reference.embed(title).content().vector(), ours.embed(title));
                worst = Math.min(worst, cosine);
            }
            System.out.printf("200 corpus titles: worst cosine to the reference %.7f%n", worst);
            assertTrue(worst >= 0.9999, "worst cosine " + worst);
        }
    }

    @Test
    void every_title_and_every_fourth_page_get_the_same_vector_on_several_threads_as_on_one() {
        int every = Integer.getInteger("linker.corpus.every", 4);
        assertTrue(every >= 1, "linker.corpus.every must be 1 or more: " + every);
        List<String> pages = new ArrayList<>();
        for (int i = 0; i < contents.size(); i += every) {
            pages.add(contents.get(i));
        }
        try (LocalMiniLmEmbedder many = LocalMiniLmEmbedder.load(Math.max(2, Runtime.getRuntime().availableProcessors()))) {
            LocalMiniLmEmbedder one = many.withThreads(1);
            for (List<String> texts : List.of(titles, pages)) {
                int same = 0;
                for (int from = 0; from < texts.size(); from += 32) {
                    List<String> call = texts.subList(from, Math.min(texts.size(), from + 32)); // as linker index calls
                    List<float[]> expected = one.embedAll(call);
                    List<float[]> got = many.embedAll(call);
                    for (int i = 0; i < call.size(); i++) {
                        String text = call.get(i);
                        assertArrayEquals(expected.get(i), got.get(i), () -> many.threads() + " threads changed the"
                                + " vector of: " + text.substring(0, Math.min(120, text.length())));
                        same++;
                    }
                }
                System.out.printf("%d of %d texts: the same vector bit for bit on %d threads as on 1%n", same,
                        texts.size(), many.threads());
            }
        }
    }
}
