package dev.linker.core.report;

import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AnchorDiversityTest {

    /** Sources /s0 … /s{n-1}; source i links each target with the anchor the function gives (null: no link). */
    private static LinkGraph site(int sources, Map<String, java.util.function.IntFunction<String>> targets) {
        Map<String, Page> pages = new LinkedHashMap<>();
        for (String t : targets.keySet()) {
            pages.put(t, Page.of(t, t, t, ""));
        }
        for (int i = 0; i < sources; i++) {
            String s = "/s" + i;
            List<Link> links = new ArrayList<>();
            for (var e : targets.entrySet()) {
                String anchor = e.getValue().apply(i);
                if (anchor != null) {
                    links.add(new Link(s, e.getKey(), e.getKey(), null, anchor, "", Placement.CONTENT,
                            new Link.Position(1, 1)));
                }
            }
            links.add(new Link(s, s, s, null, "itself", "", Placement.CONTENT, new Link.Position(2, 1)));
            links.add(new Link(s, "/nowhere", "/nowhere", null, "gone", "", Placement.CONTENT,
                    new Link.Position(3, 1)));
            pages.put(s, new Page(s, "", new Page.Titles(s, s), Page.Indexing.NONE, List.of(), Page.Body.EMPTY, links));
        }
        return LinkGraph.build(new Site("mem", null, pages, java.util.Set.of(), Map.of()), null);
    }

    @Test
    void rows_come_most_linked_first_then_by_key_and_stop_at_the_limit() {
        LinkGraph g = site(6, new LinkedHashMap<>(Map.of(
                "/b", i -> "bee",
                "/a", i -> "ay",
                "/c", i -> i < 4 ? "see" : null,
                "/once", i -> i == 0 ? "once" : null)));
        assertEquals(List.of("/a", "/b", "/c"), AnchorDiversity.mostLinked(g, 10).stream().map(AnchorDiversity::target).toList(),
                "a tie is broken by key; a page linked once, a self link and a missing page are not rows");
        assertEquals(List.of("/a", "/b"), AnchorDiversity.mostLinked(g, 2).stream().map(AnchorDiversity::target).toList());
        assertEquals(6, AnchorDiversity.mostLinked(g, 1).get(0).links());
    }

    @Test
    void the_top_anchor_is_the_most_used_then_the_alphabetically_first_as_first_written() {
        LinkGraph g = site(6, Map.of("/t", i -> switch (i) {
            case 0 -> "  Zebra  Shoes ";
            case 1 -> "zebra shoes";
            case 2, 3 -> "Apple shoes";
            default -> "middle";
        }));
        AnchorDiversity row = AnchorDiversity.mostLinked(g, 1).get(0);
        assertEquals(6, row.links());
        assertEquals(3, row.distinct(), "case and spacing make no new anchor");
        assertEquals("Apple shoes", row.topAnchor(), "three-way tie at two: 'apple shoes' sorts first");
        assertEquals(2, row.topCount());

        AnchorDiversity zebra = AnchorDiversity.mostLinked(site(3, Map.of("/t", i -> i < 2 ? (i == 0 ? " Zebra  Shoes" : "zebra shoes") : "x")), 1).get(0);
        assertEquals("Zebra  Shoes", zebra.topAnchor(), "the first written form, stripped");
    }

    @Test
    void rows_streamed_one_by_one_are_the_rows_listed() {
        LinkGraph g = site(5, Map.of("/a", i -> "a" + (i % 2), "/b", i -> "b"));
        List<AnchorDiversity> streamed = new ArrayList<>();
        AnchorDiversity.forEachMostLinked(g, Integer.MAX_VALUE, streamed::add);
        assertEquals(AnchorDiversity.mostLinked(g, Integer.MAX_VALUE), streamed);
        assertEquals(2, streamed.size());
    }

    @Test
    void anchors_are_compared_without_case_or_runs_of_whitespace() {
        assertEquals("buy shoes now", AnchorDiversity.normalize("\tBuy \n Shoes\r\nNOW  "));
        assertEquals("", AnchorDiversity.normalize(null));
        assertEquals("", AnchorDiversity.normalize(" \t "));
    }
}
