/** The {@code linker} command line: picocli subcommands that map options onto core's configs and facades. */
package dev.linker.cli;
