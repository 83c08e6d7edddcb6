package dev.linker.core.report;

import dev.linker.core.result.LinkerException;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportersTest {

    @Test
    void every_listed_format_has_a_reporter_answering_to_that_id_with_its_own_extension() {
        Set<String> extensions = new HashSet<>();
        for (String f : Reporters.formats()) {
            Reporter r = Reporters.forFormat(f);
            assertEquals(f, r.format());
            assertTrue(extensions.add(r.extension()), "extension " + r.extension() + " used twice");
        }
        assertEquals(6, extensions.size());
    }

    @Test
    void format_ids_are_case_insensitive_and_md_means_markdown() {
        assertEquals("sarif", Reporters.forFormat(" SARIF ").format());
        assertEquals("markdown", Reporters.forFormat("md").format());
    }

    @Test
    void unknown_format_is_an_error_naming_it_and_the_valid_formats() {
        LinkerException e = assertThrows(LinkerException.class, () -> Reporters.forFormat("xml"));
        assertTrue(e.getMessage().contains("'xml'"), e.getMessage());
        assertTrue(e.getMessage().contains("text, json, markdown, sarif, github, html"), e.getMessage());
        assertThrows(LinkerException.class, () -> Reporters.forFormat(null));
    }

    @Test
    void the_version_reports_carry_by_default_is_the_one_the_build_stamped() {
        String v = Version.current();
        assertNotEquals("unknown", v, "the filtered linker-version.properties resource is missing");
        assertTrue(v.matches("\\d+\\.\\d+\\.\\d+.*"), v);
        assertEquals(v, ReportOptions.defaults().toolVersion());
    }

    @Test
    void report_options_reject_a_cap_below_one() {
        assertThrows(IllegalArgumentException.class, () -> ReportOptions.defaults().withMaxAnnotations(0));
        assertThrows(IllegalArgumentException.class, () -> ReportOptions.defaults().withMaxTableRows(0));
    }
}
