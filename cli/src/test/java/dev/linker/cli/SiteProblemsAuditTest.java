package dev.linker.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.linker.cli.AuditCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Problems with a site's files that are not pages (sitemap.xml, _redirects) are findings in every report, never a crash. */
class SiteProblemsAuditTest {
    /** A sitemap with a space in a {@code <loc>} and a Latin-1 {@code _redirects}. */
    static final Path SITE = Path.of("src/test/resources/sites/site-problems");

    @TempDir
    Path tmp;

    @Test
    void a_bad_sitemap_loc_and_a_latin1_redirects_file_are_reported_in_the_text_report_with_exit_1() {
        AuditCommandTest.Run r = run("audit", SITE.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("  sitemap.xml\n    sitemap.xml  error    sitemap.xml has an invalid <loc> "
                + "'https://example.com/my page.html': illegal character in path (character 23)\n"), r.out());
        assertTrue(r.out().contains("    _redirects  error    _redirects is not valid UTF-8; invalid bytes were replaced\n"),
                r.out());
        assertTrue(r.out().contains("Summary\n"), "the whole report is printed: " + r.out());
        assertFalse(r.err().contains("unexpected error"), r.err());
    }

    @Test
    void every_format_renders_findings_that_have_no_page() throws IOException {
        Path dir = tmp.resolve("reports");
        AuditCommandTest.Run r = run("audit", SITE.toString(), "-f", "text,json,markdown,sarif,github,html",
                "-o", dir.toString(), "-q");
        assertEquals(1, r.code(), r.err());
        for (String f : new String[]{"report.txt", "report.json", "report.md", "report.sarif", "report.github.txt",
                "report.html"}) {
            String report = Files.readString(dir.resolve(f), StandardCharsets.UTF_8);
            assertTrue(report.contains("my page.html"), f + ": " + report);
            assertTrue(report.contains("_redirects is not valid UTF-8"), f + ": " + report);
        }
    }
}
