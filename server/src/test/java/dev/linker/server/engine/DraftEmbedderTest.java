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
    void typing_one_word_re_embeds_only_the_paragraph_that_changed() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 1000);
        List<String> draft = longDraft();
        texts.set(0);
        float[] first = drafts.embed(draft);
        assertEquals(10, texts.get(), "every paragraph embedded once");
        assertEquals(10, drafts.embeddedCount());

        List<String> edited = new ArrayList<>(draft);
        edited.set(4, edited.get(4) + " crema");
        float[] second = drafts.embed(edited);
        assertEquals(11, texts.get(), "one more word: one paragraph re-embedded, not ten");
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

    @Test
    void the_cache_is_bounded_and_an_empty_draft_has_no_vector() {
        DraftEmbedder drafts = new DraftEmbedder(counting, 4);
        drafts.embed(longDraft());
        assertEquals(4, drafts.cacheSize());
        assertNull(drafts.embed(List.of()));
    }
}
