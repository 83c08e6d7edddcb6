package dev.linker.index.eval;

import dev.linker.index.IndexSettings;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.SuggestSettings;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The drafts of src/test/resources/drafts — short texts that describe a page's subject without its title words, as an
 * author writes before knowing the site — through the draft engine over each corpus (runs with
 * {@code -Dlinker.corpus.dir}; shares CorpusEvalTest's indexes under target/). Pins the figures of
 * {@code linker eval --drafts} (lucene-index/README.md) with a margin: the wanted page in the top 5, and an anchor a
 * person would accept, ranked as the editor ranks them: by the weights (a learned ranker ranks indexed pages, not
 * drafts: see Ranking#forDrafts).
 */
class CorpusDraftsTest {
    private static Path corpus(String... rel) {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path p = Path.of(dir, rel);
        if (!Files.exists(p)) {
            fail("linker.corpus.dir is set to " + dir + " but " + p + " is missing");
        }
        return p;
    }

    private static Path drafts(String name) {
        try {
            return Path.of(CorpusDraftsTest.class.getResource("/drafts/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DraftEval.Result run(String index, SourceLoader source, String set) {
        try (Embedder e = LocalMiniLmEmbedder.load();
             PageIndex idx = PageIndex.open(Path.of("target", index), e, IndexSettings.DEFAULT)) {
            idx.sync(source.records(), true, null);
            // Drafts rank by the weights whatever ranker the index learned (Ranking#forDrafts, pinned by LearningTest),
            // so none is learned here.
            DraftEval.Result r = DraftEval.run(DraftEngine.create(idx, SuggestSettings.DEFAULT, 10_000, 0),
                    DraftEval.read(drafts(set)));
            System.err.println(set + ": " + r);
            return r;
        }
    }

    @Test
    void blog_drafts_find_their_post_and_an_anchor_a_person_would_link() {
        DraftEval.Result r = run("corpus-index-go-blog", SourceLoader.of(corpus("go-blog", "site")), "go-blog.jsonl");
        assertTrue(r.drafts() >= 30, r.toString());
        assertTrue(r.foundShare() >= 0.95, r.toString());
        assertTrue(r.acceptableShare() >= 0.90, r.toString());
    }

    @Test
    void documentation_drafts_find_their_page_and_an_anchor_a_person_would_link() {
        DraftEval.Result r = run("corpus-index", SourceLoader.of(corpus("postgresql-15", "pages.csv"))
                .withLinks(corpus("postgresql-15", "links.jsonl")), "postgresql-15.jsonl");
        assertTrue(r.drafts() >= 20, r.toString());
        assertTrue(r.foundShare() >= 0.80, r.toString());
        assertTrue(r.acceptableShare() >= 0.55, r.toString());
    }
}
