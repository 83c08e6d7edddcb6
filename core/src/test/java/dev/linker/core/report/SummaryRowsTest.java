package dev.linker.core.report;

import dev.linker.core.audit.Auditor;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The summary's counts are the findings reported, and where the site holds more, a note says which and why. */
class SummaryRowsTest {

    private static void assertCountsAreFindings(AuditResult r) {
        Map<String, Long> byCheck = r.findings().stream()
                .collect(Collectors.groupingBy(f -> f.checkId(), Collectors.counting()));
        List<SummaryRows.Row> rows = SummaryRows.of(r, r.findings());
        int checked = 0;
        for (SummaryRows.Row row : rows) {
            if (row.check() != null) {
                assertEquals(String.valueOf(byCheck.getOrDefault(row.check(), 0L)), row.value(),
                        row.label() + " counts the " + row.check() + " findings");
                checked++;
            }
        }
        assertEquals(5, checked, rows.toString());
    }

    @Test
    void every_count_of_a_check_is_the_number_of_its_findings_on_the_example_site() {
        AuditResult r = Auditor.run(AuditConfig.builder().siteDir(Path.of("..", "examples", "site"))
                .discoverConfig(false).build());
        assertCountsAreFindings(r);
        Map<String, SummaryRows.Row> rows = SummaryRows.of(r, r.findings()).stream()
                .collect(Collectors.toMap(SummaryRows.Row::label, x -> x));
        // The site has 4 content orphans: 2 reported, the orphan (reported as such) and the entry page are not.
        assertEquals("2", rows.get("Content orphans").value());
        assertTrue(rows.get("Content orphans").note().contains("1 is an orphan outright"), rows.toString());
        assertTrue(rows.get("Content orphans").note().contains("the entry page"), rows.toString());
        // The orphan cannot be reached either; it is reported once, as an orphan.
        assertEquals("0", rows.get("Unreachable pages").value());
        assertTrue(rows.get("Unreachable pages").note().contains("1 is an orphan"), rows.toString());
        assertTrue(rows.get("Reciprocal pairs (content)").note().contains("only through navigation"), rows.toString());
        assertEquals("14 pages, 90 links; orphans 1, content orphans 2, unreachable pages 0, broken links 1, "
                + "reciprocal pairs 5", SummaryRows.oneLine(SummaryRows.of(r, r.findings())));
    }

    @Test
    void every_count_of_a_check_is_the_number_of_its_findings_on_the_report_fixture() {
        assertCountsAreFindings(Auditor.run(ReportFixture.config()));
    }
}
