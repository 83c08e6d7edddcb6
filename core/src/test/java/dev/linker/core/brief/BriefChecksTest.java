package dev.linker.core.brief;

import dev.linker.core.Sites;
import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BriefChecksTest {
    private static final Path BRIEFS = Sites.dir("briefs");

    private static List<Finding> briefFindings(Path briefs) {
        AuditResult r = Auditor.run(AuditConfig.builder().siteDir(Sites.dir("sources").resolve("public"))
                .discoverConfig(false).git(false).briefsDir(briefs).build());
        return r.findings().stream().filter(f -> f.checkId().startsWith("brief-")).toList();
    }

    @Test
    void a_required_link_the_published_page_lacks_is_an_error_on_the_brief_line() {
        List<Finding> missing = briefFindings(BRIEFS).stream().filter(f -> f.checkId().equals("brief-missing-link")).toList();
        Finding about = missing.stream().filter(f -> "/about-us/".equals(f.targetUrl())).findFirst().orElseThrow();
        assertEquals(Severity.ERROR, about.severity());
        assertEquals("/guides/espresso-101/", about.pageUrl());
        assertEquals("/guides/espresso-101/ lacks the link to /about-us/ that its brief espresso.md requires", about.message());
        assertEquals(BRIEFS.resolve("espresso.md"), about.source().file());
        assertEquals(10, about.source().line());
    }

    @Test
    void a_required_link_to_a_page_that_does_not_exist_says_so_and_a_present_link_is_not_reported() {
        List<Finding> missing = briefFindings(BRIEFS).stream().filter(f -> f.checkId().equals("brief-missing-link")).toList();
        assertTrue(missing.stream().anyMatch(f -> f.message().contains("/guides/grinders/, which is not a page of the site")), missing.toString());
        assertTrue(missing.stream().noneMatch(f -> "/blog/post/".equals(f.targetUrl())), "the link to /blog/post/ is there with its anchor");
        assertEquals(2, missing.size(), missing.toString());
    }

    @Test
    void a_link_with_another_anchor_than_required_is_reported_at_the_link() throws Exception {
        Path dir = Files.createTempDirectory("briefs");
        Files.writeString(dir.resolve("b.md"), "---\nurl: /guides/espresso-101/\nrequiredLinks:\n  - url: /blog/post/\n    anchor: our espresso post\n---\n");
        Finding f = briefFindings(dir).getFirst();
        assertEquals("the link to /blog/post/ says 'the post', but brief b.md requires the anchor 'our espresso post'", f.message());
        assertEquals("guides/espresso-101/index.html", f.file());
        assertTrue(f.line() > 0);
    }

    @Test
    void a_brief_without_a_page_yet_is_information() {
        Finding u = briefFindings(BRIEFS).stream().filter(f -> f.checkId().equals("brief-unpublished")).findFirst().orElseThrow();
        assertEquals(Severity.INFO, u.severity());
        assertEquals("brief latte-art.md (query 'latte art for beginners') has no published page yet: slug 'latte-art' is not in the site",
                u.message());
        assertEquals(2, u.source().line());
    }

    @Test
    void a_malformed_brief_or_a_missing_folder_is_a_clear_error() throws Exception {
        Path dir = Files.createTempDirectory("briefs");
        Files.writeString(dir.resolve("bad.md"), "---\nquery: x\n---\n");
        LinkerException e = assertThrows(LinkerException.class, () -> briefFindings(dir));
        assertTrue(e.getMessage().endsWith("bad.md' names no page: add 'url: /path/of/the/page/' or 'slug: name'"), e.getMessage());
        Files.writeString(dir.resolve("bad.md"), "---\nurl: [unclosed\n---\n");
        assertTrue(assertThrows(LinkerException.class, () -> briefFindings(dir)).getMessage().contains("invalid YAML front matter"));
        assertTrue(assertThrows(LinkerException.class, () -> briefFindings(dir.resolve("nope"))).getMessage()
                .contains("briefs folder"));
    }
}
