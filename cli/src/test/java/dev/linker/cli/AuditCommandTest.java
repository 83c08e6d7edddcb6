package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CLI as a user runs it, in-process, on the bundled example site. */
class AuditCommandTest {
    static final Path EXAMPLE = Path.of("..", "examples", "site");

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void auditing_the_example_site_prints_the_text_report_and_exits_1_for_errors() {
        Run r = run("audit", EXAMPLE.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("broken-link"), r.out());
        assertTrue(r.out().contains("blog/decaf.html:"), "findings point at file:line");
        assertTrue(r.out().contains("/blog/cold-brew.html is an orphan"), r.out());
    }

    @Test
    void fail_on_never_exits_0_and_fail_on_warning_still_exits_1() {
        assertEquals(0, run("audit", EXAMPLE.toString(), "--fail-on", "never", "-q").code());
        assertEquals(1, run("audit", EXAMPLE.toString(), "--fail-on", "warning", "-q", "--disable", "orphan,broken-link").code());
        assertEquals(0, run("audit", EXAMPLE.toString(), "-q", "--disable", "orphan,broken-link").code());
    }

    @Test
    void json_report_has_the_documented_summary() throws IOException {
        Path out = tmp.resolve("r.json");
        Run r = run("audit", EXAMPLE.toString(), "--format", "json", "--output", out.toString(), "--fail-on", "never");
        assertEquals(0, r.code(), r.err());
        JsonNode s = new ObjectMapper().readTree(out.toFile()).get("summary");
        for (String k : new String[]{"pages", "links", "contentLinks", "orphans", "contentOrphans", "unreachable",
                "brokenLinks", "reciprocalPairs", "contentReciprocalPairs", "depthHistogram", "findings"}) {
            assertTrue(s.has(k), "summary." + k);
        }
        assertEquals(14, s.get("pages").asInt());
        assertEquals(1, s.get("orphans").asInt());
        assertEquals(1, s.get("brokenLinks").asInt());
        assertTrue(r.err().contains("wrote " + out), r.err());
    }

    @Test
    void several_formats_go_to_an_output_folder() {
        Path dir = tmp.resolve("reports");
        Run r = run("audit", EXAMPLE.toString(), "-f", "json,html,sarif,markdown,github,text", "-o", dir.toString(), "-q");
        assertEquals(1, r.code(), r.err());
        for (String f : new String[]{"report.json", "report.html", "report.sarif", "report.md", "report.txt"}) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), f);
        }
    }

    @Test
    void a_missing_folder_is_exit_2_with_a_message_naming_it_and_no_stack_trace() {
        Run r = run("audit", tmp.resolve("public").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("linker: error: site folder '" + tmp.resolve("public")), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace without --verbose");
    }

    @Test
    void an_out_of_range_number_in_the_config_is_exit_2_naming_the_key_and_its_range() throws IOException {
        Path cfg = tmp.resolve("linker.yml");
        Files.writeString(cfg, "checks:\n  deep-page: { maxDepth: 999999999999 }\n");
        Run r = run("audit", EXAMPLE.toString(), "--config", cfg.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals("linker: error: config file '" + cfg + "': checks.deep-page.maxDepth: 999999999999 is out of range "
                + "1..1000\n", r.err());
    }

    @Test
    void max_annotations_of_zero_is_exit_2_in_the_flag_s_words() {
        Run r = run("audit", EXAMPLE.toString(), "--format", "github", "--max-annotations", "0");
        assertEquals(2, r.code(), r.err());
        assertEquals("linker: error: --max-annotations: 0 is out of range 1..1000\n", r.err());
    }

    @Test
    void bad_options_are_exit_2_with_usage_hints() {
        Run unknown = run("audit", EXAMPLE.toString(), "--fial-on", "never");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("--fial-on"), unknown.err());
        Run badLevel = run("audit", EXAMPLE.toString(), "--fail-on", "sometimes");
        assertEquals(2, badLevel.code());
        assertTrue(badLevel.err().contains("fail-on 'sometimes' is not one of: error, warning, never"), badLevel.err());
        Run badSelector = run("audit", EXAMPLE.toString(), "--content-selector", "main[");
        assertEquals(2, badSelector.code());
        assertTrue(badSelector.err().contains("content selector 'main['"), badSelector.err());
        Run badFormat = run("audit", EXAMPLE.toString(), "--format", "pdf");
        assertEquals(2, badFormat.code());
        assertTrue(badFormat.err().contains("unknown report format 'pdf'"), badFormat.err());
    }

    @Test
    void a_config_file_with_an_unknown_key_is_exit_2_naming_file_and_key() throws IOException {
        Path cfg = tmp.resolve("linker.yml");
        Files.writeString(cfg, "site: x\nfail_on: never\n");
        Run r = run("audit", EXAMPLE.toString(), "--config", cfg.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(cfg + "': unknown key 'fail_on'"), r.err());
    }

    @Test
    void the_config_file_sets_what_the_command_line_does_not() throws IOException {
        Path cfg = tmp.resolve("linker.yml");
        Files.writeString(cfg, "failOn: never\nchecks:\n  orphan: off\n");
        assertEquals(0, run("audit", EXAMPLE.toString(), "--config", cfg.toString(), "-q").code());
        assertEquals(1, run("audit", EXAMPLE.toString(), "--config", cfg.toString(), "--fail-on", "error", "-q").code(),
                "the command line wins over the file: the broken link fails again");
    }

    @Test
    void baseline_lets_a_site_adopt_the_audit_gradually() {
        Path b = tmp.resolve("baseline.json");
        assertEquals(1, run("audit", EXAMPLE.toString(), "--write-baseline", b.toString(), "-q").code());
        Run r = run("audit", EXAMPLE.toString(), "--baseline", b.toString());
        assertEquals(0, r.code(), r.out());
    }

    @Test
    void list_checks_and_version_and_help_work() {
        Run checks = run("audit", "--list-checks");
        assertEquals(0, checks.code());
        assertTrue(checks.out().contains("deep-page") && checks.out().contains("maxDepth=4"), checks.out());
        assertEquals(0, run("--version").code());
        Run help = run("audit", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("Exit codes: 0 ok, 1 findings"), help.out());
        assertEquals(2, run().code(), "no command is a usage error");
    }
}
