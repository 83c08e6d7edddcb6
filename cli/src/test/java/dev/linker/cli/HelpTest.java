package dev.linker.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command's {@code --help}, as a user runs it: a real process, since picocli reports a description it cannot
 * format ("20%" read as a format specifier) on the System.err it captured when it was loaded, not on the CLI's streams.
 */
class HelpTest {
    record Run(int code, String out, String err) {
    }

    private static Run java(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        // Help texts are a few KiB: reading one stream to its end cannot block on the other.
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out, err);
    }

    @Test
    void every_command_prints_its_help_with_nothing_on_stderr() throws Exception {
        List<String> commands = new ArrayList<>(new CommandLine(new LinkerCli()).getSubcommands().keySet());
        commands.remove("help");
        assertTrue(commands.containsAll(List.of("audit", "index", "suggest", "plan", "pairs", "eval", "tune", "serve",
                "brief", "event")), commands.toString());
        commands.add(0, "");
        for (String c : commands) {
            Run r = c.isEmpty() ? java("--help") : java(c, "--help");
            assertEquals(0, r.code(), "linker " + c + " --help: " + r.err());
            assertTrue(r.out().contains("Usage: linker"), r.out());
            assertEquals("", r.err(), "linker " + c + " --help wrote to stderr");
        }
    }

    @Test
    void a_percent_sign_in_an_option_description_is_printed_as_written() throws Exception {
        Run r = java("plan", "--help");
        assertTrue(r.out().contains("scores >= 20% higher"), r.out());
    }

    @Test
    void an_unknown_command_fails_with_a_suggestion_even_beside_help() {
        for (String[] args : new String[][] {{"evnts", "--help"}, {"evnt"}}) {
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            int code = LinkerCli.run(args, new java.io.PrintWriter(out), new java.io.PrintWriter(err));
            org.junit.jupiter.api.Assertions.assertEquals(2, code, String.join(" ", args) + ": " + err);
            org.junit.jupiter.api.Assertions.assertTrue(err.toString().contains("Unmatched argument at index 0: '"
                    + args[0] + "'"), err.toString());
            org.junit.jupiter.api.Assertions.assertEquals("", out.toString(), "no general help on stdout");
        }
        java.io.StringWriter err = new java.io.StringWriter();
        LinkerCli.run(new String[] {"evnt"}, new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(err));
        org.junit.jupiter.api.Assertions.assertTrue(err.toString().contains("Did you mean: linker event or linker eval?"),
                err.toString());
    }
}
