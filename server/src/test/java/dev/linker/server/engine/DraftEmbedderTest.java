package dev.linker.server.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.embed.Embedder;
import dev.linker.index.embed.Embedders;
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
        List<String> chunks = DraftEmbedder.chunks(proseDraft().get(0));
        assertEquals(2, chunks.size(), chunks.toString());
        assertTrue(chunks.get(0).startsWith("Step 0 ") && chunks.get(0).endsWith("."), chunks.get(0));
        assertEquals(48, chunks.get(0).split(" ").length, "four sentences");
        assertEquals(72, chunks.get(1).split(" ").length, "the short remainder joins the chunk before");
        assertEquals(List.of("Too short to stand alone. Yes."), DraftEmbedder.chunks("Too short to stand alone. Yes."));
        assertEquals(List.of("A list without full stops"), DraftEmbedder.chunks("  A list without full stops "));
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
}
