package dev.linker.core.model;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PageLinksTest {

    private static final List<Link> LINKS = List.of(
            new Link("/a/", "/b/", "/b/", null, "Bee", "", Placement.CONTENT, new Link.Position(3, 14)),
            new Link("/a/", "../c/#part", "/c/", "part", "the C part", "nofollow", Placement.NAV,
                    new Link.Position(9, 2)),
            new Link("/a/", "https://elsewhere.example/", null, null, "", "", Placement.FOOTER,
                    new Link.Position(40, 1)));

    @Test
    void a_pages_links_read_back_exactly_as_given_and_in_order() {
        List<Link> held = PageLinks.of(LINKS);
        assertEquals(LINKS, held);
        assertEquals(LINKS.size(), held.size());
        assertEquals(LINKS.get(1), held.get(1));
        assertEquals(List.copyOf(LINKS).hashCode(), held.hashCode());
    }

    @Test
    void links_from_several_sources_keep_each_their_own() {
        List<Link> mixed = new ArrayList<>(LINKS);
        mixed.add(new Link("/other/", "/a/", "/a/", null, "A", "", Placement.CONTENT, new Link.Position(1, 1)));
        List<Link> held = PageLinks.of(mixed);
        assertEquals(mixed, held);
        assertEquals("/other/", held.get(3).sourceUrl());
        assertEquals("/a/", held.get(0).sourceUrl());
    }

    @Test
    void the_list_cannot_be_changed_and_refuses_null_links() {
        List<Link> held = PageLinks.of(LINKS);
        assertThrows(UnsupportedOperationException.class, () -> held.add(LINKS.get(0)));
        assertThrows(UnsupportedOperationException.class, () -> held.remove(0));
        assertThrows(IndexOutOfBoundsException.class, () -> held.get(3));
        List<Link> withNull = new ArrayList<>(LINKS);
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> PageLinks.of(withNull));
        assertSame(held, PageLinks.of(held), "an already compact list is not copied again");
    }

    @Test
    void a_page_holds_its_links_compactly_and_a_changed_copy_of_the_input_does_not_reach_it() {
        List<Link> input = new ArrayList<>(LINKS);
        Page p = new Page("/a/", "a/index.html", new Page.Titles("A", "A"), Page.Indexing.NONE, List.of(),
                new Page.Body("", Map.of(), "en"), input);
        input.clear();
        assertEquals(LINKS, p.links());
        assertEquals(PageLinks.class, p.links().getClass());
        assertEquals(List.of(), new Page("/e/", "", new Page.Titles("", ""), Page.Indexing.NONE, List.of(),
                Page.Body.EMPTY, List.of()).links());
    }

    @Test
    void lines_and_columns_of_any_size_read_back_exactly() {
        // A minified page puts every link on line 1 at columns past 65,535; a CSV gives no positions at all.
        int[][] positions = {{0, 0}, {1, 1}, {1, 70_000}, {65_536, 3}, {Integer.MAX_VALUE, Integer.MAX_VALUE},
                {-1, -7}, {12, 0}};
        List<Link> links = new ArrayList<>();
        for (int[] p : positions) {
            links.add(new Link("/a/", "/b/", "/b/", null, "Bee", "", Placement.CONTENT, new Link.Position(p[0], p[1])));
        }
        assertEquals(links, PageLinks.of(links));
        List<Link> none = List.of(new Link("/a/", "/b/", "/b/", null, "Bee", "", null, Link.Position.UNKNOWN),
                new Link("/a/", "/c/", "/c/", null, "Sea", "", Placement.NAV, Link.Position.UNKNOWN));
        assertEquals(none, PageLinks.of(none));
    }

    @Test
    void a_links_target_and_placement_are_read_without_making_the_link() {
        PageLinks held = (PageLinks) PageLinks.of(LINKS);
        assertEquals("/c/", held.targetUrl(1));
        assertEquals(null, held.targetUrl(2));
        assertEquals(true, held.content(0));
        assertEquals(false, held.content(1));
        assertThrows(IndexOutOfBoundsException.class, () -> held.targetUrl(3));
    }
}
