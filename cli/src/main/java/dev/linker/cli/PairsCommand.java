package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.index.PageIndex;
import dev.linker.index.plan.Pairs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code linker pairs}: similar page pairs through the vector index. */
@Command(header = "List pairs of pages whose embeddings are similar (CSV).",
        name = "pairs", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write every pair of live pages whose embeddings are at least --min-similarity alike, as CSV "
                        + "source,target,similarity (each pair once), found through the HNSW index rather than comparing all pairs."},
        footer = {"", ExitCode.HELP})
final class PairsCommand implements Callable<Integer> {
    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder.")
    Path indexDir;

    @Option(names = "--min-similarity", required = true, paramLabel = "S", description = "Cosine similarity threshold, e.g. 0.8.")
    double minSimilarity;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the pairs here (default: stdout).")
    Path output;

    @Option(names = "--matrix", paramLabel = "FILE", description = "Also write the full similarity matrix (sites up to 5,000 pages).")
    Path matrix;

    @Mixin
    ProgressOptions log;

    @Override
    public Integer call() throws IOException {
        if (minSimilarity < -1 || minSimilarity > 1) {
            throw new dev.linker.core.result.LinkerException("--min-similarity must be between -1 and 1");
        }
        long t0 = System.nanoTime();
        try (PageIndex index = PageIndex.openReadOnly(indexDir, null)) {
            long n;
            try (PrintWriter w = log.output(output)) {
                n = Pairs.write(index, minSimilarity, w);
            }
            if (matrix != null) {
                try (PrintWriter w = log.output(matrix)) {
                    Pairs.matrix(index, w);
                }
            }
            if (!log.quiet) {
                log.err().printf("linker: %d pairs with similarity >= %.2f in %.1f s%n", n,
                        minSimilarity, (System.nanoTime() - t0) / 1e9);
            }
        }
        return ExitCode.OK.code();
    }
}
