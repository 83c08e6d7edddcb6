package dev.linker.index.eval;

import dev.linker.index.IndexSettings;
import dev.linker.core.embed.Embedder;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.rank.LearnedRanker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Learning again after a change embeds only the openings whose text changed ({@link OpeningVectors}), and learns the
 * model the same index learns from scratch. The site: 40 notes written from the coffee site's sentences, each
 * linking three others (enough links to fit a model), in a real index with the real local model.
 */
class RelearnTest {
    private static final int NOTES = 40;

    @Test
    void a_relearn_after_a_one_link_change_embeds_no_opening_again_and_learns_the_model_learned_from_scratch(
            @TempDir Path dir) throws IOException {
        Counting embedder = new Counting();
        List<PageRecord> site = notes();
        List<PageRecord> changed = new ArrayList<>(site);
        PageRecord first = site.get(0);
        changed.set(0, withLinks(first, first.links().subList(1, first.links().size())));
        LearnedRanker before = learn(dir, embedder, site, null);
        assertNotNull(before.model(), before.report().summary());
        assertEquals(NOTES, embedder.calls.get(), "a first learning embeds every page's opening");

        LearnedRanker again = learn(dir, embedder, changed, before);
        assertNotEquals(before.report().fingerprint(), again.report().fingerprint(), "a changed site is learned again");
        assertEquals(0, embedder.calls.get(), "no page's text changed: no opening is embedded again");

        LearnedRanker scratch = fromScratch(dir, embedder, changed);
        assertEquals(NOTES, embedder.calls.get(), "learned from scratch: every opening embedded");
        assertEquals(trees(scratch), trees(again), "the same trees as learned from scratch");
        assertEquals(scratch.report().summary(), again.report().summary());
    }

    @Test
    void a_page_whose_text_changed_gets_its_opening_embedded_anew_and_a_damaged_store_is_embedded_again(
            @TempDir Path dir) throws IOException {
        Counting embedder = new Counting();
        List<PageRecord> site = notes();
        LearnedRanker before = learn(dir, embedder, site, null);
        List<PageRecord> changed = new ArrayList<>(site);
        PageRecord p = site.get(3);
        changed.set(3, new PageRecord(p.url(), new PageRecord.Text(p.title(), p.h1(), "Decaf keeps the taste. "
                + p.body()), p.category(), p.safety(), p.standing(), p.meta(),
                new PageRecord.Outbound(p.links(), p.allLinks(), List.of()), p.knownAs()));
        LearnedRanker again = learn(dir, embedder, changed, before);
        assertEquals(1, embedder.calls.get(), "only the changed page's opening");

        Path store = dir.resolve(OpeningVectors.FILE);
        byte[] bytes = Files.readAllBytes(store);
        bytes[bytes.length / 2] ^= 0x55;
        Files.write(store, bytes);
        LearnedRanker damaged = learn(dir, embedder, site, again);
        assertEquals(NOTES, embedder.calls.get(), "a damaged store is ignored: every opening embedded again");
        assertEquals(trees(fromScratch(dir, new Counting(), site)), trees(damaged));
        learn(dir, embedder, changed, damaged);
        assertEquals(1, embedder.calls.get(), "the store written after the damage is whole: only the changed opening");
    }

    /** The fitted trees, as the index keeps them (the report's time and fingerprint aside). */
    private static String trees(LearnedRanker r) {
        return new LearnedRanker(r.features(), r.model(), null).toJson();
    }

    /** The same index learned from nothing: no ranker before, no openings' vectors kept (it writes them anew). */
    private static LearnedRanker fromScratch(Path dir, Counting embedder, List<PageRecord> pages) throws IOException {
        Files.delete(dir.resolve(OpeningVectors.FILE));
        return learn(dir, embedder, pages, null);
    }

    /** Writes {@code pages} into the index at {@code dir} and learns (from {@code previous}); counts from zero. */
    private static LearnedRanker learn(Path dir, Counting embedder, List<PageRecord> pages, LearnedRanker previous) {
        try (PageIndex idx = PageIndex.open(dir, embedder, IndexSettings.DEFAULT)) {
            idx.sync(pages, true, null);
            embedder.calls.set(0);
            LearnedRanker r = Learning.train(idx, previous, null);
            idx.setRanker(r);
            return r;
        }
    }

    /** Notes made of the coffee site's sentences (six each, by a seeded draw), each linking three other notes. */
    private static List<PageRecord> notes() {
        List<String> sentences = new ArrayList<>();
        for (PageRecord r : Fixtures.coffee()) {
            for (String s : r.body().split("(?<=\\.) ")) {
                sentences.add(s);
            }
        }
        Random random = new Random(44);
        List<PageRecord> out = new ArrayList<>();
        for (int i = 0; i < NOTES; i++) {
            StringBuilder body = new StringBuilder();
            for (int s = 0; s < 6; s++) {
                body.append(sentences.get(random.nextInt(sentences.size()))).append(s == 2 ? "\n" : " ");
            }
            List<String> links = List.of(url((i + 1) % NOTES), url((i + 7) % NOTES), url((i + 13) % NOTES));
            String title = "Coffee note " + (i + 1);
            out.add(withLinks(PageRecord.of(url(i), title, title, body.toString().strip(), "notes"), links));
        }
        return out;
    }

    private static String url(int i) {
        return "https://brew.example/notes/" + (i + 1) + ".html";
    }

    private static PageRecord withLinks(PageRecord p, List<String> links) {
        return new PageRecord(p.url(), p.text(), p.category(), p.safety(), p.standing(), p.meta(),
                new PageRecord.Outbound(links, links, List.of()), p.knownAs());
    }

    /** The real local model, counting the texts it is asked to embed one by one. */
    private static final class Counting implements Embedder {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public String id() {
            return Fixtures.embedder().id();
        }

        @Override
        public int dimension() {
            return Fixtures.embedder().dimension();
        }

        @Override
        public float[] embed(String text) {
            calls.incrementAndGet();
            return Fixtures.embedder().embed(text);
        }
    }
}
