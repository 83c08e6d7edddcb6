package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.core.audit.Auditor;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.report.AuditResult;
import dev.linker.core.result.Finding;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GET /api/v1/report: a small site built as HTML and audited as {@code linker audit} does, and the same pages and
 * content links sent through PUT /api/v1/pages, give the same orphans, broken links, loops and per-page counts.
 */
class LinkReportApiTest {
    static final String AUTH = "Bearer " + TestServer.KEY;

    @TempDir
    static Path dir;
    static TestServer t;
    static Site html;
    static AuditResult audit;

    @BeforeAll
    static void start() throws URISyntaxException {
        Path root = Path.of(LinkReportApiTest.class.getClassLoader().getResource("sites/link-health").toURI());
        html = SiteReader.read(ReadOptions.of(root));
        audit = Auditor.audit(AuditConfig.builder().siteDir(root).discoverConfig(false).git(false).build(), html);
        t = TestServer.start(dir.resolve("index"), ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)));
        List<Object> pages = new ArrayList<>();
        for (Page p : html.pages().values()) {
            List<Object> links = new ArrayList<>();
            for (Link l : p.links()) {
                if (l.content()) { // what a CMS finds in the rendered content: no menus, no footer
                    links.add(Map.of("href", l.href(), "anchor", l.anchorText()));
                }
            }
            Map<String, Object> page = new LinkedHashMap<>();
            page.put("url", p.url());
            page.put("title", p.title());
            page.put("text", p.text());
            page.put("links", links);
            pages.add(page);
        }
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", pages), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
    }

    @AfterAll
    static void stop() {
        t.close();
    }

    static JsonNode report(String query) {
        TestServer.Res r = t.send("GET", "/api/v1/report" + query, null);
        assertEquals(200, r.status(), r.body());
        return r.json();
    }

    static Set<String> findings(String... checks) {
        Set<String> out = new TreeSet<>();
        for (Finding f : audit.findings()) {
            if (Set.of(checks).contains(f.checkId())) {
                out.add(f.pageUrl() + (f.targetUrl() == null ? "" : " -> " + f.targetUrl()));
            }
        }
        return out;
    }

    @Test
    void the_orphans_are_the_audits() {
        Set<String> got = new TreeSet<>();
        report("").get("orphans").forEach(o -> got.add(o.get("url").asText()));
        assertEquals(findings("orphan", "content-orphan"), got);
        assertTrue(got.contains("/orphan.html"), "the fixture has an orphan (linked from menus only): " + got);
        assertEquals(audit.summary().contentOrphans(), report("").get("summary").get("contentOrphans").asInt());
    }

    @Test
    void the_broken_links_are_the_audits_with_their_href_and_anchor() {
        Set<String> got = new TreeSet<>();
        JsonNode broken = report("").get("brokenLinks");
        broken.forEach(b -> got.add(b.get("source").asText() + " -> " + b.get("target").asText()));
        assertEquals(findings("broken-link"), got);
        assertEquals(Set.of("/espresso.html -> /missing.html", "/water.html -> /gone/"), got);
        JsonNode first = broken.get(0);
        assertEquals("/missing.html", first.get("href").asText(), broken.toString());
        assertEquals("old tamping guide", first.get("anchor").asText(), broken.toString());
        assertEquals(audit.summary().brokenLinks(), report("").get("summary").get("brokenLinks").asInt());
    }

    @Test
    void each_pages_inbound_and_outbound_content_links_are_the_audits() {
        LinkGraph g = audit.graph();
        Map<String, Integer> outbound = new TreeMap<>();
        g.edges().stream().filter(LinkGraph.Edge::content).forEach(e -> outbound.merge(e.source(), 1, Integer::sum));
        Map<String, String> want = new TreeMap<>();
        for (String url : g.urls()) {
            want.put(url, g.contentInbound(url) + " in, " + outbound.getOrDefault(url, 0) + " out");
        }
        Map<String, String> got = new TreeMap<>();
        report("?limit=1000").get("pages").forEach(p -> got.put(p.get("url").asText(),
                p.get("inbound").asInt() + " in, " + p.get("outbound").asInt() + " out"));
        assertEquals(want, got);
        assertEquals("3 in, 2 out", got.get("/espresso.html"), "the counts are not all alike: " + got);
        assertEquals("1 in, 0 out", got.get("/milk.html"), "its link to the site's own host is external here: " + got);
    }

    @Test
    void reciprocal_pairs_are_the_audits() {
        Set<String> want = new TreeSet<>();
        audit.graph().reciprocalPairs(true).forEach(e -> want.add(e.source() + " <-> " + e.target()));
        Set<String> got = new TreeSet<>();
        report("").get("reciprocal").forEach(l -> got.add(l.get("a").asText() + " <-> " + l.get("b").asText()));
        assertEquals(want, got);
        assertTrue(got.contains("/espresso.html <-> /grinder.html"), got.toString());
    }

    @Test
    void a_posts_list_asks_for_its_pages_sorted_by_inbound_links() {
        JsonNode r = report("?sort=inbound&order=desc&limit=3");
        assertEquals(html.pages().size(), r.get("total").asInt());
        assertEquals(3, r.get("pages").size());
        List<String> firstTwo = List.of(r.get("pages").get(0).get("url").asText(),
                r.get("pages").get(1).get("url").asText());
        assertEquals(Set.of("/espresso.html", "/grinder.html"), Set.copyOf(firstTwo), r.toString());
        assertTrue(r.get("pages").get(2).get("inbound").asInt() < 3, r.toString());
        JsonNode next = report("?sort=inbound&order=desc&offset=2&limit=1");
        assertEquals(r.get("pages").get(2), next.get("pages").get(0), "offset pages through the same order");
        JsonNode two = report("?url=/orphan.html&url=/water.html");
        assertEquals(2, two.get("total").asInt(), two.toString());
        assertEquals(1, two.get("orphans").size(), two.toString());
        assertEquals("/water.html", two.get("brokenLinks").get(0).get("source").asText(), two.toString());
        assertFalse(two.toString().contains("/missing.html"), "only what touches the pages asked for: " + two);
    }

    @Test
    void a_link_added_through_the_api_changes_the_report() {
        JsonNode before = report("?url=/orphan.html");
        assertEquals(1, before.get("orphans").size(), before.toString());
        Map<String, Object> beans = new LinkedHashMap<>();
        beans.put("url", "/beans.html");
        beans.put("title", "Roast levels");
        beans.put("links", List.of(Map.of("href", "/grinder.html#burrs", "anchor", "fine burrs"),
                Map.of("href", "orphan.html", "anchor", "cold brew")));
        assertEquals(200, t.put("/api/v1/pages", Map.of("pages", List.of(beans)), "Authorization", AUTH).status());
        JsonNode after = report("?url=/orphan.html");
        assertEquals(0, after.get("orphans").size(), after.toString());
        assertEquals(1, after.get("pages").get(0).get("inbound").asInt(), after.toString());
        beans.put("links", List.of(Map.of("href", "/grinder.html#burrs", "anchor", "fine burrs")));
        assertEquals(200, t.put("/api/v1/pages", Map.of("pages", List.of(beans)), "Authorization", AUTH).status());
    }

    @Test
    void bad_parameters_are_400_naming_them() {
        for (String[] c : new String[][] {{"?limit=0", "limit"}, {"?limit=x", "limit"}, {"?offset=-1", "offset"},
                {"?sort=score", "sort"}, {"?order=up", "order"}}) {
            TestServer.Res r = t.send("GET", "/api/v1/report" + c[0], null);
            assertEquals(400, r.status(), r.body());
            assertEquals(c[1], r.json().get("error").get("field").asText(), r.body());
        }
    }
}
