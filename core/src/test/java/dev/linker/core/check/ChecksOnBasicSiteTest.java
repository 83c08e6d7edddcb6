package dev.linker.core.check;

import dev.linker.core.Sites;
import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChecksOnBasicSiteTest {
    private static AuditResult audit(AuditConfig.Builder b) {
        return Auditor.run(b.siteDir(Sites.dir("basic")).discoverConfig(false).build());
    }

    private static AuditResult audit() {
        return audit(AuditConfig.builder());
    }

    private static List<Finding> of(AuditResult r, String check) {
        return r.findings().stream().filter(f -> f.checkId().equals(check)).toList();
    }

    @Test
    void orphan_is_reported_for_a_page_no_page_links_to_and_mentions_the_sitemap() {
        List<Finding> o = of(audit(), "orphan");
        assertEquals(1, o.size(), o.toString());
        assertEquals("/orphan.html", o.get(0).pageUrl());
        assertEquals(Severity.ERROR, o.get(0).severity());
        assertTrue(o.get(0).message().contains("sitemap.xml"));
    }

    @Test
    void redirect_stubs_noindex_pages_and_the_entry_page_are_never_orphans() {
        AuditResult r = audit();
        for (String check : List.of("orphan", "content-orphan", "unreachable")) {
            for (Finding f : of(r, check)) {
                assertFalse(List.of("/", "/old.html", "/noindex.html").contains(f.pageUrl()), f.toString());
            }
        }
    }

    @Test
    void content_orphan_is_reported_when_only_nav_links_point_to_it() {
        List<String> pages = of(audit(), "content-orphan").stream().map(Finding::pageUrl).toList();
        assertTrue(pages.contains("/about.html"), pages.toString());
        assertFalse(pages.contains("/orphan.html"), "an outright orphan is reported once, as orphan");
        assertFalse(pages.contains("/blog/post-a.html"));
    }

    @Test
    void an_absolute_link_to_the_base_url_host_counts_as_internal() {
        List<String> without = of(audit(), "content-orphan").stream().map(Finding::pageUrl).toList();
        List<String> with = of(audit(AuditConfig.builder().baseUrl("https://acme.test/")), "content-orphan")
                .stream().map(Finding::pageUrl).toList();
        assertTrue(without.contains("/blog/"));
        assertFalse(with.contains("/blog/"), with.toString());
    }

    @Test
    void broken_link_points_at_the_file_line_and_column_of_the_tag() {
        List<Finding> b = of(audit(), "broken-link");
        Finding missing = b.stream().filter(f -> "/missing.html".equals(f.targetUrl())).findFirst().orElseThrow();
        assertEquals("about.html", missing.file());
        assertEquals(7, missing.line());
        assertEquals(8, missing.column());
        assertEquals("the missing page", missing.anchor());
    }

    @Test
    void broken_fragment_is_reported_but_an_existing_section_id_is_not() {
        List<String> msgs = of(audit(), "broken-link").stream().map(Finding::message).toList();
        assertTrue(msgs.stream().anyMatch(m -> m.contains("#nosuch")), msgs.toString());
        assertFalse(msgs.stream().anyMatch(m -> m.contains("#setup")), msgs.toString());
    }

    @Test
    void sitemap_entries_without_a_page_are_broken() {
        assertTrue(of(audit(), "broken-link").stream().anyMatch(f -> f.file().equals("sitemap.xml") && f.pageUrl().equals("/gone.html")));
    }

    @Test
    void links_to_meta_refresh_pages_and_redirects_file_entries_are_redirect_links() {
        List<String> targets = of(audit(), "redirect-link").stream().map(Finding::targetUrl).toList();
        assertEquals(List.of("/old.html", "/legacy"), targets);
    }

    @Test
    void stale_anchor_is_reported_when_the_anchor_is_an_old_version_of_the_title() {
        List<Finding> s = of(audit(), "stale-anchor");
        assertEquals(1, s.size(), s.toString());
        assertEquals("Installing Acme 1.0", s.get(0).anchor());
        assertTrue(s.get(0).message().contains("'Installing Acme 2.0'"), "the site template ' — Acme' is stripped: " + s.get(0).message());
    }

    @Test
    void generic_anchor_flags_click_here_in_content() {
        List<Finding> g = of(audit(), "generic-anchor");
        assertEquals(1, g.size(), g.toString());
        assertEquals("click here", g.get(0).anchor());
    }

    @Test
    void reciprocal_content_links_are_one_info_finding_per_pair() {
        List<Finding> r = of(audit(), "reciprocal");
        assertEquals(1, r.size());
        assertEquals(Severity.INFO, r.get(0).severity());
        assertTrue(r.get(0).message().contains("/blog/post-a.html and /blog/post-b.html"));
    }

    @Test
    void noindex_target_and_nofollow_internal_are_reported() {
        AuditResult r = audit();
        assertEquals(List.of("/noindex.html"), of(r, "noindex-target").stream().map(Finding::targetUrl).toList());
        assertEquals(List.of("/contact.html"), of(r, "nofollow-internal").stream().map(Finding::targetUrl).toList());
    }

    @Test
    void deep_page_uses_the_configured_max_depth() {
        assertTrue(of(audit(), "deep-page").isEmpty());
        AuditResult r = audit(AuditConfig.builder().checks(Map.of("deep-page", new CheckSettings(null, null, Map.of("maxDepth", 1L)))));
        List<String> deep = of(r, "deep-page").stream().map(Finding::pageUrl).toList();
        assertTrue(deep.contains("/blog/post-b.html"), deep.toString());
    }

    @Test
    void too_many_links_uses_the_configured_maximum() {
        AuditResult r = audit(AuditConfig.builder().checks(Map.of("too-many-links", new CheckSettings(null, null, Map.of("max", 8L)))));
        assertEquals(List.of("/about.html"), of(r, "too-many-links").stream().map(Finding::pageUrl).toList());
    }

    @Test
    void a_disabled_check_reports_nothing_and_severity_can_be_changed() {
        AuditResult r = audit(AuditConfig.builder().checks(Map.of(
                "reciprocal", new CheckSettings(false, null, Map.of()),
                "orphan", new CheckSettings(null, Severity.WARNING, Map.of()))));
        assertTrue(of(r, "reciprocal").isEmpty());
        assertEquals(Severity.WARNING, of(r, "orphan").get(0).severity());
    }

    @Test
    void ignored_pages_lose_their_findings() {
        AuditResult r = audit(AuditConfig.builder().ignorePages(List.of("/orphan.*", "/blog/**")));
        assertTrue(r.findings().stream().noneMatch(f -> f.pageUrl().equals("/orphan.html") || f.pageUrl().startsWith("/blog/")));
        assertFalse(r.findings().isEmpty());
    }

    @Test
    void summary_counts_the_site() {
        var s = audit().summary();
        assertEquals(9, s.pages());
        assertEquals(1, s.orphans());
        assertEquals(2, s.brokenLinks(), "missing page and missing fragment; the sitemap entry is not a link");
        assertEquals(Map.of(0, 1, 1, 4, 2, 2, 3, 1), s.depthHistogram());
        assertEquals(3, s.findings().get("broken-link"));
    }

    @Test
    void findings_come_most_severe_first() {
        List<Severity> sev = audit().findings().stream().map(Finding::severity).toList();
        for (int i = 1; i < sev.size(); i++) {
            assertTrue(sev.get(i - 1).compareTo(sev.get(i)) <= 0, sev.toString());
        }
    }
}
