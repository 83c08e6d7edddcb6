package dev.linker.cli;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet} and {@code --verbose}, as most commands take them. {@code --verbose} is read by {@link LinkerCli}
 * when a command fails (stack traces); it is declared here so every command accepts it.
 */
final class ProgressOptions {
    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
    boolean quiet;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;
}
