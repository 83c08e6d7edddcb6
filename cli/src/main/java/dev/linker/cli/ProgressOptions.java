package dev.linker.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * {@code -q/--quiet} and {@code --verbose}, as most commands take them, and where the command writes: its results to
 * {@link #out} (or a file: {@link #output}), its progress to {@link #err} ("linker: …" lines, none with {@code -q}).
 * {@code --verbose} ({@link VerboseOption}) is read by {@link LinkerCli} when a command fails (stack traces); it is mixed
 * in here so every command accepts it.
 */
final class ProgressOptions {
    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
    boolean quiet;

    @Mixin
    VerboseOption verbose;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Where results go (stdout, or what a test set on the command line). */
    PrintWriter out() {
        return command.commandLine().getOut();
    }

    /**
     * Where a result goes that {@code -o FILE} may send to a file: that file (UTF-8, created or replaced), or {@link #out}
     * when {@code file} is null, which closing the writer only flushes.
     */
    PrintWriter output(Path file) throws IOException {
        if (file != null) {
            return new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
        }
        return new PrintWriter(out()) {
            @Override
            public void close() {
                flush();
            }
        };
    }

    /** Where progress and notes go (stderr). */
    PrintWriter err() {
        return command.commandLine().getErr();
    }

    /** Progress lines for the engine ("linker: 200/838 pages evaluated"); null with {@code -q}. */
    Consumer<String> progress() {
        if (quiet) {
            return null;
        }
        PrintWriter err = err();
        return m -> err.println("linker: " + m);
    }
}
