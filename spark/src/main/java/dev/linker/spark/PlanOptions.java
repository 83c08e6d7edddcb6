package dev.linker.spark;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.score.ScoreWeights;

import java.io.Serializable;
import java.util.List;

/**
 * What {@code linker-spark plan} is asked, in five groups a reader can follow: the inputs, {@code linker plan}'s
 * settings, how the work is split, what else is known of the pages, and the rules; and the learned ranker to rank with.
 * {@code PlanOptions.of(inputs, settings, work)} has no signals, no rules and the weights ({@code linker-spark plan}
 * learns a ranker unless told not to: {@link Rules#learn}); {@code with…} replaces one group.
 *
 * @param ranker the learned ranker to rank with, as JSON ({@code LearnedRanker.toJson}); null: the weights
 */
public record PlanOptions(Inputs inputs, Settings settings, Work work, Signals signals, Rules rules, String ranker)
        implements Serializable {

    /**
     * @param pages     the pages file or folder (as {@code embed} reads it)
     * @param links     links.jsonl (null: none)
     * @param vectors   an {@code embed} output whose vectors are reused where URL and content hash match (null: every
     *                  page is embedded)
     * @param out       the output folder: {@code plan.csv}, {@code plan.parquet/}, {@code vectors/}
     * @param acceptors a list of acceptor URLs (null: pages with at most one inbound content link, hubs left out)
     * @param donors    a list of donor URLs (null: every page)
     */
    public record Inputs(String pages, String links, String vectors, String out, String acceptors, String donors)
            implements Serializable {
        /** Pages and links (either may be null), reused vectors (null: none) and the output folder. */
        public static Inputs of(String pages, String links, String vectors, String out) {
            return new Inputs(pages, links, vectors, out, null, null);
        }
    }

    /**
     * {@code linker plan}'s settings.
     *
     * @param algorithm      greedy or equal
     * @param categoryLevels leading path segments that bound a block (-1: as {@code linker plan} decides)
     * @param depth          the click depth a page is deep from
     */
    public record Settings(int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm,
                           int categoryLevels, boolean hubTargets, int depth) implements Serializable {
        /** {@code linker plan}'s defaults. */
        public static final Settings DEFAULT = new Settings(5, 5, 0.6, "greedy", -1, false, 100);

        /** The defaults with other caps, similarity bar and algorithm. */
        public static Settings of(int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm) {
            return new Settings(maxDonorLinks, maxAcceptorLinks, minSimilarity, algorithm, DEFAULT.categoryLevels,
                    DEFAULT.hubTargets, DEFAULT.depth);
        }
    }

    /**
     * How the work is split.
     *
     * @param blockPages        pages a block holds before it is split by nearest-neighbour partitioning
     * @param partitions        partitions to embed in (0: default)
     * @param shufflePartitions partitions the job's shuffles use (0: {@code spark.sql.shuffle.partitions} where the
     *                          user set it, else chosen from the pages and the cluster's cores)
     */
    public record Work(EmbedMode embed, EmbedderSpec embedder, int blockPages, int partitions, int shufflePartitions)
            implements Serializable {
        /** Both texts embedded by the local model, blocks of 50,000 pages, partitions chosen. */
        public static final Work DEFAULT = new Work(EmbedMode.BOTH, EmbedderSpec.local(), 50_000, 0, 0);

        public Work withBlockPages(int n) {
            return new Work(embed, embedder, n, partitions, shufflePartitions);
        }

        public Work withShufflePartitions(int n) {
            return new Work(embed, embedder, blockPages, partitions, n);
        }
    }

    /**
     * What else is known of the pages (each null: none).
     *
     * @param searchConsole a Search Console export (page, query, clicks, impressions): queries name pages, clicks add
     *                      to authority
     * @param crawlLog      an access log: donors crawled more by search engine bots score higher
     * @param safety        safety classes, {@code url,class} a line
     */
    public record Signals(String searchConsole, String crawlLog, String safety) implements Serializable {
        public static final Signals NONE = new Signals(null, null, null);
    }

    /**
     * @param forbidSafety {@code FROM=TO} rules: pages of class FROM may not link to class TO
     * @param excludes     regular expressions of acceptor URLs never planned
     * @param weights      score weights (as {@code linker tune} writes them)
     * @param learn        learn a ranker from the links the job reads, as {@code linker index} learns it, and rank with
     *                     it where it beats the weights on held-out pages (when no ranker is given)
     */
    public record Rules(List<String> forbidSafety, List<String> excludes, ScoreWeights weights, boolean learn)
            implements Serializable {
        /** No safety rules or exclusions, the default weights, nothing learned. */
        public static final Rules NONE = new Rules(List.of(), List.of(), ScoreWeights.DEFAULT, false);

        public Rules {
            forbidSafety = forbidSafety == null ? List.of() : List.copyOf(forbidSafety);
            excludes = excludes == null ? List.of() : List.copyOf(excludes);
            weights = weights == null ? ScoreWeights.DEFAULT : weights;
        }

        /** These rules, learning a ranker from the links or not. */
        public Rules withLearning(boolean on) {
            return new Rules(forbidSafety, excludes, weights, on);
        }
    }

    public PlanOptions {
        signals = signals == null ? Signals.NONE : signals;
        rules = rules == null ? Rules.NONE : rules;
    }

    /** Without signals or rules, ranked by the weights. */
    public static PlanOptions of(Inputs inputs, Settings settings, Work work) {
        return new PlanOptions(inputs, settings, work, Signals.NONE, Rules.NONE, null);
    }

    public PlanOptions with(Inputs i) {
        return new PlanOptions(i, settings, work, signals, rules, ranker);
    }

    public PlanOptions with(Settings s) {
        return new PlanOptions(inputs, s, work, signals, rules, ranker);
    }

    public PlanOptions with(Work w) {
        return new PlanOptions(inputs, settings, w, signals, rules, ranker);
    }

    public PlanOptions with(Signals s) {
        return new PlanOptions(inputs, settings, work, s, rules, ranker);
    }

    public PlanOptions with(Rules r) {
        return new PlanOptions(inputs, settings, work, signals, r, ranker);
    }

    /** These options ranking with a learned ranker (its JSON; null: the weights). */
    public PlanOptions withRanker(String json) {
        return new PlanOptions(inputs, settings, work, signals, rules, json);
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
