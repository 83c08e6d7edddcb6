package dev.linker.core.config;

import dev.linker.core.result.FailOn;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.validate.Ranges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuditConfigTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void defaults_apply_when_nothing_is_set() {
        AuditConfig c = AuditConfig.builder().siteDir(tmp).discoverConfig(false).build();
        assertEquals(FailOn.ERROR, c.reporting().failOn());
        assertEquals(List.of("text"), c.reporting().formats());
        assertNull(c.input().entry());
        assertTrue(c.rules().checks().isEmpty());
    }

    @Test
    void file_values_override_defaults_and_explicit_values_override_the_file() throws IOException {
        Path f = write("linker.yml", """
                site: public
                baseUrl: https://acme.test/
                failOn: warning
                formats: [json, html]
                checks:
                  deep-page: { maxDepth: 6, severity: error }
                  reciprocal: off
                  orphan: warning
                """);
        AuditConfig fromFile = AuditConfig.builder().configFile(f).build();
        assertEquals(tmp.resolve("public"), fromFile.input().siteDir(),
                "paths resolve against the config file's folder");
        assertEquals(FailOn.WARNING, fromFile.reporting().failOn());
        assertEquals(List.of("json", "html"), fromFile.reporting().formats());
        assertEquals(6L, fromFile.check("deep-page").options().get("maxDepth"));
        assertEquals(Severity.ERROR, fromFile.check("deep-page").severity());
        assertEquals(false, fromFile.check("reciprocal").enabled());
        assertEquals(Severity.WARNING, fromFile.check("orphan").severity());

        AuditConfig cli = AuditConfig.builder().configFile(f).siteDir(Path.of("dist")).failOn(FailOn.NEVER)
                .checks(Map.of("deep-page", new CheckSettings(null, null, Map.of("maxDepth", 3L)))).build();
        assertEquals(Path.of("dist"), cli.input().siteDir());
        assertEquals(FailOn.NEVER, cli.reporting().failOn());
        assertEquals(3L, cli.check("deep-page").options().get("maxDepth"));
        assertEquals(Severity.ERROR, cli.check("deep-page").severity(), "options merge; the file's severity stays");
    }

    @Test
    void json_config_files_work_too() throws IOException {
        Path f = write("linker.json", "{\"site\": \"out\", \"entry\": \"docs/index.html\"}");
        assertEquals("docs/index.html", AuditConfig.builder().configFile(f).build().input().entry());
    }

    @Test
    void linker_yml_in_the_working_folder_is_found_without_being_named() throws IOException {
        write("linker.yml", "site: public\nfailOn: never\n");
        AuditConfig c = AuditConfig.builder().workingDir(tmp).build();
        assertEquals(FailOn.NEVER, c.reporting().failOn());
        assertEquals(tmp.resolve("linker.yml"), c.configFile());
    }

    @Test
    void an_unknown_key_is_an_error_naming_the_file_the_key_and_a_suggestion() throws IOException {
        Path f = write("linker.yml", "site: public\nfailon: warning\n");
        LinkerException e = assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f).build());
        assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key 'failon'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'failOn'"), e.getMessage());
    }

    @Test
    void an_unknown_check_or_option_is_an_error_naming_it() throws IOException {
        Path f1 = write("a.yml", "site: x\nchecks:\n  orphans: off\n");
        assertTrue(assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f1).build())
                .getMessage().contains("unknown check 'orphans' — did you mean 'orphan'?"));
        Path f2 = write("b.yml", "site: x\nchecks:\n  deep-page: { maxdepth: 3 }\n");
        assertTrue(assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f2).build())
                .getMessage().contains("check 'deep-page' has no option 'maxdepth' — did you mean 'maxDepth'?"));
    }

    @Test
    void bad_values_and_bad_yaml_are_errors_naming_the_key_or_line() throws IOException {
        Path f1 = write("a.yml", "site: x\nfailOn: sometimes\n");
        String m1 = assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f1).build()).getMessage();
        assertTrue(m1.contains("'failOn'") && m1.contains("sometimes") && m1.contains("error, warning, never"), m1);
        Path f2 = write("b.yml", "site: x\n  checks: [\n");
        String m2 = assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f2).build()).getMessage();
        assertTrue(m2.contains("not valid YAML") && m2.contains("b.yml"), m2);
        Path f3 = write("c.yml", "site: x\ngit: maybe\n");
        assertTrue(assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f3).build())
                .getMessage().contains("key 'git' must be true or false"));
    }

    @Test
    void a_missing_config_file_or_site_or_unknown_format_is_an_error() {
        LinkerException missing = assertThrows(LinkerException.class,
                () -> AuditConfig.builder().configFile(tmp.resolve("nope.yml")).build());
        assertTrue(missing.message((key, value) -> "--" + key).contains("nope.yml' (--config) does not exist"),
                missing.getMessage());
        assertTrue(assertThrows(LinkerException.class, () -> AuditConfig.builder().discoverConfig(false).build())
                .getMessage().contains("no site folder"));
        assertTrue(assertThrows(LinkerException.class, () -> AuditConfig.builder().siteDir(tmp).discoverConfig(false)
                .formats(List.of("xml")).build()).getMessage().contains("unknown report format 'xml'"));
    }

    @Test
    void the_documented_example_config_is_valid_and_covers_every_key() throws IOException {
        Path example = Path.of("..", "linker.example.yml");
        String text = Files.readString(example);
        for (String key : AuditConfig.KEYS) {
            assertTrue(text.contains("\n" + key + ":") || text.contains("\n# " + key + ":"), "linker.example.yml documents " + key);
        }
        AuditConfig c = AuditConfig.builder().configFile(example).build();
        assertEquals(FailOn.ERROR, c.reporting().failOn());
    }

    private static void assertEndsWith(String end, LinkerException e) {
        assertTrue(e.getMessage().endsWith(end), e.getMessage());
    }

    private LinkerException badConfig(String yaml) throws IOException {
        Path f = write("linker.yml", "site: public\n" + yaml);
        return assertThrows(LinkerException.class, () -> AuditConfig.builder().configFile(f).build());
    }

    @Test
    void a_max_depth_too_large_for_an_int_is_out_of_range_not_a_negative_limit() throws IOException {
        LinkerException e = badConfig("checks:\n  deep-page: { maxDepth: 999999999999 }\n");
        assertEquals("config file '" + tmp.resolve("linker.yml") + "': checks.deep-page.maxDepth: 999999999999 is out of "
                + "range 1..1000", e.getMessage());
    }

    @Test
    void a_negative_link_limit_is_out_of_range() throws IOException {
        assertEndsWith(": checks.too-many-links.max: -1 is out of range 1..1000000",
                badConfig("checks:\n  too-many-links: { max: -1 }\n"));
    }

    @Test
    void numbers_that_are_not_whole_or_not_numbers_are_refused_with_their_range() throws IOException {
        assertEndsWith(": checks.stale-anchor.minWords: 2.5 is not a whole number (range 1..100)",
                badConfig("checks:\n  stale-anchor: { minWords: 2.5 }\n"));
        assertEndsWith(": checks.deep-page.maxDepth: must be a whole number in 1..1000, not 'deep'",
                badConfig("checks:\n  deep-page: { maxDepth: deep }\n"));
        assertEndsWith(": checks.deep-page.maxDepth: 1000000000000000000000000000000 is out of range 1..1000",
                badConfig("checks:\n  deep-page: { maxDepth: 1000000000000000000000000000000 }\n"));
    }

    @Test
    void option_types_are_checked_when_the_config_is_read_not_when_the_check_runs() throws IOException {
        assertEndsWith(": checks.reciprocal.contentOnly: must be true or false, not 7",
                badConfig("checks:\n  reciprocal: { contentOnly: 7 }\n"));
        assertEndsWith(": checks.generic-anchor.extraPhrases: must be a list, not 3",
                badConfig("checks:\n  generic-anchor: { extraPhrases: 3 }\n"));
    }

    @Test
    void a_max_page_size_of_zero_or_beyond_what_java_can_read_is_out_of_range() throws IOException {
        assertEndsWith(": maxPageSizeMb: 0 is out of range 0.01..2047", badConfig("maxPageSizeMb: 0\n"));
        assertEndsWith(": maxPageSizeMb: 4096 is out of range 0.01..2047", badConfig("maxPageSizeMb: 4096\n"));
        Path f = write("linker.yml", "site: public\nmaxPageSizeMb: 0.5\n");
        assertEquals(512 * 1024, AuditConfig.builder().configFile(f).build().input().maxPageBytes());
    }

    @Test
    void values_at_the_ends_of_a_range_are_accepted() throws IOException {
        Path f = write("linker.yml", "site: public\nchecks:\n  deep-page: { maxDepth: 1000 }\n  too-many-links: { max: 1 }\n");
        AuditConfig c = AuditConfig.builder().configFile(f).build();
        assertEquals(1000L, c.check("deep-page").options().get("maxDepth"));
    }

    @Test
    void options_set_by_a_door_are_range_checked_like_the_file() {
        LinkerException e = assertThrows(LinkerException.class, () -> AuditConfig.builder().siteDir(tmp)
                .discoverConfig(false).checks(Map.of("deep-page", new CheckSettings(null, null, Map.of("maxDepth", 0L))))
                .build());
        assertEquals("configuration: checks.deep-page.maxDepth: 0 is out of range 1..1000", e.getMessage());
    }

    @Test
    void every_numeric_check_option_has_a_range() {
        for (var c : dev.linker.core.check.Checks.ALL) {
            c.defaultOptions().forEach((opt, v) -> {
                if (v instanceof Number n) {
                    Ranges.Range r = Ranges.CHECK_OPTIONS.get(c.id() + "." + opt);
                    assertTrue(r != null, c.id() + "." + opt + " has a range");
                    assertTrue(n.doubleValue() >= r.min() && n.doubleValue() <= r.max(), c.id() + "." + opt + " default in range");
                }
            });
        }
    }
}
