package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlReporterTest {
    private static final String EVIL = "<script>alert('x')</script>";

    private static Page page(String url, String title, List<Link> links) {
        return new Page(url, url.substring(1) + ".html", new Page.Titles(title, ""), Page.Indexing.NONE, List.of(),
                Page.Body.EMPTY, links);
    }

    private static Link link(String from, String to, String anchor) {
        return new Link(from, to, to, null, anchor, "", Placement.CONTENT, new Link.Position(1, 1));
    }

    @Test
    void script_in_titles_anchors_messages_and_urls_is_escaped_everywhere() throws IOException {
        Map<String, Page> pages = new LinkedHashMap<>();
        String evilUrl = "/" + EVIL;
        pages.put("/a", page("/a", EVIL, List.of(link("/a", evilUrl, EVIL), link("/a", "/b", EVIL))));
        pages.put("/b", page("/b", "B", List.of(link("/b", evilUrl, EVIL))));
        pages.put("/c", page("/c", "C", List.of(link("/c", evilUrl, EVIL), link("/c", "/b", "b"))));
        pages.put(evilUrl, page(evilUrl, EVIL, List.of()));
        Site site = new Site("mem", null, pages, java.util.Set.of(), Map.of());
        LinkGraph graph = LinkGraph.build(site, "/a");
        List<Finding> findings = List.of(
                new Finding("orphan", Severity.WARNING, EVIL, new Finding.Place(evilUrl, EVIL, 0, 0), null, null),
                new Finding("stale-anchor", Severity.ERROR, "msg " + EVIL, new Finding.Place("/a", "a.html", 1, 1),
                        evilUrl, EVIL),
                new Finding("x\"><script>y", Severity.INFO, "m", new Finding.Place("/c", "c.html", 1, 1), null, null));
        AuditResult r = ReportFixture.result(site, graph, findings, 0);
        String html = Findings.render(new HtmlReporter(ReportFixture.OPTIONS), r);

        assertFalse(html.contains(EVIL), "raw script survived");
        assertFalse(html.contains("\"><script>"), "attribute breakout survived");
        Matcher m = Pattern.compile("<script", Pattern.CASE_INSENSITIVE).matcher(html);
        int scripts = 0;
        while (m.find()) {
            scripts++;
        }
        assertEquals(1, scripts, "only the report's own filter script");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));

        // Parsed as a browser would: the texts come back verbatim, as text.
        Document doc = Jsoup.parse(html);
        assertEquals(1, doc.select("script").size());
        assertTrue(doc.select("#orphans td").eachText().contains(EVIL));
        Element row = doc.selectFirst("#findings-table tr[data-severity=info]");
        assertEquals("x\"><script>y", row.attr("data-check"));
        assertTrue(doc.select("#anchors td").text().contains("“" + EVIL + "”"));
    }

    @Test
    void a_catalogues_tables_show_the_first_rows_and_say_how_many_more_the_json_lists() throws IOException {
        AuditResult basic = ReportFixture.basic();
        List<Finding> many = new ArrayList<>();
        int n = HtmlReporter.MAX_ROWS + 3;
        for (int i = 0; i < n; i++) {
            many.add(new Finding("orphan", Severity.WARNING, "No page links to /p" + i,
                    new Finding.Place("/p" + i, "p" + i + ".html", 0, 0), null, null));
        }
        AuditResult r = ReportFixture.result(basic.graph().site(), basic.graph(), many, 0);
        String html = Findings.render(new HtmlReporter(ReportFixture.OPTIONS), r);
        assertEquals(HtmlReporter.MAX_ROWS, count(html, "<tr data-check="), "findings table rows");
        assertEquals(2, count(html, "… and 3 more rows: the JSON and SARIF reports list every finding."),
                "under the orphans table and under the findings table");
        assertTrue(html.contains("Findings (" + n + ")"), "the heading counts every finding");
        String json = Findings.render(new JsonReporter(ReportFixture.OPTIONS), r);
        assertEquals(n, count(json, "\"check\": \"orphan\""), "the JSON report lists every finding");
    }

    private static int count(String s, String part) {
        int c = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            c++;
        }
        return c;
    }

    @Test
    void the_report_is_self_contained_with_no_external_resource() throws IOException {
        String html = Findings.render(new HtmlReporter(ReportFixture.OPTIONS), ReportFixture.basic());
        Document doc = Jsoup.parse(html);
        assertTrue(doc.select("[src], link, iframe, object, embed, img, base, meta[http-equiv]").isEmpty(),
                "nothing is loaded from elsewhere");
        assertFalse(html.contains("@import") || html.contains("url("), "no CSS fetches");
        assertEquals(2, doc.select("svg.chart").size(), "inbound and depth charts are inline SVG");
        for (Element a : doc.select("a[href]")) {
            String href = a.attr("href");
            assertTrue(href.startsWith("#") || href.startsWith("https://"), href);
        }
    }

    @Test
    void inbound_buckets_follow_the_documented_edges() {
        int[] expected = {0, 1, 2, 3, 3, 3, 4, 4, 4, 4, 4, 5};
        for (int n = 0; n < expected.length; n++) {
            assertEquals(expected[n], HtmlReporter.bucket(n), "inbound " + n);
        }
        assertEquals(5, HtmlReporter.bucket(20));
        assertEquals(6, HtmlReporter.bucket(21));
        assertEquals(6, HtmlReporter.bucket(50));
        assertEquals(7, HtmlReporter.bucket(51));
        assertEquals(HtmlReporter.INBOUND_BUCKETS.size() - 1, HtmlReporter.bucket(100_000));
    }

    @Test
    void the_inbound_chart_counts_every_page_once_per_series() throws IOException {
        String html = Findings.render(new HtmlReporter(ReportFixture.OPTIONS), ReportFixture.basic());
        Document doc = Jsoup.parse(html);
        int[] sums = new int[2];
        for (Element rect : doc.select("#inbound svg rect[class~=s1|s2]")) {
            Element title = rect.selectFirst("title");
            if (title == null) {
                continue; // legend swatch
            }
            String t = title.text();
            sums[rect.hasClass("s1") ? 0 : 1] += Integer.parseInt(t.substring(t.lastIndexOf(' ') + 1));
        }
        assertEquals(7, sums[0]);
        assertEquals(7, sums[1]);
    }

    @Test
    void page_keys_become_links_only_to_http_addresses() {
        assertEquals("<a href=\"https://ex.com/a/\"><code>/a/</code></a>", HtmlReporter.pageLink("/a/", "https://ex.com/"));
        assertEquals("<code>/a/</code>", HtmlReporter.pageLink("/a/", null));
        assertEquals("<code>javascript:alert(1)</code>", HtmlReporter.pageLink("javascript:alert(1)", "https://ex.com"));
    }

    @Test
    void anchor_diversity_flags_one_repeated_anchor_and_low_variety_but_ignores_navigation() {
        Map<String, Page> pages = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sources.add("/s" + i);
        }
        pages.put("/single", page("/single", "Single", List.of()));
        pages.put("/low", page("/low", "Low", List.of()));
        pages.put("/nav", page("/nav", "Nav", List.of()));
        for (int i = 0; i < sources.size(); i++) {
            String s = sources.get(i);
            List<Link> links = new ArrayList<>();
            links.add(link(s, "/single", i % 2 == 0 ? "Buy Shoes" : "buy  shoes"));
            links.add(link(s, "/low", i < 9 ? "cheap shoes" : "shoes for running"));
            links.add(new Link(s, "/nav", "/nav", null, "Nav " + i, "", Placement.NAV, new Link.Position(1, 1)));
            pages.put(s, page(s, s, links));
        }
        LinkGraph g = LinkGraph.build(new Site("mem", null, pages, java.util.Set.of(), Map.of()), null);
        List<AnchorDiversity> rows = AnchorDiversity.mostLinked(g, 20);
        assertEquals(List.of("/low", "/single"), rows.stream().map(AnchorDiversity::target).toList(),
                "navigation links are not counted, so /nav is not listed");
        AnchorDiversity low = rows.get(0);
        assertEquals(10, low.links());
        assertEquals(2, low.distinct());
        assertEquals("cheap shoes", low.topAnchor());
        assertTrue(low.lowDiversity());
        assertFalse(low.singleAnchor());
        AnchorDiversity single = rows.get(1);
        assertEquals(1, single.distinct(), "case and spacing do not make a different anchor");
        assertEquals("Buy Shoes", single.topAnchor());
        assertTrue(single.singleAnchor());
        assertFalse(single.lowDiversity());
    }
}
