package dev.linker.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --verbose} is an option of each subcommand: given there, an unexpected error prints its stack trace. */
class VerboseTest {
    private static final IllegalStateException BUG = new IllegalStateException("a bug in Linker");

    private static String onError(Exception e, String... args) {
        CommandLine cl = new CommandLine(new LinkerCli());
        StringWriter err = new StringWriter();
        int code = LinkerCli.onError(e, cl.parseArgs(args), new PrintWriter(err, true));
        assertEquals(e instanceof dev.linker.core.result.LinkerException ? 2 : 3, code);
        return err.toString();
    }

    @Test
    void verbose_after_the_subcommand_prints_the_stack_trace_of_an_unexpected_error() {
        String err = onError(BUG, "audit", "site", "--verbose");
        assertTrue(err.startsWith("linker: unexpected error: java.lang.IllegalStateException: a bug in Linker\n"), err);
        assertTrue(err.contains("\tat dev.linker.cli.VerboseTest"), err);
        assertFalse(err.contains("Rerun with --verbose"), err);
    }

    @Test
    void the_short_v_of_audit_also_prints_it() {
        assertTrue(onError(BUG, "audit", "-v", "site").contains("\tat "));
    }

    @Test
    void without_verbose_an_unexpected_error_gives_one_line_and_the_advice_to_rerun_with_it() {
        String err = onError(BUG, "audit", "site");
        assertFalse(err.contains("\tat "), err);
        assertTrue(err.contains("Rerun with --verbose for details"), err);
    }

    @Test
    void every_subcommand_that_can_fail_accepts_verbose_so_the_advice_leads_somewhere() {
        CommandLine cl = new CommandLine(new LinkerCli());
        for (var e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                assertTrue(e.getValue().getCommandSpec().findOption("--verbose") != null, e.getKey() + " has --verbose");
            }
        }
    }
}
