package dev.linker.spark;

import dev.linker.core.embed.EmbedMode;

import java.io.Serializable;

/**
 * What {@code linker-spark plan} is asked: the inputs, {@code linker plan}'s settings, and how the work is split.
 *
 * @param pages            the pages file or folder (as {@code embed} reads it)
 * @param links            links.jsonl (null: none)
 * @param vectors          an {@code embed} output whose vectors are reused where URL and content hash match (null:
 *                         every page is embedded)
 * @param out              the output folder: {@code plan.csv}, {@code plan.parquet/}, {@code vectors/}
 * @param acceptors        a list of acceptor URLs (null: pages with at most one inbound content link, hubs left out)
 * @param donors           a list of donor URLs (null: every page)
 * @param algorithm        greedy or equal
 * @param blockPages       pages a block holds before it is split by nearest-neighbour partitioning
 * @param partitions       partitions to embed in (0: default)
 */
public record PlanOptions(String pages, String links, String vectors, String out, String acceptors, String donors,
                          int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm,
                          int categoryLevels, boolean hubTargets, int depth, EmbedMode embed, EmbedderSpec embedder,
                          int blockPages, int partitions) implements Serializable {

    /** What a run did. */
    public record Result(long pages, long donors, long acceptors, long blocks, long candidates, long links,
                         int rounds) {
    }

    /** The plan job; built for Java 21 (Lucene 10), so loaded by name only when a plan is asked for. */
    public interface Runner {
        Result run(org.apache.spark.sql.SparkSession spark, PlanOptions o, java.util.function.Consumer<String> log);
    }
}
