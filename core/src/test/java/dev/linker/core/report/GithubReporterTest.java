package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GithubReporterTest {

    private static List<String> lines(AuditResult r, ReportOptions o) throws IOException {
        String out = Findings.render(new GithubReporter(o), r);
        assertTrue(out.isEmpty() || out.endsWith("\n"));
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    @Test
    void message_escapes_percent_carriage_return_and_newline_and_nothing_else() throws IOException {
        Finding f = Findings.of(Severity.ERROR, "broken-link", "100% broken:\r\nsee a, b");
        List<String> l = lines(Findings.withFindings(List.of(f)), ReportFixture.OPTIONS);
        assertEquals(1, l.size());
        assertTrue(l.getFirst().endsWith("::100%25 broken:%0D%0Asee a, b"), l.getFirst());
    }

    @Test
    void property_values_also_escape_colon_and_comma() throws IOException {
        Finding f = new Finding("odd:check,id", Severity.WARNING, "m",
                new Finding.Place("/a,b.html", "a,b:c%.html", 2, 0), null, null);
        String line = lines(Findings.withFindings(List.of(f)), ReportFixture.OPTIONS).getFirst();
        assertEquals("::warning file=src/test/resources/sites/report-basic/a%2Cb%3Ac%25.html,line=2,"
                + "title=odd%3Acheck%2Cid::m", line);
    }

    @Test
    void page_findings_without_a_line_carry_only_the_file_and_without_a_file_name_the_page() throws IOException {
        Finding noLine = new Finding("orphan", Severity.WARNING, "No links.",
                new Finding.Place("/a.html", "a.html", 0, 0), null, null);
        Finding noFile = new Finding("orphan", Severity.INFO, "No links.",
                new Finding.Place("https://x.test/p", "", 0, 0), null, null);
        List<String> l = lines(Findings.withFindings(List.of(noLine, noFile)), ReportFixture.OPTIONS);
        assertEquals("::warning file=src/test/resources/sites/report-basic/a.html,title=orphan::No links.", l.get(0));
        assertEquals("::notice title=orphan::https://x.test/p: No links.", l.get(1));
    }

    @Test
    void most_severe_come_first_and_the_cap_ends_with_one_notice_counting_the_rest() throws IOException {
        List<Finding> fs = new ArrayList<>();
        fs.addAll(Findings.many(30, Severity.INFO, "deep-page", "deep"));
        fs.addAll(Findings.many(20, Severity.WARNING, "orphan", "orphan"));
        fs.addAll(Findings.many(10, Severity.ERROR, "broken-link", "broken"));
        List<String> l = lines(Findings.withFindings(fs), ReportFixture.OPTIONS.withMaxAnnotations(50));
        assertEquals(50, l.size(), "49 findings and the notice stay within GitHub's 50 annotations per job");
        for (int i = 0; i < 10; i++) {
            assertTrue(l.get(i).startsWith("::error "), l.get(i));
        }
        for (int i = 10; i < 30; i++) {
            assertTrue(l.get(i).startsWith("::warning "), l.get(i));
        }
        assertEquals("::notice title=Linker::11 more findings — see the job summary/report", l.get(49));
    }

    @Test
    void no_notice_when_everything_fits_under_the_cap() throws IOException {
        List<Finding> fs = Findings.many(5, Severity.ERROR, "broken-link", "broken");
        List<String> l = lines(Findings.withFindings(fs), ReportFixture.OPTIONS.withMaxAnnotations(5));
        assertEquals(5, l.size());
        assertTrue(l.stream().allMatch(s -> s.startsWith("::error ")));
    }

    @Test
    void file_paths_are_absolute_when_the_site_lies_outside_the_working_directory() throws IOException {
        Finding f = Findings.of(Severity.ERROR, "broken-link", "m");
        Path elsewhere = Path.of("src/main").toAbsolutePath();
        String line = lines(Findings.withFindings(List.of(f)), ReportFixture.OPTIONS.withWorkingDir(elsewhere)).getFirst();
        String site = ReportFixture.SITE.toAbsolutePath().normalize().toString().replace('\\', '/');
        assertTrue(line.contains("file=" + GithubReporter.escapeProperty(site + "/guides/setup.html") + ","), line);
    }
}
