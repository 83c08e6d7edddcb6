package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.Embedders;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DraftEmbedderTest {
    static Embedder model;
    /** The real model, counting the texts it is asked to embed. */
    static final AtomicInteger texts = new AtomicInteger();
    /** The last texts it was asked to embed. */
    static final List<String> lastTexts = new java.util.concurrent.CopyOnWriteArrayList<>();
    static Embedder counting;

    @BeforeAll
    static void load() {
        model = Embedders.createDefault();
        counting = new Embedder() {
            public String id() {
                return model.id();
            }

            public int dimension() {
                return model.dimension();
            }

            public float[] embed(String text) {
                texts.incrementAndGet();
                return model.embed(text);
            }

            public List<float[]> embedAll(List<String> list) {
                texts.addAndGet(list.size());
                lastTexts.clear();
                lastTexts.addAll(list);
                return model.embedAll(list);
            }
        };
    }

    @AfterAll
    static void close() {
        model.close();
    }

    /** A 2,000-word draft in 10 paragraphs of 200 words each, all different. */
    static List<String> longDraft() {
        String[] words = ("espresso grinder burr water kettle milk roast bean crema shot basket tamper dose ratio "
                + "temperature pressure extraction bitter sour sweet").split(" ");
        List<String> paragraphs = new ArrayList<>();
        for (int p = 0; p < 10; p++) {
            StringBuilder sb = new StringBuilder("Paragraph " + p + ".");
            for (int w = 0; w < 200; w++) {
                sb.append(' ').append(words[(w * 7 + p * 3) % words.length]);
            }
            paragraphs.add(sb.toString());
        }
        return paragraphs;
    }

    @Test
    void a_long_sentence_is_one_chunk_and_only_a_changed_one_is_embedded_again() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000);
        List<String> draft = longDraft();
        texts.set(0);
        float[] first = drafts.embed(draft);
        assertEquals(10, texts.get(), "every paragraph (one 200-word sentence) embedded once");
        assertEquals(10, drafts.embeddedCount());

        List<String> edited = new ArrayList<>(draft);
        edited.set(4, edited.get(4) + " crema");
        float[] second = drafts.embed(edited);
        assertEquals(11, texts.get(), "one more word: one chunk re-embedded, not ten");
        assertEquals(9, drafts.cacheHits());

        float[] again = drafts.embed(draft);
        assertEquals(11, texts.get(), "back to the first text: all from the cache");
        assertArrayEquals(first, again);
        double cos = 0;
        double norm = 0;
        for (int i = 0; i < first.length; i++) {
            cos += first[i] * second[i];
            norm += second[i] * second[i];
        }
        assertEquals(1.0, norm, 1e-4, "the draft vector is unit length");
        assertTrue(cos > 0.95 && cos < 1.0, "one word moves the vector a little: cos " + cos);
    }

    /** Paragraphs of ten 12-word sentences: two chunks each (four sentences, then six). */
    static List<String> proseDraft() {
        String[] words = ("espresso grinder burr water kettle milk roast bean crema shot basket tamper dose ratio "
                + "temperature pressure extraction bitter sour sweet").split(" ");
        List<String> paragraphs = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            StringBuilder sb = new StringBuilder();
            for (int s = 0; s < 10; s++) {
                sb.append(s == 0 ? "" : " ").append("Step ").append(p * 10 + s);
                for (int w = 0; w < 10; w++) {
                    sb.append(' ').append(words[(w * 7 + s * 3 + p) % words.length]);
                }
                sb.append('.');
            }
            paragraphs.add(sb.toString());
        }
        return paragraphs;
    }

    @Test
    void a_paragraph_is_cut_into_chunks_of_whole_sentences_with_at_least_forty_words() {
        List<String> chunks = DraftChunks.chunks(proseDraft().get(0));
        assertEquals(2, chunks.size(), chunks.toString());
        assertTrue(chunks.get(0).startsWith("Step 0 ") && chunks.get(0).endsWith("."), chunks.get(0));
        assertEquals(48, chunks.get(0).split(" ").length, "four sentences");
        assertEquals(72, chunks.get(1).split(" ").length, "the short remainder joins the chunk before");
        assertEquals(List.of("Too short to stand alone. Yes."), DraftChunks.chunks("Too short to stand alone. Yes."));
        assertEquals(List.of("A list without full stops"), DraftChunks.chunks("  A list without full stops "));
    }

    @Test
    void typing_one_word_re_embeds_only_the_chunk_of_sentences_around_it() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000);
        List<String> draft = proseDraft();
        texts.set(0);
        drafts.embed(draft);
        assertEquals(6, texts.get(), "three paragraphs of two chunks each");

        List<String> edited = new ArrayList<>(draft);
        edited.set(1, edited.get(1).replace("Step 16 ", "Step sixteen "));
        drafts.embed(edited);
        assertEquals(7, texts.get(), "one word changed: one chunk re-embedded");
        assertEquals(1, lastTexts.size());
        assertTrue(lastTexts.get(0).contains("Step sixteen") && lastTexts.get(0).split(" ").length == 72,
                "the chunk of six sentences holding the word, not the 120-word paragraph: " + lastTexts.get(0));

        edited.set(0, edited.get(0).replace("Step 1 ", "Step one more "));
        drafts.embed(edited);
        assertEquals(8, texts.get(), "a word added: still one chunk");
        assertEquals(5 + 5, drafts.cacheHits(), "the other chunks came from the cache");
    }

    @Test
    void the_cache_is_bounded_and_an_empty_draft_has_no_vector() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 4);
        drafts.embed(longDraft());
        assertEquals(4, drafts.cacheSize());
        assertNull(drafts.embed(List.of()));
    }

    static double cos(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    @Test
    void a_one_word_edit_reuses_the_chunk_vector_computed_for_the_same_draft_without_a_model_run() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000, 4);
        List<String> draft = proseDraft();
        texts.set(0);
        float[] first = drafts.embed("url:/coffee/draft", draft);
        assertEquals(6, texts.get());

        List<String> edited = new ArrayList<>(draft);
        edited.set(1, edited.get(1).replace("Step 16 ", "Step sixteen "));
        float[] second = drafts.embed("url:/coffee/draft", edited);
        assertEquals(6, texts.get(), "no model run for a one-word edit");
        assertEquals(1, drafts.reusedCount());
        assertEquals(5, drafts.cacheHits() - 0, "the other five chunks from the cache");
        float[] exact = new DraftEmbedder(model, 1000).embed(edited);
        assertTrue(cos(second, exact) > 0.995, "the approximated draft vector is close to the exact one: "
                + cos(second, exact));
        org.junit.jupiter.api.Assertions.assertArrayEquals(first, second, "the very same draft vector: the reused "
                + "chunk keeps its vector and the weight of the text it came from (so a vector search can be skipped)");
    }

    @Test
    void edits_accumulate_and_past_the_threshold_the_chunk_is_embedded_for_real_and_becomes_the_new_base() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000, 4);
        List<String> draft = new ArrayList<>(proseDraft());
        draft.addAll(longDraft()); // 2,360 words: the draft's budget (1 %) is 23 changed words
        drafts.embed("title:Espresso at home", draft);
        texts.set(0);
        // The first chunk of paragraph 0 (steps 0-3) has 48 words: 10 % is 4 words, so four edits are reused, the
        // fifth is not.
        for (int k = 0; k < 4; k++) {
            draft.set(0, draft.get(0).replace("Step " + k + " ", "Step n" + k + " "));
            drafts.embed("title:Espresso at home", draft);
            assertEquals(0, texts.get(), "edit " + k + " of the chunk reuses its vector");
        }
        assertEquals(4, drafts.reusedCount());
        draft.set(0, draft.get(0).replace("Step n0 ", "Step n0 more "));
        drafts.embed("title:Espresso at home", draft);
        assertEquals(1, texts.get(), "the fifth changed word re-embeds the chunk");
        assertEquals(4, drafts.reusedCount());
        draft.set(0, draft.get(0).replace("Step n1 ", "Step one "));
        drafts.embed("title:Espresso at home", draft);
        assertEquals(1, texts.get(), "and the next edit counts from the text just embedded");
        assertEquals(5, drafts.reusedCount());
    }

    @Test
    void a_rewritten_sentence_is_embedded_and_another_draft_never_reuses_this_ones_vectors() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000, 4);
        List<String> draft = new ArrayList<>(proseDraft());
        drafts.embed("url:/a", draft);
        texts.set(0);
        List<String> rewritten = new ArrayList<>(draft);
        rewritten.set(2, rewritten.get(2).replaceFirst("Step 20 [^.]*\\.",
                "Pour the milk slowly into the cup while the crema settles."));
        drafts.embed("url:/a", rewritten);
        assertEquals(1, texts.get(), "a sentence rewritten (ten words of 48): embedded for real");
        assertEquals(0, drafts.reusedCount());

        List<String> other = new ArrayList<>(draft);
        other.set(1, other.get(1).replace("Step 16 ", "Step sixteen "));
        drafts.embed("url:/b", other);
        assertEquals(2, texts.get(), "the same edit in another draft is embedded: /a's vectors are /a's");
        drafts.embed(null, draft.stream().map(p -> p.replace("Step 3 ", "Step three ")).toList());
        assertEquals(3, texts.get(), "a draft with neither URL nor title never reuses");
        assertEquals(0, drafts.reusedCount());
    }

    @Test
    void in_a_short_draft_the_changed_words_of_all_reused_chunks_stay_within_one_percent_of_its_words() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000, 4);
        List<String> draft = new ArrayList<>(proseDraft()); // 360 words: 3 changed words in all
        drafts.embed("url:/short", draft);
        texts.set(0);
        draft.set(0, draft.get(0).replace("Step 1 ", "Step one "));
        draft.set(1, draft.get(1).replace("Step 11 ", "Step eleven "));
        draft.set(2, draft.get(2).replace("Step 21 ", "Step twenty-one "));
        drafts.embed("url:/short", draft);
        assertEquals(0, texts.get(), "three chunks, one word each: all reused");
        draft.set(2, draft.get(2).replace("Step 27 ", "Step twenty-seven "));
        drafts.embed("url:/short", draft);
        assertEquals(1, texts.get(), "a fourth changed word in a fourth chunk is over the draft's budget");
        assertEquals(3 + 3, drafts.reusedCount(), "the first three still reused");

        DraftEmbedder tiny = new DraftEmbedder(counting, 1000, 4);
        List<String> note = List.of(longDraft().get(0).substring(0, 400)); // ≈ 70 words
        tiny.embed("url:/note", note);
        tiny.embed("url:/note", List.of(note.get(0).replaceFirst("espresso", "ristretto")));
        assertEquals(0, tiny.reusedCount(), "a draft under 100 words never reuses: one word weighs too much");
    }

    @Test
    void a_long_draft_may_carry_up_to_two_percent_of_its_words_changed_in_reused_chunks() {
        assertEquals(0, DraftEmbedder.reuseBudget(99), "under 100 words: none");
        assertEquals(3, DraftEmbedder.reuseBudget(360), "1 % up to 500 words");
        assertEquals(5, DraftEmbedder.reuseBudget(500));
        assertEquals(11, DraftEmbedder.reuseBudget(750), "then rising");
        assertEquals(20, DraftEmbedder.reuseBudget(1_000), "2 % from 1,000 words");
        assertEquals(40, DraftEmbedder.reuseBudget(2_000));
    }

    @Test
    void the_drafts_remembered_for_reuse_hold_no_more_chunks_than_the_cache_holds_entries() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 8, 4); // proseDraft has 6 chunks
        drafts.embed("url:/one", proseDraft());
        assertEquals(1, drafts.reuseDrafts());
        drafts.embed("url:/two", proseDraft());
        assertEquals(1, drafts.reuseDrafts(), "two drafts would be 12 chunks: the older one is forgotten");
        assertEquals(6, drafts.reuseChunks());
        assertEquals(null, drafts.remembered("url:/one"));
    }

    @Test
    void reuse_off_embeds_every_changed_chunk() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000, 0);
        List<String> draft = new ArrayList<>(proseDraft());
        drafts.embed("url:/a", draft);
        texts.set(0);
        draft.set(1, draft.get(1).replace("Step 16 ", "Step sixteen "));
        drafts.embed("url:/a", draft);
        assertEquals(1, texts.get());
        assertEquals(0, drafts.reusedCount());
        assertEquals(0, drafts.reuseDrafts());
    }

    @Test
    void word_distance_counts_replaced_inserted_and_removed_words_up_to_its_limit() {
        int[] a = DraftChunks.wordHashes("the burr grinder sets the dose of the shot");
        assertEquals(0, DraftChunks.wordDistance(a, DraftChunks.wordHashes(
                "the burr grinder  sets the dose of the shot"), 3));
        assertEquals(1, DraftChunks.wordDistance(a, DraftChunks.wordHashes(
                "the flat grinder sets the dose of the shot"), 3));
        assertEquals(2, DraftChunks.wordDistance(a, DraftChunks.wordHashes(
                "the conical burr grinder sets dose of the shot"), 3));
        assertEquals(4, DraftChunks.wordDistance(a, DraftChunks.wordHashes(
                "a kettle heats water for the tea"), 3), "beyond the limit: limit + 1");
    }

    @Test
    void word_distance_in_its_band_is_the_full_edit_distance_capped_at_limit_plus_one() {
        java.util.Random rnd = new java.util.Random(11);
        for (int t = 0; t < 3000; t++) {
            int[] a = rnd.ints(rnd.nextInt(40), 0, 4).toArray(); // 4 words: many equal, many near
            int[] b = rnd.nextBoolean() ? rnd.ints(rnd.nextInt(40), 0, 4).toArray() : edited(a, rnd);
            int limit = rnd.nextInt(6);
            assertEquals(Math.min(fullDistance(a, b), limit + 1), DraftChunks.wordDistance(a, b, limit),
                    java.util.Arrays.toString(a) + " / " + java.util.Arrays.toString(b) + " within " + limit);
        }
    }

    /** {@code a} with a few words replaced, inserted or removed. */
    private static int[] edited(int[] a, java.util.Random rnd) {
        List<Integer> w = new ArrayList<>(java.util.Arrays.stream(a).boxed().toList());
        for (int k = rnd.nextInt(5); k > 0; k--) {
            int op = w.isEmpty() ? 0 : rnd.nextInt(3);
            int at = w.isEmpty() ? 0 : rnd.nextInt(w.size());
            if (op == 0) {
                w.add(at, 9);
            } else if (op == 1) {
                w.remove(at);
            } else {
                w.set(at, 8);
            }
        }
        return w.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Word-level Levenshtein distance, every cell computed. */
    private static int fullDistance(int[] a, int[] b) {
        int[][] d = new int[a.length + 1][b.length + 1];
        for (int i = 0; i <= a.length; i++) {
            for (int j = 0; j <= b.length; j++) {
                d[i][j] = i == 0 ? j : j == 0 ? i : Math.min(d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1),
                        Math.min(d[i - 1][j], d[i][j - 1]) + 1);
            }
        }
        return d[a.length][b.length];
    }

    @Test
    void a_draft_with_many_new_chunks_gets_the_same_vector_on_three_threads_as_on_one() {
        try (Embedder three = Embedders.create(dev.linker.core.embed.EmbedderSettings.local().withThreads(3))) {
            float[] spread = new DraftEmbedder(three, 1000).embed(longDraft());
            DraftEmbedder alone = new DraftEmbedder(three.withThreads(1), 1000);
            float[] one = alone.embed(longDraft());
            assertTrue(alone.embeddedCount() >= 4, "enough new chunks to spread: " + alone.embeddedCount());
            org.junit.jupiter.api.Assertions.assertArrayEquals(one, spread);
        }
    }
}
