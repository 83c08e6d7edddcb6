package dev.linker.core.graph;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkGraphTest {
    /** "a>b" edges in content, "a~b" in nav. */
    private static Site site(String... edges) {
        Map<String, List<Link>> links = new LinkedHashMap<>();
        for (String e : edges) {
            boolean content = e.contains(">");
            String[] p = e.split("[>~]");
            links.computeIfAbsent("/" + p[0], k -> new ArrayList<>()).add(new Link("/" + p[0], p[1], "/" + p[1], null,
                    p[1], "", content ? Placement.CONTENT : Placement.NAV, new Link.Position(1, 1)));
            links.computeIfAbsent("/" + p[1], k -> new ArrayList<>());
        }
        Map<String, Page> pages = new LinkedHashMap<>();
        links.forEach((u, l) -> pages.put(u, new Page(u, u.substring(1), new Page.Titles(u, u), Page.Indexing.NONE,
                List.of(), Page.Body.EMPTY, l)));
        return new Site("test", null, pages, Set.of(), Map.of());
    }

    @Test
    void duplicate_links_count_once_and_self_links_not_at_all() {
        LinkGraph g = LinkGraph.build(site("a>b", "a~b", "a>a", "b~a"), "/a");
        assertEquals(2, g.edgeCount());
        assertEquals(1, g.contentEdgeCount());
        assertTrue(g.hasContentEdge("/a", "/b"), "a content instance makes the unique link content");
        assertFalse(g.hasContentEdge("/b", "/a"));
        assertEquals(1, g.inbound("/a"));
        assertEquals(0, g.contentInbound("/a"));
    }

    @Test
    void depth_is_breadth_first_from_the_entry_and_unreached_pages_are_minus_one() {
        LinkGraph g = LinkGraph.build(site("a>b", "b>c", "a~c", "c>d", "x>y"), "/a");
        assertEquals(0, g.depth("/a"));
        assertEquals(1, g.depth("/c"));
        assertEquals(2, g.depth("/d"));
        assertEquals(-1, g.depth("/y"));
        assertEquals(List.of("/x", "/y"), g.unreachable());
        assertEquals(Map.of(0, 1, 1, 2, 2, 1), g.depthHistogram());
    }

    @Test
    void reciprocal_pairs_are_counted_once_by_all_links_and_by_content() {
        LinkGraph g = LinkGraph.build(site("a>b", "b>a", "a>c", "c~a"), "/a");
        assertEquals(2, g.reciprocalPairs(false).size());
        assertEquals(1, g.reciprocalPairs(true).size());
        assertEquals("/a", g.reciprocalPairs(true).get(0).source());
    }

    @Test
    void link_score_puts_the_hub_at_100_and_the_weakest_at_0() {
        LinkGraph g = LinkGraph.build(site("a>hub", "b>hub", "c>hub", "hub>a", "d>a"), "/a");
        assertEquals(100.0, g.linkScore("/hub"));
        double sum = g.urls().stream().mapToDouble(g::pageRank).sum();
        assertEquals(1.0, sum, 1e-9, "PageRank is a distribution, dangling pages included");
        assertTrue(g.linkScore("/a") > g.linkScore("/b"));
        assertEquals(0.0, g.linkScore("/b"));
    }

    @Test
    void orphans_by_all_links_and_by_content() {
        LinkGraph g = LinkGraph.build(site("a>b", "a~c", "d~a"), "/a");
        assertEquals(List.of("/d"), g.orphans(false));
        assertEquals(List.of("/a", "/c", "/d"), g.orphans(true));
    }

    @Test
    void edges_and_lookups_agree_on_a_larger_graph_and_its_page_rank_is_the_one_spark_computes() {
        // 300 pages, each linking the next five (some twice, in nav and content): every lookup goes through the
        // index of keys, every page's targets are read from the shared arrays.
        List<String> e = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            for (int k = 1; k <= 5; k++) {
                e.add("p" + i + (k % 2 == 0 ? ">" : "~") + "p" + (i + k) % 300);
            }
            e.add("p" + i + ">p" + (i + 1) % 300);
        }
        LinkGraph g = LinkGraph.build(site(e.toArray(new String[0])), "/p0");
        assertEquals(1500, g.edgeCount());
        assertEquals(900, g.contentEdgeCount(), "k = 1 (also in content), 2 and 4");
        int[][] out = new int[g.size()][];
        for (String u : g.urls()) {
            int s = g.indexOf(u);
            assertEquals(5, g.outbound(u));
            assertEquals(5, g.inbound(u));
            assertEquals(3, g.contentInbound(u));
            out[s] = g.edges().stream().filter(x -> x.source().equals(u)).mapToInt(x -> g.indexOf(x.target())).toArray();
        }
        assertTrue(g.hasContentEdge("/p7", "/p8"));
        assertFalse(g.hasContentEdge("/p7", "/p10"));
        assertFalse(g.hasContentEdge("/p7", "/nowhere"));
        assertEquals(-1, g.indexOf("/nowhere"));
        assertEquals(60, g.depth("/p299"));
        double[] spark = LinkGraph.pageRank(out);
        for (String u : g.urls()) {
            assertEquals(spark[g.indexOf(u)], g.pageRank(u), 0.0);
        }
    }
}
