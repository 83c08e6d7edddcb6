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

    /** The pr site copied, plus {@code passwd.html} linking to a secret outside it. */
    private Path siteLinkingOutside() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        try (var files = Files.list(Path.of("src/test/resources/sites/pr"))) {
            for (Path f : files.toList()) {
                Files.copy(f, site.resolve(f.getFileName()));
            }
        }
        Path secret = tmp.resolve("passwd");
        Files.writeString(secret, "<title>root:x:0:0 secret-marker</title><p>secret-marker</p>");
        Files.createSymbolicLink(site.resolve("passwd.html"), secret);
        return site;
    }

    @Test
    void audit_never_reads_a_file_linked_from_outside_the_site_and_reports_it() throws IOException {
        Path site = siteLinkingOutside();
        Path out = tmp.resolve("r.json");
        AuditCommandTest.Run r = run("audit", site.toString(), "-f", "json", "-o", out.toString(), "-q");
        assertEquals(1, r.code(), r.err());
        String json = Files.readString(out, StandardCharsets.UTF_8);
        assertFalse(json.contains("secret-marker"), json);
        assertTrue(json.contains("\"message\": \"passwd.html links outside the site folder (to "
                + tmp.toRealPath().resolve("passwd") + "); not read\""), json);
    }

    @Test
    void index_never_reads_a_file_linked_from_outside_the_site() throws IOException {
        Path site = siteLinkingOutside();
        Path index = tmp.resolve("index");
        AuditCommandTest.Run r = run("index", site.toString(), "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("passwd.html links outside the site folder"), r.err());
        AuditCommandTest.Run s = run("suggest", "--index", index.toString(), "--query", "secret-marker root", "--format", "json");
        assertEquals(0, s.code(), s.err());
        assertFalse(s.out().contains("passwd"), s.out());
    }
}
