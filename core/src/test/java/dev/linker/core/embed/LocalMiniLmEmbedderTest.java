package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class LocalMiniLmEmbedderTest {

    private static LocalMiniLmEmbedder embedder;

    @BeforeAll
    static void load() {
        embedder = LocalMiniLmEmbedder.load();
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    private static double sim(String a, String b) {
        return Vectors.cosine(embedder.embed(a), embedder.embed(b));
    }

    @Test
    void identity_is_stable_and_names_the_model() {
        assertEquals("local:all-minilm-l6-v2-q", embedder.id());
        assertEquals(384, embedder.dimension());
    }

    @Test
    void vectors_have_384_dimensions_and_unit_length() {
        for (String text : TestTexts.TRICKY) {
            float[] v = embedder.embed(text);
            assertEquals(384, v.length);
            assertEquals(1.0, Vectors.norm(v), 1e-5, "norm for: " + text);
        }
    }

    @Test
    void the_same_text_gives_the_same_vector() {
        assertArrayEquals(embedder.embed("Partial indexes"), embedder.embed("Partial indexes"));
    }

    @Test
    void similar_sentences_are_close_and_unrelated_ones_are_far() {
        double similar = sim("How to create a database index", "Creating indexes on tables");
        double unrelated = sim("How to create a database index", "My grandmother's apple pie recipe");
        assertTrue(similar > 0.5, "similar: " + similar);
        assertTrue(unrelated < 0.3, "unrelated: " + unrelated);
        assertTrue(sim("backup and restore a PostgreSQL cluster", "pg_dump: dumping a database to a file")
                > sim("backup and restore a PostgreSQL cluster", "full text search ranking functions"));
    }

    @Test
    void a_2000_word_page_is_windowed_and_embedded_from_all_its_windows() {
        String page = TestTexts.longPage();
        assertTrue(page.split("\\s+").length > 2000);
        int windows = embedder.tokenizer().encodeWindows(page, LocalMiniLmEmbedder.MAX_WINDOW_TOKENS).size();
        assertTrue(windows >= 10, "windows: " + windows);
        float[] whole = embedder.embed(page);
        assertEquals(1.0, Vectors.norm(whole), 1e-5);
        // The page is about full text search throughout: its vector stays near its title's.
        double toTitle = Vectors.cosine(whole, embedder.embed("Full Text Search introduction"));
        double toOther = Vectors.cosine(whole, embedder.embed("Configuring streaming replication standby servers"));
        assertTrue(toTitle > 0.4 && toTitle > toOther + 0.3, "to title: " + toTitle + ", to other: " + toOther);
    }

    @Test
    void the_tail_of_a_long_text_counts() {
        String head = TestTexts.longPage().substring(0, 3000);
        String tail = " Baking bread at home: knead the dough, let it rise overnight, then bake it in a hot oven."
                .repeat(40);
        float[] headOnly = embedder.embed(head);
        float[] withTail = embedder.embed(head + tail);
        double toBread = Vectors.cosine(withTail, embedder.embed("baking bread at home"));
        assertTrue(Vectors.cosine(headOnly, withTail) < 0.95);
        assertTrue(toBread > Vectors.cosine(headOnly, embedder.embed("baking bread at home")) + 0.1,
                "to bread: " + toBread);
    }

    @Test
    void a_huge_text_is_embedded_from_its_first_64_windows() {
        String huge = (TestTexts.longPage() + "\n").repeat(8); // ~25,000 word pieces, ~100 windows
        assertTrue(embedder.tokenizer().encodeWindows(huge, 256).size() > LocalMiniLmEmbedder.MAX_WINDOWS);
        String withTail = huge + " Baking bread at home: knead the dough and let it rise.".repeat(200);
        assertArrayEquals(embedder.embed(huge), embedder.embed(withTail));
    }

    @Test
    void blank_text_is_rejected_with_a_clear_error() {
        for (String blank : List.of("", "   ", "\n\t", "\u00a0\u200b\u0007")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> embedder.embed(blank));
            assertTrue(e.getMessage().contains("blank") || e.getMessage().contains("no tokens"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> embedder.embed(null));
    }

    @Test
    void embed_all_keeps_order_and_embeds_repeats_once_but_returns_separate_arrays() {
        List<String> texts = List.of("indexes", "vacuum", "indexes", "WAL archiving");
        List<float[]> all = embedder.embedAll(texts);
        assertEquals(4, all.size());
        for (int i = 0; i < texts.size(); i++) {
            assertArrayEquals(embedder.embed(texts.get(i)), all.get(i), "vector " + i);
        }
        assertNotSame(all.get(0), all.get(2));
        assertTrue(embedder.embedAll(List.of()).isEmpty());
    }

    @Test
    void concurrent_callers_get_the_same_vectors_as_a_single_caller() throws Exception {
        List<String> texts = new ArrayList<>(TestTexts.TRICKY);
        List<float[]> expected = texts.stream().map(embedder::embed).toList();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<float[]>> futures = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (String t : texts) {
                    futures.add(pool.submit(() -> embedder.embed(t)));
                }
            }
            for (int i = 0; i < futures.size(); i++) {
                assertArrayEquals(expected.get(i % texts.size()), futures.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void four_threads_give_every_text_the_vectors_of_one_thread_bit_for_bit() {
        List<String> texts = new ArrayList<>(TestTexts.TRICKY);
        texts.add(TestTexts.longPage());
        texts.add(TestTexts.TRICKY.get(0)); // a repeat is embedded once and given to both
        try (LocalMiniLmEmbedder four = LocalMiniLmEmbedder.load(4)) {
            LocalMiniLmEmbedder one = four.withThreads(1);
            assertEquals(4, four.threads());
            assertEquals(1, one.threads());
            List<float[]> expected = new ArrayList<>();
            for (String t : texts) {
                expected.add(one.embed(t));
            }
            List<float[]> got = four.embedAll(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertArrayEquals(expected.get(i), got.get(i), "vector of text " + i);
            }
            // A long page's windows alone are spread over the threads too.
            assertArrayEquals(one.embed(TestTexts.longPage()), four.embed(TestTexts.longPage()));
        }
    }

    @Test
    void a_blank_text_fails_a_threaded_call_and_the_embedder_works_on() {
        try (LocalMiniLmEmbedder three = LocalMiniLmEmbedder.load(3)) {
            List<String> texts = new ArrayList<>(TestTexts.TRICKY);
            texts.add(5, " \t ");
            assertThrows(IllegalArgumentException.class, () -> three.embedAll(texts));
            assertArrayEquals(embedder.embed("Partial indexes"), three.embed("Partial indexes"));
        }
    }

    @Test
    void a_view_asks_for_at_most_the_threads_the_model_was_loaded_with_and_closes_it() {
        LocalMiniLmEmbedder two = LocalMiniLmEmbedder.load(2);
        assertEquals(2, two.withThreads(8).threads());
        assertThrows(IllegalArgumentException.class, () -> two.withThreads(0));
        two.withThreads(1).close();
        assertThrows(IllegalStateException.class, () -> two.embedAll(List.of("a", "b", "c")));
    }

    @Test
    void a_closed_embedder_refuses_work() {
        LocalMiniLmEmbedder other = LocalMiniLmEmbedder.load();
        other.embed("warm up");
        other.close();
        other.close(); // idempotent
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.embed("after close"));
        assertTrue(e.getMessage().contains("closed"));
    }
}
