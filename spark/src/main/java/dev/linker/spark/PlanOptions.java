package dev.linker.spark;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.score.ScoreWeights;

import java.io.Serializable;
import java.util.List;

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
 * @param searchConsole    a Search Console export (page, query, clicks, impressions): queries name pages, clicks
 *                         add to authority (null: none)
 * @param crawlLog         an access log: donors crawled more by search engine bots score higher (null: none)
 * @param safety           safety classes, {@code url,class} a line (null: none)
 * @param forbidSafety     {@code FROM=TO} rules: pages of class FROM may not link to class TO
 * @param excludes         regular expressions of acceptor URLs never planned
 * @param weights          score weights (as {@code linker tune} writes them)
 * @param ranker           the learned ranker to rank with, as JSON ({@code LearnedRanker.toJson}); null: the weights
 * @param shufflePartitions partitions the job's shuffles use (0: {@code spark.sql.shuffle.partitions} where the user
 *                         set it, else chosen from the pages and the cluster's cores)
 */
public record PlanOptions(String pages, String links, String vectors, String out, String acceptors, String donors,
                          int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm,
                          int categoryLevels, boolean hubTargets, int depth, EmbedMode embed, EmbedderSpec embedder,
                          int blockPages, int partitions, String searchConsole, String crawlLog, String safety,
                          List<String> forbidSafety, List<String> excludes, ScoreWeights weights, String ranker,
                          int shufflePartitions)
        implements Serializable {

    public PlanOptions {
        forbidSafety = forbidSafety == null ? List.of() : List.copyOf(forbidSafety);
        excludes = excludes == null ? List.of() : List.copyOf(excludes);
        weights = weights == null ? ScoreWeights.DEFAULT : weights;
    }

    /** Without Search Console, crawl log, safety classes, exclusions, and with the default weights. */
    public PlanOptions(String pages, String links, String vectors, String out, String acceptors, String donors,
                       int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm,
                       int categoryLevels, boolean hubTargets, int depth, EmbedMode embed, EmbedderSpec embedder,
                       int blockPages, int partitions) {
        this(pages, links, vectors, out, acceptors, donors, maxDonorLinks, maxAcceptorLinks, minSimilarity, algorithm,
                categoryLevels, hubTargets, depth, embed, embedder, blockPages, partitions, null, null, null, null, null,
                null, null, 0);
    }

    /** These options with what else is known of the pages: a Search Console export, a crawl log, safety classes. */
    public PlanOptions withSignals(String searchConsole, String crawlLog, String safety) {
        return new PlanOptions(pages, links, vectors, out, acceptors, donors, maxDonorLinks, maxAcceptorLinks,
                minSimilarity, algorithm, categoryLevels, hubTargets, depth, embed, embedder, blockPages, partitions,
                searchConsole, crawlLog, safety, forbidSafety, excludes, weights, ranker, shufflePartitions);
    }

    /** These options with safety rules, exclusions and score weights. */
    public PlanOptions withRules(List<String> forbidSafety, List<String> excludes, ScoreWeights weights) {
        return new PlanOptions(pages, links, vectors, out, acceptors, donors, maxDonorLinks, maxAcceptorLinks,
                minSimilarity, algorithm, categoryLevels, hubTargets, depth, embed, embedder, blockPages, partitions,
                searchConsole, crawlLog, safety, forbidSafety, excludes, weights, ranker, shufflePartitions);
    }

    /** These options ranking with a learned ranker (its JSON; null: the weights). */
    public PlanOptions withRanker(String json) {
        return new PlanOptions(pages, links, vectors, out, acceptors, donors, maxDonorLinks, maxAcceptorLinks,
                minSimilarity, algorithm, categoryLevels, hubTargets, depth, embed, embedder, blockPages, partitions,
                searchConsole, crawlLog, safety, forbidSafety, excludes, weights, json, shufflePartitions);
    }

    /** These options with the partitions the job's shuffles use (0: the user's setting, else chosen). */
    public PlanOptions withShufflePartitions(int n) {
        return new PlanOptions(pages, links, vectors, out, acceptors, donors, maxDonorLinks, maxAcceptorLinks,
                minSimilarity, algorithm, categoryLevels, hubTargets, depth, embed, embedder, blockPages, partitions,
                searchConsole, crawlLog, safety, forbidSafety, excludes, weights, ranker, n);
    }

    /** What a run did. */
    public record Result(long pages, long donors, long acceptors, long blocks, long candidates, long links,
                         int rounds) {
    }

    /** The plan job; built for Java 21 (Lucene 10), so loaded by name only when a plan is asked for. */
    public interface Runner {
        Result run(org.apache.spark.sql.SparkSession spark, PlanOptions o, java.util.function.Consumer<String> log);
    }
}
