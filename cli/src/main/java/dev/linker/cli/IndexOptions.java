package dev.linker.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** The options of {@code linker index} ({@link IndexCommand} maps them onto the engine). */
final class IndexOptions {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "Site folder, pages CSV or internal_html.csv, or a live"
            + " site's URL to crawl (https://example.org/ or its sitemap.xml).")
    String source;

    @Mixin
    CrawlOptions crawl;

    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder (created when missing).")
    Path indexDir;

    @Mixin
    SourceOptions read;

    @Option(names = "--embed", paramLabel = "WHAT", defaultValue = "both", description = "What is embedded: title, content or both (default: ${DEFAULT-VALUE}).")
    String embed;

    @Option(names = "--vector-format", paramLabel = "F", defaultValue = "float", description = "float (default) or int8 (quantized HNSW, 4x less vector memory).")
    String vectorFormat;

    @Option(names = "--vectors", paramLabel = "DIR", description = "Vectors made elsewhere (linker-spark embed's --out): pages whose text they were made from take them instead of being embedded here.")
    Path vectors;

    @Option(names = "--keep-missing", description = "Keep indexed pages that SOURCE no longer has.")
    boolean keepMissing;

    @Option(names = "--optimize", negatable = true, description = "Merge the index into one segment afterwards: much faster searches and plans on large indexes (about 95 s at 1M pages). Default: only after writing at least " + AUTO_OPTIMIZE + " pages.")
    Boolean optimize;

    @Option(names = "--learn", negatable = true, defaultValue = "true", fallbackValue = "true", description = "Learn how this site links from its own links (a ranker checked on pages it never saw; used where it beats the weights) and keep it in the index; --no-learn keeps what the index has. An unchanged site is not learned again. Default: on.")
    boolean learn;

    /** A bulk load this large leaves many segments; merging them costs ~10 % of the load and speeds every search. */
    static final int AUTO_OPTIMIZE = 100_000;

    @Mixin
    ProgressOptions log;

    @Mixin
    EmbedOptions embedder;
}
