package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PUT /api/v1/pages with each page's content links: checked, resolved, stored, and never suggested again. */
class PageLinksApiTest {
    static final String AUTH = "Bearer " + TestServer.KEY;
    static final String GRINDER = "https://brew.example/gear/burr-grinder";
    static final String EXTRACTION = "https://brew.example/guides/espresso-extraction";

    @TempDir
    static Path dir;
    static TestServer t;

    @BeforeAll
    static void start() {
        t = TestServer.startWithExample(dir.resolve("index"));
    }

    @AfterAll
    static void stop() {
        t.close();
    }

    static Map<String, Object> link(String href, String anchor) {
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("href", href);
        l.put("anchor", anchor);
        return l;
    }

    /** The stored page {@code url} as a PUT body's page, with {@code links}. */
    static Map<String, Object> storedWith(String url, List<?> links) {
        JsonNode p = t.send("GET", "/api/v1/pages?url=" + url, null).json();
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("url", url);
        page.put("title", p.get("title").asText());
        page.put("text", p.get("text").asText());
        page.put("links", links);
        return page;
    }

    TestServer.Res put(Object... pages) {
        return t.put("/api/v1/pages", Map.of("pages", List.of(pages)), "Authorization", AUTH);
    }

    @Test
    void links_are_stored_with_the_page_resolved_on_its_origin_and_external_ones_are_left_out() {
        String url = "https://brew.example/guides/pour-over";
        TestServer.Res r = put(storedWith(url, List.of(
                link("https://brew.example/gear/burr-grinder", "a burr grinder"),
                link("/beans/roast-levels#light", "light roasts"),
                link("cold-brew", "cold brew"),
                link("https://other.example/gear/burr-grinder", "elsewhere"),
                link("mailto:hi@brew.example", "write to us"),
                link("/wp-content/uploads/kettle.jpg", "a kettle"))));
        assertEquals(200, r.status(), r.body());
        JsonNode links = t.send("GET", "/api/v1/pages?url=" + url, null).json().get("links");
        List<String> targets = new ArrayList<>();
        links.forEach(l -> targets.add(l.get("target").asText()));
        assertEquals(List.of(GRINDER, "https://brew.example/beans/roast-levels",
                "https://brew.example/guides/cold-brew"), targets, links.toString());
        assertEquals("light", links.get(1).get("fragment").asText(), "the fragment is kept apart: " + links);
        assertEquals("/beans/roast-levels#light", links.get(1).get("href").asText(), links.toString());
        assertEquals("cold brew", links.get(2).get("anchor").asText(), links.toString());
    }

    @Test
    void a_page_that_links_to_a_target_is_never_offered_as_a_page_that_should_link_to_it() {
        assertTrue(inboundSources(GRINDER).contains(EXTRACTION), "suggested while it has no link");
        assertEquals(200, put(storedWith(EXTRACTION, List.of(link("/gear/burr-grinder", "burr grinder")))).status());
        assertFalse(inboundSources(GRINDER).contains(EXTRACTION), "the link it has is not offered again");
        assertEquals(200, put(storedWith(EXTRACTION, List.of())).status());
        assertTrue(inboundSources(GRINDER).contains(EXTRACTION), "offered again once the link is gone");
    }

    static Map<String, Object> page(String url, String title, List<?> links) {
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("url", url);
        page.put("title", title);
        page.put("text", title + " explained at length.");
        page.put("links", links);
        return page;
    }

    static int inbound(String url) {
        return t.send("GET", "/api/v1/pages?url=" + url, null).json().get("inbound").asInt();
    }

    @Test
    void a_pages_inbound_count_follows_the_links_other_pages_send() {
        String x = "https://brew.example/derived/x";
        assertEquals(200, put(page(x, "Xylophone tuning", List.of()),
                page("https://brew.example/derived/y", "Yeast", List.of(link("/derived/x", "tuning")))).status());
        assertEquals(1, inbound(x), "linked from a page of the same batch");
        String z = "https://brew.example/derived/z";
        assertEquals(200, put(page(z, "Zest", List.of(link("x", "xylophone")))).status());
        assertEquals(2, inbound(x), "and from a page written later");
        assertEquals(200, put(page("https://brew.example/derived/y", "Yeast", List.of())).status());
        assertEquals(1, inbound(x), "a link removed counts no more");
        String w = "https://brew.example/derived/w";
        assertEquals(200, put(page("https://brew.example/derived/v", "Vanilla", List.of(link(w, "whisk")))).status());
        assertEquals(200, put(page(w, "Whisking", List.of())).status());
        assertEquals(1, inbound(w), "a page written after the pages linking to it counts them");
    }

    @Test
    void bad_links_are_400_naming_the_field() {
        String url = "https://brew.example/guides/french-press";
        Map<String, Object> noHref = new LinkedHashMap<>(Map.of("anchor", "no href"));
        assertField("pages[0].links[1].href", storedWith(url, List.of(link("/a", "a"), noHref)));
        assertField("pages[0].links[0].anchor", storedWith(url, List.of(Map.of("href", "/a", "anchor", 3))));
        assertField("pages[0].links[0].href", storedWith(url, List.of(Map.of("href", List.of("/a")))));
        assertField("pages[0].links[0]", storedWith(url, List.of("/a")));
        Map<String, Object> notArray = storedWith(url, List.of());
        notArray.put("links", "/a");
        assertField("pages[0].links", notArray);
        List<Object> many = new ArrayList<>();
        for (int i = 0; i <= 1000; i++) {
            many.add(link("/p" + i, "page " + i));
        }
        TestServer.Res r = assertField("pages[0].links", storedWith(url, many));
        assertTrue(r.json().get("error").get("message").asText().contains("1000"), r.body());
        assertField("pages[0].links[0].href", storedWith(url, List.of(link("/" + "a".repeat(2100), "long"))));
    }

    private TestServer.Res assertField(String field, Map<String, Object> page) {
        TestServer.Res r = put(page);
        assertEquals(400, r.status(), r.body());
        assertEquals(field, r.json().get("error").get("field").asText(), r.body());
        return r;
    }

    static List<String> inboundSources(String target) {
        TestServer.Res r = t.post("/api/v1/suggestions/inbound", Map.of("url", target, "limit", 10));
        assertEquals(200, r.status(), r.body());
        return InboundApiTest.sources(r.json().get("suggestions"));
    }
}
