package dev.linker.index;

import dev.linker.core.model.PageKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Index records of the blog fixture: links through redirects, links of every placement, metadata. */
class SiteRecordsTest {
    static final String GRIND = "/posts/why-grind-matters.html";
    static final String BURR = "/posts/burr-grinders.html";
    static final String ESPRESSO = "/posts/espresso-basics.html";
    static final Map<String, PageRecord> BLOG = Fixtures.blog().stream()
            .collect(Collectors.toMap(PageRecord::url, Function.identity()));

    @Test
    void a_content_link_to_a_redirect_stub_counts_for_the_page_the_stub_leads_to() {
        assertEquals(List.of(GRIND, "/tags/grinders.html", "/tags/gear.html"), BLOG.get(BURR).links(),
                "burr-grinders links to the stub /posts/grind-size.html, and to its tags");
        assertTrue(BLOG.get(GRIND).names().stream().anyMatch(n -> n[0].equals(BURR) && n[1].equals("why grind size matters")),
                "the anchor through the stub names the post it leads to");
        long linking = BLOG.values().stream().filter(r -> r.links().contains(GRIND)).count();
        assertEquals(linking, BLOG.get(GRIND).inbound(), "inbound counts the pages whose content links land on it");
        assertEquals(0, BLOG.get("/posts/grind-size.html").inbound(), "nobody stays on the stub");
    }

    @Test
    void redirect_chains_are_followed_and_a_loop_stays_on_the_stub_linked() {
        assertEquals(List.of(ESPRESSO), BLOG.get("/posts/water.html").links(),
                "/old/espresso → /old/espresso-2 → espresso-basics, two hops of _redirects");
        assertTrue(BLOG.get("/posts/cold-brew.html").links().contains("/posts/loop-a.html"),
                "loop-a and loop-b redirect to each other: the link stays where it points");
    }

    @Test
    void every_placement_counts_as_an_existing_link_but_only_content_links_are_content() {
        PageRecord water = BLOG.get("/posts/water.html");
        assertTrue(water.allLinks().containsAll(List.of(GRIND, "/about.html", "/", "/tags/grinders.html", ESPRESSO)),
                water.allLinks().toString());
        assertFalse(water.links().contains(GRIND), "the footer's link is not content");
    }

    @Test
    void records_carry_the_pages_date_tags_kind_and_text_regions() {
        PageRecord burr = BLOG.get(BURR);
        assertEquals("2023-01-15", burr.meta().published().toString());
        assertEquals(List.of("grinders", "gear"), burr.meta().tags());
        assertFalse(burr.hub());
        assertFalse(burr.meta().regions().isEmpty());
        assertEquals(PageKind.HOME, BLOG.get("/").meta().kind());
        assertEquals(PageKind.LISTING, BLOG.get("/tags/milk.html").meta().kind());
    }

    @Test
    void pages_matching_a_hub_pattern_are_marked_as_hubs() {
        Map<String, PageRecord> marked = SourceLoader.of(Fixtures.blogSite())
                .withHubs(List.of(java.util.regex.Pattern.compile("/guides/brewing"))).records().stream()
                .collect(Collectors.toMap(PageRecord::url, Function.identity()));
        assertEquals(PageKind.MARKED, marked.get("/guides/brewing.html").meta().kind());
        assertEquals(PageKind.LINK_LIST, marked.get("/guides/").meta().kind(), "a recognised hub keeps its kind");
        assertEquals(PageKind.CONTENT, marked.get(BURR).meta().kind());
    }

    @Test
    void a_folder_streamed_page_by_page_gives_the_records_of_a_whole_read() {
        SourceLoader blog = SourceLoader.of(Fixtures.blogSite())
                .withHubs(List.of(java.util.regex.Pattern.compile("/guides/brewing")));
        List<List<Object>> whole = blog.records().stream().map(SiteRecordsTest::fields).toList();
        SiteRecords streamed = blog.pages();
        List<List<Object>> taken = new java.util.ArrayList<>();
        streamed.forEach(r -> taken.add(fields(r)));
        assertEquals(whole.size(), streamed.size());
        assertEquals(whole, taken, "read without text, then each page's text read again as its record is made");
        assertTrue(taken.stream().anyMatch(f -> !f.get(3).toString().isEmpty()), "the text is there");
        assertTrue(taken.stream().anyMatch(f -> f.get(13).toString().contains("MARKED")), "hub marks apply");
    }

    @Test
    void safety_classes_apply_to_each_record_and_an_unknown_url_is_named_up_front(@org.junit.jupiter.api.io.TempDir
                                                                                  java.nio.file.Path tmp)
            throws java.io.IOException {
        SiteRecords blog = SourceLoader.of(Fixtures.blogSite()).pages();
        java.nio.file.Path csv = java.nio.file.Files.writeString(tmp.resolve("safety.csv"), "url,class\n" + BURR + ",gear\n");
        Map<String, String> classes = new java.util.HashMap<>();
        blog.map(SourceLoader.safety(csv, blog::contains)).forEach(r -> classes.put(r.url(), r.safety()));
        assertEquals("gear", classes.get(BURR));
        assertEquals("", classes.get(GRIND));
        java.nio.file.Files.writeString(csv, "/posts/none.html,adult\n");
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.linker.core.result.LinkerException.class,
                () -> SourceLoader.safety(csv, blog::contains));
        assertTrue(e.getMessage().contains("/posts/none.html"), e.getMessage());
    }

    /** A record's components, its name and query pairs as lists (arrays compare by identity). */
    private static List<Object> fields(PageRecord r) {
        return List.of(r.url(), r.title(), r.h1(), r.body(), r.category(), r.status(), String.valueOf(r.redirectTo()),
                r.authority(), r.inbound(), r.safety(), r.links(),
                r.names().stream().map(List::of).toList(), r.queries().stream().map(List::of).toList(),
                r.meta().toString(), r.allLinks());
    }
}
