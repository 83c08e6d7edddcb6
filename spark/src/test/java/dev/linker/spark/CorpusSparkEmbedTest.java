package dev.linker.spark;

import dev.linker.core.embed.EmbedMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The embed job on the PostgreSQL 15 corpus (pages.csv, 1,168 pages; runs when {@code -Dlinker.corpus.dir} is set, as .ci/run
 * does): for every page the job hashes exactly the text linker index reads from pages.csv, and its vector matches the
 * local model's on that text (cosine ≥ 0.9999, page by page).
 */
class CorpusSparkEmbedTest {
    @Test
    void the_postgresql_corpus_embeds_as_linker_index_embeds_it() {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path pages = Path.of(dir, "postgresql-15", "pages.csv");
        if (!Files.isRegularFile(pages)) {
            fail("linker.corpus.dir is set to " + dir + " but " + pages + " is missing");
        }
        EmbedJobTest.start();
        try {
            Path out = Path.of("target", "corpus-vectors");
            EmbedJob.Result r = EmbedJobTest.embed(pages.toString(), out, null, EmbedMode.BOTH);
            System.out.printf("Spark embed of %s: %d pages, %d embedded%n", pages, r.pages(), r.embedded());
            assertEquals(r.pages(), r.embedded());
            EmbedJobTest.assertSameAsIndex(pages, out, EmbedMode.BOTH, Integer.MAX_VALUE);
        } finally {
            EmbedJobTest.stop();
        }
    }
}
