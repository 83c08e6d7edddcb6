package dev.linker.core.history;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryTest {
    @TempDir
    Path tmp;

    private static AuditResult audit(Path site, boolean git) {
        return Auditor.run(AuditConfig.builder().siteDir(site).discoverConfig(false).git(git).build());
    }

    private static List<Finding> stale(AuditResult r) {
        return r.findings().stream().filter(f -> f.checkId().equals("stale-anchor")).toList();
    }

    @Test
    void an_anchor_that_says_a_former_title_of_its_target_is_a_stale_anchor_with_the_date_of_the_retitle() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        List<Finding> stale = stale(audit(f.site, true));
        assertEquals(2, stale.size(), stale.toString()); // index.html and brewing.html still say "Choosing beans"
        for (Finding s : stale) {
            assertEquals("/beans.html", s.targetUrl());
            assertEquals("anchor says 'Choosing beans'; the page has been 'Picking a roast' since 2024-03-05", s.message());
        }
        assertEquals(List.of("/", "/brewing.html"), stale.stream().map(Finding::pageUrl).sorted().toList());
    }

    @Test
    void without_git_the_same_anchors_are_not_reported_as_the_words_share_nothing_with_the_new_title() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        assertTrue(stale(audit(f.site, false)).isEmpty());
    }

    @Test
    void a_retitle_not_committed_yet_says_so() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        f.git.checkout().setName("main").call(); // where brewing.html still links to storage.html
        f.edit("site/storage.html", "Storing coffee", "Keeping coffee fresh");
        List<Finding> stale = stale(audit(f.site, true)).stream().filter(s -> s.targetUrl().equals("/storage.html")).toList();
        assertEquals(1, stale.size(), stale.toString());
        assertEquals("anchor says 'Storing coffee'; the page has been 'Keeping coffee fresh' since uncommitted changes",
                stale.getFirst().message());
    }

    @Test
    void each_link_is_dated_by_the_first_commit_whose_version_of_the_page_carried_it() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        f.git.checkout().setName("main").call();
        AuditResult r = audit(f.site, true);
        LinkAges ages = r.history().linkAges();
        assertEquals(GitFixture.LINK_TIME, ages.age("/brewing.html", "/storage.html").orElseThrow().firstSeen());
        LinkAges.Age beans = ages.age("/brewing.html", "/beans.html").orElseThrow();
        assertEquals(GitFixture.BASE_TIME, beans.firstSeen());
        assertFalse(beans.atLeast(), "the whole history was read");
        assertEquals(GitFixture.BASE_TIME, ages.age("/", "/beans.html").orElseThrow().firstSeen());
        // Every internal link of the 4 pages (hrefs unique per page): Home ×4, index 2, brewing 2, beans 1, storage 2.
        assertEquals(11, ages.size());
        assertEquals(2, r.history().commits());
    }

    @Test
    void title_versions_are_newest_first_with_the_commit_that_introduced_each() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        List<TitleHistory.Version> v = audit(f.site, true).history().titles().versions("/beans.html");
        assertEquals(2, v.size(), v.toString());
        assertEquals("Picking a roast — Roastery", v.get(0).title());
        assertEquals(GitFixture.CHANGE_TIME, v.get(0).since());
        assertEquals("Choosing beans", v.get(1).h1());
        assertEquals(GitFixture.BASE_TIME, v.get(1).since());
    }

    @Test
    void a_site_outside_any_repository_is_audited_without_history() throws Exception {
        Path site = tmp.resolve("plain");
        GitFixture.copy(dev.linker.core.Sites.dir("history"), site);
        org.junit.jupiter.api.Assumptions.assumeTrue(GitRepo.find(site).isEmpty(), "the temporary folder is inside a repository");
        AuditResult r = audit(site, true);
        assertTrue(r.history().titles().isEmpty());
        assertTrue(r.history().linkAges().isEmpty());
        assertFalse(r.findings().isEmpty(), "the audit itself ran");
    }

    @Test
    void the_html_report_charts_link_ages_by_month_when_history_is_there() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        f.git.checkout().setName("main").call();
        StringBuilder html = new StringBuilder();
        dev.linker.core.report.ReportWriter.write(audit(f.site, true), List.of("html"), null, html);
        assertTrue(html.toString().contains("<section id=\"link-age\">"), "chart section");
        assertTrue(html.toString().contains("11 links dated."), "count");
        assertTrue(html.toString().contains("2024-01") && html.toString().contains("2024-02"), "month labels");
        StringBuilder without = new StringBuilder();
        dev.linker.core.report.ReportWriter.write(audit(f.site, false), List.of("html"), null, without);
        assertFalse(without.toString().contains("link-age"));
    }
}
