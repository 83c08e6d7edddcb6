package dev.linker.core;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/** The shared corpus (../shared/corpus): skipped when not configured, a failure when configured but missing. */
public final class Corpus {
    private Corpus() {
    }

    /** @param relative path under the corpus folder, e.g. "postgresql-15/site" */
    public static Path require(String relative) {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path p = Path.of(dir).resolve(relative);
        if (!Files.exists(p)) {
            fail("linker.corpus.dir is set to " + dir + " but " + p + " does not exist");
        }
        return p;
    }
}
