package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.index.suggest.Inbound;
import picocli.CommandLine.Option;

/** Options of inbound suggestions (the pages that should link to a page), shared by suggest and eval. */
final class InboundOptions {
    @Option(names = "--inbound", description = "The other way round: the existing pages that should link to the --url page (or the --text-file draft), each with the phrase of its own text to link and the sentence; never a page that links to it already, nor a hub.")
    boolean inbound;

    @Option(names = "--min-similarity", paramLabel = "S", defaultValue = "" + Inbound.MIN_SIMILARITY, description = "With --inbound: the embedding cosine a source needs unless its text names the page (default: ${DEFAULT-VALUE}; -1: none).")
    double minSimilarity;

    Inbound.Options options(int limit) {
        if (minSimilarity < -1 || minSimilarity > 1) {
            throw new LinkerException("--min-similarity must be between -1 and 1, was " + minSimilarity);
        }
        return Inbound.Options.of(limit, minSimilarity);
    }
}
