package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/** The {@code linker} command: one runnable jar, one subcommand per job. */
@Command(name = "linker", mixinStandardHelpOptions = true, versionProvider = LinkerCli.Version.class,
        description = "Internal linking for SEO: audit a built site, suggest and plan internal links.",
        subcommands = {AuditCommand.class, IndexCommand.class, SuggestCommand.class, PlanCommand.class,
                PairsCommand.class, EvalCommand.class, TuneCommand.class, ServeCommand.class, BriefCommand.class,
                EventCommand.class, CommandLine.HelpCommand.class},
        footer = {"", AuditCommand.EXIT_CODES})
public final class LinkerCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Lucene announces its SIMD setup at INFO through java.util.logging; held here, as JUL keeps loggers weakly. */
    private static final java.util.logging.Logger LUCENE_LOG = java.util.logging.Logger.getLogger("org.apache.lucene");

    /** Kept until memory runs out, then let go so the message can be written (see {@link #outOfMemory}). */
    private static volatile byte[] reserve = new byte[1 << 20];

    public static void main(String[] args) {
        LUCENE_LOG.setLevel(java.util.logging.Level.WARNING);
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams; returns the exit code (tests call this in-process). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, System.getenv());
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter)} with {@code env} for the environment (API keys). */
    static int run(String[] args, PrintWriter out, PrintWriter err, java.util.Map<String, String> env) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> cls) throws Exception {
                return cls == EventCommand.class ? (K) new EventCommand(env) : defaults.create(cls);
            }
        };
        CommandLine cl = new CommandLine(new LinkerCli(), factory);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExitCodeExceptionMapper(e -> e instanceof LinkerException ? ExitCode.USAGE.code() : ExitCode.UNEXPECTED.code());
        CommandLine.IParameterExceptionHandler usage = (ex, a) -> {
            err.println("linker: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Run '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            return ExitCode.USAGE.code();
        };
        cl.setParameterExceptionHandler(usage);
        cl.setExecutionExceptionHandler((ex, c, parsed) -> onError(ex, parsed, err));
        int code;
        if (args.length > 0 && !args[0].startsWith("-") && !cl.getSubcommands().containsKey(args[0])) {
            // An unknown command is an error even beside --help (picocli would print the general help and exit 0).
            try {
                code = usage.handleParseException(
                        new CommandLine.UnmatchedArgumentException(cl, java.util.List.of(args[0])), args);
            } catch (Exception e) {
                throw new IllegalStateException(e); // the handler above only prints
            }
        } else {
            try {
                code = cl.execute(args);
            } catch (OutOfMemoryError e) {
                code = outOfMemory(err);
            }
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * Running out of heap is not a finding (exit 1) but an error of the run (exit 3), with one line that says what to
     * do. By the time it is caught the work that filled the heap is unreachable, so printing it allocates safely.
     */
    static int outOfMemory(PrintWriter err) {
        reserve = null; // room to say it in, whatever the heap still holds
        // Other threads of the failed work (a parallel read) may still be running out of memory: wait for them.
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                System.gc();
                return outOfMemoryLine(err);
            } catch (OutOfMemoryError again) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        err.println("linker: out of memory: give the JVM more heap, e.g. LINKER_JAVA_OPTS=-Xmx8g");
        err.flush();
        return ExitCode.UNEXPECTED.code();
    }

    private static int outOfMemoryLine(PrintWriter err) {
        long max = Runtime.getRuntime().maxMemory();
        int pages = Progress.pagesRead;
        long suggest = Math.max(2, Math.min(64, 1L << (64 - Long.numberOfLeadingZeros(Math.max(1, max >> 30)))));
        // No String.format: it loads locale data, which needs the memory that just ran out.
        err.println("linker: out of memory" + (pages > 0 ? " after " + pages + " pages" : "") + " with a heap of "
                + (max < 1L << 30 ? (max >> 20) + " MB" : (max * 10 >> 30) / 10.0 + " GB")
                + ": give the JVM more heap, e.g. LINKER_JAVA_OPTS=-Xmx" + (2 * suggest) + "g (read by bin/linker and"
                + " the GitHub Action), or java -Xmx" + (2 * suggest) + "g -jar linker.jar");
        err.flush();
        return ExitCode.UNEXPECTED.code();
    }

    /**
     * Exit code and message of an exception a command threw: a {@link LinkerException} is a usage or input error
     * (exit 2), anything else unexpected (exit 3). {@code --verbose} belongs to the subcommand, so it is looked up on
     * every level of the parse, not only the top one.
     */
    static int onError(Exception ex, CommandLine.ParseResult parsed, PrintWriter err) {
        boolean verbose = false;
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            verbose |= p.hasMatchedOption("--verbose");
        }
        if (ex instanceof LinkerException) {
            err.println("linker: error: " + ((LinkerException) ex).message(LinkerCli::flag));
            if (verbose) {
                ex.printStackTrace(err);
            }
            return ExitCode.USAGE.code();
        }
        err.println("linker: unexpected error: " + ex);
        if (verbose) {
            ex.printStackTrace(err);
        } else {
            err.println("Rerun with --verbose for details, and report it if it persists.");
        }
        return ExitCode.UNEXPECTED.code();
    }

    /** A setting named in an error ({@link LinkerException#setting}) as this door's flag: {@code --write-baseline FILE}. */
    static String flag(String key, String value) {
        return "--" + key.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT)
                + (value == null ? "" : " " + value);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (audit, index, suggest, plan, brief, serve, event)");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"linker " + dev.linker.core.report.Version.current()};
        }
    }
}
