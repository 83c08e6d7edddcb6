package dev.linker.index.eval;

import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.embed.Embedder;
import dev.linker.index.embed.LocalMiniLmEmbedder;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * `linker eval` on the PostgreSQL 15 documentation with default settings and the offline model: the hidden
 * in-content links of links.jsonl are the judge. Reference: TF-IDF recall@5 0.433, embeddings alone about 0.39.
 * The index is built once under target/corpus-index and reused (only changed pages are embedded again).
 */
class CorpusEvalTest {
    @Test
    void default_suggestions_recover_at_least_sixty_percent_of_the_hidden_links_in_the_top_five() {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path pages = Path.of(dir, "postgresql-15", "pages.csv");
        Path links = Path.of(dir, "postgresql-15", "links.jsonl");
        if (!Files.isRegularFile(pages) || !Files.isRegularFile(links)) {
            fail("linker.corpus.dir is set to " + dir + " but " + pages + " or " + links + " is missing");
        }
        long t0 = System.nanoTime();
        try (Embedder e = LocalMiniLmEmbedder.load();
             PageIndex idx = PageIndex.open(Path.of("target", "corpus-index"), e, PageIndex.Options.DEFAULT)) {
            PageIndex.SyncReport r = idx.sync(SourceLoader.of(pages).withLinks(links).records(), true,
                    m -> System.err.println("corpus index: " + m));
            System.err.printf("corpus index: %s in %.0f s%n", r, (System.nanoTime() - t0) / 1e9);
            Metrics m = Evaluator.run(new Suggester(idx, SuggestSettings.DEFAULT), Evaluator.goldLinks(idx), 10, null);
            System.err.println("postgresql-15 eval: " + m);
            assertTrue(m.pages() >= 830, m.toString());
            assertTrue(m.recallAt5() >= 0.60, m.toString());
            // And better than the TF-IDF baseline on every measure.
            assertTrue(m.precisionAt5() > 0.272 && m.ndcgAt10() > 0.472 && m.mrr() > 0.576, m.toString());
        }
    }
}
