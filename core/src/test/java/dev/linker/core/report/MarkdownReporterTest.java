package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarkdownReporterTest {

    /** Cells of a GFM table row: split on pipes not preceded by a backslash. */
    private static List<String> cells(String row) {
        String inner = row.substring(1, row.length() - 1);
        return List.of(inner.split("(?<!\\\\)\\|", -1));
    }

    private static String findingRow(String out) {
        return out.lines().filter(l -> l.startsWith("| `guides/setup.html:10:15`")).findFirst().orElseThrow();
    }

    @Test
    void a_pipe_in_a_message_stays_inside_its_cell() throws IOException {
        Finding f = Findings.of(Severity.WARNING, "stale-anchor", "Anchor \"a | b\" | c");
        String row = findingRow(Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), Findings.withFindings(List.of(f))));
        List<String> c = cells(row);
        assertEquals(3, c.size(), row);
        assertEquals(" Anchor \"a \\| b\" \\| c ", c.get(2));
    }

    @Test
    void markdown_and_html_in_a_message_are_shown_not_interpreted() throws IOException {
        Finding f = Findings.of(Severity.ERROR, "broken-link",
                "<img src=x onerror=alert(1)> [click](javascript:x) *bold* _it_ `code` ~del~ a\\b\nnext");
        String row = findingRow(Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), Findings.withFindings(List.of(f))));
        assertEquals(" &lt;img src=x onerror=alert(1)&gt; \\[click\\](javascript:x) \\*bold\\* \\_it\\_ \\`code\\` "
                + "\\~del\\~ a\\\\b next ", cells(row).get(2));
    }

    @Test
    void many_findings_stop_at_the_row_cap_and_say_how_many_more() throws IOException {
        List<Finding> fs = Findings.many(1500, Severity.WARNING, "orphan", "No page links here.");
        String out = Findings.render(new MarkdownReporter(ReportFixture.OPTIONS.withMaxTableRows(1000)),
                Findings.withFindings(fs));
        long rows = out.lines().filter(l -> l.startsWith("| `p")).count();
        assertEquals(1000, rows);
        assertTrue(out.contains("… and 500 more findings"), out.substring(out.length() - 200));
    }

    @Test
    void huge_messages_keep_the_summary_under_githubs_one_mebibyte_limit() throws IOException {
        List<Finding> fs = new ArrayList<>();
        fs.addAll(Findings.many(3000, Severity.ERROR, "broken-link", "é|".repeat(2000)));
        String out = Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), Findings.withFindings(fs));
        int bytes = out.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 1024 * 1024, bytes + " bytes");
        long rows = out.lines().filter(l -> l.startsWith("| `p")).count();
        assertTrue(rows > 100 && rows < 1000, rows + " rows: the byte budget, not the row cap, must stop this table");
        assertTrue(out.contains("… and " + (3000 - rows) + " more findings"));
        String firstRow = out.lines().filter(l -> l.startsWith("| `p")).findFirst().orElseThrow();
        assertTrue(firstRow.endsWith("… |"), firstRow.substring(firstRow.length() - 20));
    }

    @Test
    void a_clean_audit_says_so() throws IOException {
        String out = Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), ReportFixture.clean());
        assertTrue(out.startsWith("## Linker audit: no findings\n"));
        assertTrue(out.endsWith("No findings.\n"));
    }
}
