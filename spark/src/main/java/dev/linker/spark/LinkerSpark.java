package dev.linker.spark;

import dev.linker.core.audit.ExitCode;
import dev.linker.core.audit.LinkerException;
import dev.linker.core.embed.EmbedMode;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code bin/linker-spark} (local mode) and the main class of the job jar for {@code spark-submit}: {@code embed}.
 * Without {@code --master} it runs where spark-submit points it, else in local mode on every core.
 */
@Command(name = "linker-spark", mixinStandardHelpOptions = true, subcommands = LinkerSpark.Embed.class,
        header = "Linker's jobs on Apache Spark.",
        footer = {"", "Exit codes: 0 ok, 2 usage or input error, 3 unexpected error."})
public final class LinkerSpark implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a job: embed");
    }

    public static void main(String[] args) {
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

        SparkSession session(String app, PrintWriter err) {
            if (master != null && !master.matches("local(\\[(\\*|\\d+)(,\\d+)?])?|spark://.+|yarn|k8s://.+")) {
                throw new LinkerException("--master \"" + master + "\" is not a Spark master URL (local[*], local[4],"
                        + " spark://host:7077, yarn, k8s://https://host:port)");
            }
            String given = master != null ? master : System.getProperty("spark.master");
            boolean local = given == null || given.startsWith("local");
            SparkSession.Builder b = SparkSession.builder().appName(app).master(given == null ? "local[*]" : given);
            if (local) {
                // One machine: no web UI to bind, and shuffles sized for its cores rather than a cluster's 200.
                b.config("spark.ui.enabled", "false")
                        .config("spark.sql.shuffle.partitions", String.valueOf(
                                Math.max(2, 2 * Runtime.getRuntime().availableProcessors())));
            }
            // Progress is StageLog's lines: Spark's console bar would redraw over them.
            b.config("spark.ui.showConsoleProgress", "false");
            SparkSession s = b.getOrCreate();
            s.sparkContext().setLogLevel("WARN");
            if (!quiet) {
                s.sparkContext().addSparkListener(new StageLog(m -> err.println("linker-spark: " + m)));
            }
            return s;
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

        @Option(names = "--embed", paramLabel = "WHAT", defaultValue = "both", description = "What is embedded: title, content or both (default: ${DEFAULT-VALUE}); as linker index --embed.")
        String embed;

        @Option(names = "--embedder", paramLabel = "TYPE", defaultValue = "local", description = "local (bundled all-MiniLM-L6-v2) or openai (any OpenAI-compatible /v1/embeddings; key from LINKER_EMBEDDINGS_API_KEY or OPENAI_API_KEY on each executor).")
        String embedder;

        @Option(names = "--embed-url", paramLabel = "URL", description = "openai: base URL.")
        String url;

        @Option(names = "--embed-model", paramLabel = "NAME", description = "openai: model name.")
        String model;

        @Option(names = "--embed-dimensions", paramLabel = "N", description = "openai: vector length to request (0: the model's own).")
        int dimensions;

        @Option(names = "--partitions", paramLabel = "N", description = "Partitions to embed in (default: as the input is split, at least 4 per core).")
        int partitions;

        @CommandLine.Mixin
        SparkOptions spark;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            if (!embedder.equalsIgnoreCase("local") && !embedder.equalsIgnoreCase("openai")) {
                throw new LinkerException("unknown --embedder \"" + embedder + "\" (known: local, openai)");
            }
            EmbedderSpec e = new EmbedderSpec(embedder.toLowerCase(Locale.ROOT), url, model, dimensions);
            EmbedJob.Options o = new EmbedJob.Options(pages, out, previous, EmbedMode.parse(embed), e, partitions);
            long t0 = System.nanoTime();
            boolean running = SparkSession.getDefaultSession().isDefined(); // a host's session is left running
            SparkSession s = spark.session("linker-spark embed", err);
            try {
                EmbedJob.Result r = EmbedJob.run(s, o, m -> {
                    if (!spark.quiet) {
                        err.println("linker-spark: " + m);
                    }
                });
                spec.commandLine().getOut().printf(Locale.ROOT, "%d pages: %d embedded, %d reused (%s, %d dimensions;"
                        + " %.1f s) -> %s%n", r.pages(), r.embedded(), r.reused(), r.embedder(), r.dimension(),
                        (System.nanoTime() - t0) / 1e9, out);
                return ExitCode.OK.code();
            } finally {
                if (!running) {
                    s.stop();
                }
            }
        }
    }
}
