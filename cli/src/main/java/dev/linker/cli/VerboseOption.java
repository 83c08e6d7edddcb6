package dev.linker.cli;

import picocli.CommandLine.Option;

/**
 * {@code --verbose}, one option for every command but audit (whose {@code -v/--verbose} also reaches its report): no
 * command reads it, {@link LinkerCli#onError} finds it in the parse when a command fails and prints the stack trace.
 */
final class VerboseOption {
    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;
}
