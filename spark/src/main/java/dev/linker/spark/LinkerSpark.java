package dev.linker.spark;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedderSettings;
import dev.linker.core.score.ScoreWeights;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code bin/linker-spark} (local mode) and the main class of the job jar for {@code spark-submit}: {@code embed}
 * and {@code plan}.
 * Without {@code --master} it runs where spark-submit points it, else in local mode on every core.
 */
@Command(name = "linker-spark", mixinStandardHelpOptions = true, subcommands = {LinkerSpark.Embed.class, LinkerSpark.Plan.class},
        header = "Linker's jobs on Apache Spark.",
        footer = {"", ExitCode.HELP})
public final class LinkerSpark implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a job: embed or plan");
    }

    public static void main(String[] args) {
        SparkChecks.quietLogsUnlessConfigured();
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new LinkerSpark()).setOut(out).setErr(err)
                .setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            Throwable input = inputError(e);
            if (input != null) {
                err.println("linker-spark: " + input.getMessage());
                return ExitCode.USAGE.code();
            }
            String stopped = SparkChecks.stoppedByCluster(e);
            if (stopped != null) {
                err.println("linker-spark: " + stopped);
                return ExitCode.UNEXPECTED.code();
            }
            err.println("linker-spark: unexpected error: " + e);
            e.printStackTrace(err);
            return ExitCode.UNEXPECTED.code();
        });
        return cl.execute(args);
    }

    /** The user's mistake behind a failure (a bad file, column or option), found through Spark's wrapping. */
    private static Throwable inputError(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof LinkerException || c instanceof AnalysisException) {
                return c;
            }
        }
        return null;
    }

    /** Options every job has: where Spark runs, and how much it says. */
    static final class SparkOptions {
        @Option(names = "--master", paramLabel = "URL", description = "Spark master (default: spark-submit's, else local[*]).")
        String master;

        @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
        boolean quiet;

        /**
         * @param localShuffles in local mode, shuffles sized for this machine's cores unless the user set
         *                      {@code spark.sql.shuffle.partitions} (the plan job sizes its own from its input)
         */
        SparkSession session(String app, PrintWriter err, boolean localShuffles) {
            if (master != null && !master.matches("local(\\[(\\*|\\d+)(,\\d+)?])?|spark://.+|yarn|k8s://.+")) {
                throw new LinkerException("--master \"" + master + "\" is not a Spark master URL (local[*], local[4],"
                        + " spark://host:7077, yarn, k8s://https://host:port)");
            }
            String given = master != null ? master : System.getProperty("spark.master");
            boolean local = given == null || given.startsWith("local");
            SparkSession.Builder b = SparkSession.builder().appName(app).master(given == null ? "local[*]" : given);
            if (local) {
                b.config("spark.ui.enabled", "false"); // one machine: no web UI to bind
                if (localShuffles && System.getProperty("spark.sql.shuffle.partitions") == null) {
                    // Shuffles sized for this machine's cores rather than a cluster's 200.
                    b.config("spark.sql.shuffle.partitions", String.valueOf(
                            Math.max(2, 2 * Runtime.getRuntime().availableProcessors())));
                }
            }
            // Progress is StageLog's lines: Spark's console bar would redraw over them.
            b.config("spark.ui.showConsoleProgress", "false");
            // A plan's query plans are wide: Spark would warn that it shortens their printed form, which no one reads.
            b.config("spark.sql.debug.maxToStringFields", "1000");
            SparkSession s = b.getOrCreate();
            s.sparkContext().setLogLevel("WARN");
            if (!quiet) {
                s.sparkContext().addSparkListener(new StageLog(progress(err)));
            }
            return s;
        }

        /** A job's progress messages, on {@code err} unless --quiet. */
        Consumer<String> progress(PrintWriter err) {
            return m -> {
                if (!quiet) {
                    err.println("linker-spark: " + m);
                }
            };
        }
    }

    /** Which embedder a job uses, and what of a page it embeds: as linker index's options of the same names. */
    static final class EmbedderOptions {
        @Option(names = "--embed", paramLabel = "WHAT", defaultValue = "both", description = "What is embedded: title, content or both (default: ${DEFAULT-VALUE}); as linker index --embed.")
        String embed;

        @Option(names = "--embedder", paramLabel = "TYPE", defaultValue = "local", description = "local (bundled all-MiniLM-L6-v2), static (a vector a word piece derived from it, no model run: for catalogues; ranks nearly as well, anchors less apt) or openai (any OpenAI-compatible /v1/embeddings; key from LINKER_EMBEDDINGS_API_KEY or OPENAI_API_KEY on each executor).")
        String embedder;

        @Option(names = "--embed-url", paramLabel = "URL", description = "openai: base URL.")
        String url;

        @Option(names = "--embed-model", paramLabel = "NAME", description = "openai: model name.")
        String model;

        @Option(names = "--embed-dimensions", paramLabel = "N", description = "openai: vector length to request (0: the model's own).")
        int dimensions;

        @Option(names = "--embed-threads", paramLabel = "N", defaultValue = "1", description = "local: threads the model runs on in each task (default: ${DEFAULT-VALUE}: Spark runs a task per core already; give a task N cores with spark.task.cpus=N before raising it). The vectors are the same at any count.")
        int threads;

        EmbedMode mode() {
            return EmbedMode.parse(embed);
        }

        EmbedderSpec spec() {
            try {
                EmbedderSettings.Type.parse(embedder);
            } catch (IllegalArgumentException e) {
                throw new LinkerException("unknown --embedder \"" + embedder + "\" (known: "
                        + EmbedderSettings.Type.KNOWN + ")");
            }
            try {
                EmbedderSettings.of(embedder, url, model, dimensions); // on the driver: a bad option is exit 2
            } catch (IllegalArgumentException e) {
                throw new LinkerException(e.getMessage(), e);
            }
            if (threads < 1) {
                throw new LinkerException("--embed-threads " + threads + " must be 1 or more (threads in each task)");
            }
            return new EmbedderSpec(embedder.toLowerCase(Locale.ROOT), url, model, dimensions, threads);
        }
    }

    /** Option name → path, in order, for {@link SparkChecks#requireInputs} (a null path: not given). */
    static Map<String, String> inputs(String... optionAndPath) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < optionAndPath.length; i += 2) {
            m.put(optionAndPath[i], optionAndPath[i + 1]);
        }
        return m;
    }

    /** Runs a job in a session of its own, stopped afterwards (a host's running session is left running). */
    static <T> T inSession(SparkOptions spark, String app, PrintWriter err, boolean localShuffles,
                           java.util.function.Function<SparkSession, T> job) {
        boolean running = SparkSession.getDefaultSession().isDefined();
        SparkSession s = spark.session(app, err, localShuffles);
        try {
            return job.apply(s);
        } finally {
            if (!running) {
                s.stop();
            }
        }
    }

    @Command(name = "embed", mixinStandardHelpOptions = true, sortOptions = false,
            header = "Embed a site's pages: pages → Parquet of url, contentHash, embedder, embed, vector.",
            description = "Reads pages (a CSV with Address,Title,H1,Content as linker index reads it, JSON lines, or "
                    + "Parquet) and writes their vectors, made with the model linker index uses, to --out. With "
                    + "--previous, pages whose URL and content hash are there keep their vector.")
    static final class Embed implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--pages", required = true, paramLabel = "FILE", description = "Pages: .csv, .jsonl or Parquet (file or folder).")
        String pages;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder (Parquet; replaced).")
        String out;

        @Option(names = "--previous", paramLabel = "DIR", description = "An earlier output: its vectors are reused where URL and content hash match.")
        String previous;

        @CommandLine.Mixin
        EmbedderOptions embedder;

        @Option(names = "--partitions", paramLabel = "N", description = "Partitions to embed in (default: as the input is split, at least 4 per core).")
        int partitions;

        @CommandLine.Mixin
        SparkOptions spark;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            EmbedJob.Options o = new EmbedJob.Options(pages, out, previous, embedder.mode(), embedder.spec(),
                    partitions);
            long t0 = System.nanoTime();
            EmbedJob.Result r = inSession(spark, "linker-spark embed", err, true, s -> {
                SparkChecks.requireInputs(s, inputs("--pages", pages, "--previous", previous));
                return EmbedJob.run(s, o, spark.progress(err));
            });
            spec.commandLine().getOut().printf(Locale.ROOT, "%d pages: %d embedded, %d reused (%s, %d dimensions;"
                    + " %.1f s) -> %s%n", r.pages(), r.embedded(), r.reused(), r.embedder(), r.dimension(),
                    (System.nanoTime() - t0) / 1e9, out);
            return ExitCode.OK.code();
        }
    }

    @Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
            header = "Plan new links from donor pages to acceptor pages: linker plan on a cluster.",
            description = "Reads pages (as embed does), their links (links.jsonl, as linker index reads it for a CSV), "
                    + "vectors (an embed output; pages missing there are embedded) and, where given, a Search Console "
                    + "export, safety classes and a crawl log, and writes --out/plan.csv "
                    + "(linker plan -o's columns and order), --out/plan.parquet and --out/vectors. Candidates come "
                    + "from linker plan's own code, run per block on the executors; needs Java 21 where it runs.",
            footer = {"", "Acceptors default to pages with at most one inbound content link, hubs left out (--hub-targets "
                    + "keeps them); donors default to every page."})
    static final class Plan implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--pages", required = true, paramLabel = "FILE", description = "Pages: .csv, .jsonl or Parquet (file or folder).")
        String pages;

        @Option(names = "--links", paramLabel = "FILE", description = "Links between the pages: links.jsonl ({\"source\", \"targets\", \"anchors\"} a line).")
        String links;

        @Option(names = "--vectors", paramLabel = "DIR", description = "An embed output: its vectors are used where URL and content hash match.")
        String vectors;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder: plan.csv, plan.parquet, vectors (replaced).")
        String out;

        @Option(names = "--acceptors", paramLabel = "FILE", description = "Pages that need links: one URL a line (or a CSV whose first column is the URL).")
        String acceptors;

        @Option(names = "--donors", paramLabel = "FILE", description = "Pages that may give links: one URL a line (or a CSV).")
        String donors;

        @Option(names = "--search-console", paramLabel = "CSV", description = "Search Console export (page, query, clicks, impressions; pages by their address): queries name pages, clicks add to authority.")
        String searchConsole;

        @Option(names = "--crawl-log", paramLabel = "FILE", description = "Access log (combined format): donors crawled more by search engine bots score higher.")
        String crawlLog;

        @Option(names = "--safety", paramLabel = "CSV", description = "Safety classes: url,class per line (see --forbid-safety).")
        String safety;

        @Option(names = "--forbid-safety", paramLabel = "FROM=TO", description = "Pages of safety class FROM may not link to class TO (repeatable).")
        List<String> forbidSafety = new ArrayList<>();

        @Option(names = "--exclude", paramLabel = "REGEX", description = "Never plan links to acceptor URLs matching this (repeatable).")
        List<String> excludes = new ArrayList<>();

        @Option(names = "--weights", paramLabel = "FILE", description = "Score weights file (as written by 'linker tune'; read where the job is launched).")
        Path weightsFile;

        @Option(names = "--weight", paramLabel = "KEY=VALUE", description = "One weight: lexical, vector, name, authority, inboundDeficit, linkDensity, categoryDistance, serp, title, time.")
        Map<String, Double> weight = new LinkedHashMap<>();

        @Option(names = "--learn", negatable = true, defaultValue = "true", fallbackValue = "true", description = "Learn how the site links from the links the job reads, as 'linker index' learns it (trained on the driver), and rank with that model where it beats the weights on held-out pages, as linker plan does; --no-learn ranks with the weights. Default: on.")
        boolean learn;

        @Option(names = "--ranker", paramLabel = "INDEX", description = "Instead of learning: rank as linker plan --index INDEX does, with the ranker 'linker index' learned and kept in INDEX (read where the job is launched), where it beat the weights; else with the weights.")
        Path rankerIndex;

        @Option(names = "--max-donor-links", defaultValue = "5", paramLabel = "N", description = "New links per donor (default: ${DEFAULT-VALUE}).")
        int maxDonorLinks;

        @Option(names = "--max-acceptor-links", defaultValue = "5", paramLabel = "N", description = "New links per acceptor (default: ${DEFAULT-VALUE}).")
        int maxAcceptorLinks;

        @Option(names = "--min-similarity", defaultValue = "0.6", paramLabel = "S", description = "Embedding cosine a pair needs unless the donor names the acceptor (default: ${DEFAULT-VALUE}).")
        double minSimilarity;

        @Option(names = "--algorithm", defaultValue = "greedy", paramLabel = "A", description = "greedy (best pairs first, default) or equal (acceptors take turns).")
        String algorithm;

        @Option(names = "--category-levels", paramLabel = "N", defaultValue = "-1", description = "Only acceptors within the donor's category N levels up (default: no bound).")
        int categoryLevels;

        @Option(names = "--hub-targets", description = "Hubs (home, tag and category listings, about pages) may be acceptors too.")
        boolean hubTargets;

        @Option(names = "--depth", paramLabel = "K", defaultValue = "100", description = "Candidates taken from the vector index and from BM25 each (default: ${DEFAULT-VALUE}).")
        int depth;

        @Option(names = "--block-pages", paramLabel = "N", defaultValue = "50000", description = "Pages a block holds before it is split around centroids of its vectors (default: ${DEFAULT-VALUE}).")
        int blockPages;

        @Option(names = "--partitions", paramLabel = "N", description = "Partitions to embed in (default: as the input is split, at least 4 per core).")
        int partitions;

        @Option(names = "--shuffle-partitions", paramLabel = "N", description = "Partitions of the job's shuffles (default: spark.sql.shuffle.partitions where set, else one per 20,000 pages, a multiple of the cores past them, at most 4 a core).")
        int shufflePartitions;

        @CommandLine.Mixin
        EmbedderOptions embedder;

        @CommandLine.Mixin
        SparkOptions spark;

        @Override
        public Integer call() throws ReflectiveOperationException {
            PrintWriter err = spec.commandLine().getErr();
            if (Runtime.version().feature() < 21) {
                throw new LinkerException("plan runs linker plan's code (Lucene 10), which needs Java 21 or later; this "
                        + "is Java " + Runtime.version().feature() + " (embed runs on 17)");
            }
            PlanOptions o = new PlanOptions(
                    new PlanOptions.Inputs(pages, links, vectors, out, acceptors, donors),
                    new PlanOptions.Settings(maxDonorLinks, maxAcceptorLinks, minSimilarity, algorithm, categoryLevels,
                            hubTargets, depth),
                    new PlanOptions.Work(embedder.mode(), embedder.spec(), blockPages, partitions, shufflePartitions),
                    new PlanOptions.Signals(searchConsole, crawlLog, safety),
                    new PlanOptions.Rules(forbidSafety, excludes, ScoreWeights.of(weightsFile, weight),
                            learn && rankerIndex == null),
                    rankerIndex == null ? null : rankerIndex.toString());
            PlanOptions.Runner job = (PlanOptions.Runner) Class.forName("dev.linker.spark.plan.PlanJob")
                    .getDeclaredConstructor().newInstance();
            long t0 = System.nanoTime();
            PlanOptions.Result r = inSession(spark, "linker-spark plan", err, false, s -> {
                SparkChecks.requireInputs(s, inputs("--pages", pages, "--links", links, "--vectors", vectors,
                        "--acceptors", acceptors, "--donors", donors, "--search-console", searchConsole,
                        "--crawl-log", crawlLog, "--safety", safety));
                if (!s.sparkContext().isLocal()) {
                    SparkChecks.requireExecutorJava(s, 21, "plan");
                }
                return job.run(s, o, spark.progress(err));
            });
            spec.commandLine().getOut().printf(Locale.ROOT, "%d links planned from %d donors to %d acceptors (%d pages, "
                    + "%d blocks, %d candidates, %d assignment rounds; %.1f s) -> %s/plan.csv%n", r.links(), r.donors(),
                    r.acceptors(), r.pages(), r.blocks(), r.candidates(), r.rounds(), (System.nanoTime() - t0) / 1e9,
                    out);
            return ExitCode.OK.code();
        }

    }
}
