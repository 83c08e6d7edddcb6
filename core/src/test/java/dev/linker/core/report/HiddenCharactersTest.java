package dev.linker.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A page title with a right-to-left override and a NUL ("Trojan Source") is shown escaped in every report a person
 * reads, so it cannot reorder an annotation or corrupt a terminal; JSON and SARIF keep the exact text, with those characters escaped.
 */
class HiddenCharactersTest {
    /** As a page would carry it: RLO reverses what follows, PDI and NUL are invisible. */
    static final String TROJAN = "Title \"abc\u202Edcb\u2069\u0000\" changed";
    static final String SHOWN = "Title \"abc\\u202Edcb\\u2069\\u0000\" changed";

    private static AuditResult result() {
        return Findings.withFindings(List.of(Findings.of(Severity.ERROR, "stale-anchor", TROJAN)));
    }

    private static void assertNoHidden(String out) {
        assertTrue(out.chars().noneMatch(c -> Visible.hidden((char) c)), "no raw control or bidi character");
    }

    @Test
    void text_shows_them_as_escapes() throws IOException {
        String out = Findings.render(new TextReporter(), result());
        assertTrue(out.contains("    guides/setup.html:10:15  error    " + SHOWN + "\n"), out);
        assertNoHidden(out);
    }

    @Test
    void github_annotation_shows_them_as_escapes() throws IOException {
        String out = Findings.render(new GithubReporter(ReportFixture.OPTIONS), result());
        assertEquals("::error file=src/test/resources/sites/report-basic/guides/setup.html,line=10,col=15,"
                + "title=stale-anchor::" + SHOWN + "\n", out);
    }

    @Test
    void markdown_shows_them_as_escapes_with_the_backslash_kept() throws IOException {
        String out = Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), result());
        assertTrue(out.contains("| `guides/setup.html:10:15` | stale-anchor | Title \"abc\\\\u202Edcb\\\\u2069\\\\u0000\" "
                + "changed |\n"), out);
        assertNoHidden(out);
    }

    @Test
    void html_shows_them_as_escapes() throws IOException {
        String out = Findings.render(new HtmlReporter(ReportFixture.OPTIONS), result());
        assertTrue(out.contains("<td>Title &quot;abc\\u202Edcb\\u2069\\u0000&quot; changed</td>"), out);
        assertNoHidden(out);
    }

    @Test
    void json_and_sarif_keep_the_exact_text_and_stay_valid() throws IOException {
        ObjectMapper m = new ObjectMapper();
        String json = Findings.render(new JsonReporter(ReportFixture.OPTIONS), result());
        assertFalse(json.contains("\u0000"), "NUL is written as \\u0000");
        assertFalse(json.contains("\u202E"), "the override is written as \\u202E: " + json);
        assertEquals(TROJAN, m.readTree(json).at("/findings/0/message").asText());
        String sarif = Findings.render(new SarifReporter(ReportFixture.OPTIONS), result());
        assertEquals(TROJAN, m.readTree(sarif).at("/runs/0/results/0/message/text").asText());
        assertFalse(sarif.contains("\u202E"), "a SARIF viewer cannot be made to reorder the line");
    }

    @Test
    void tab_and_newline_are_not_hidden_characters_and_ordinary_text_is_unchanged() {
        assertEquals("a\tb\nc é 中", Visible.of("a\tb\nc é 中"));
        assertEquals("\\u200F\\u061C\\u007F\\u009B", Visible.of("\u200F\u061C\u007F\u009B"));
    }
}
