package dev.linker.server;

import dev.linker.index.IndexSettings;
import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first thing a new user sees: {@code linker serve}, then the demo page's Markdown draft as it loads, over the bundled
 * example site. A page the draft names is suggested with its name as the anchor, and no other page takes that phrase.
 */
class DemoDraftTest {
    @Test
    void the_demo_draft_links_cold_brew_to_the_cold_brew_page_and_espresso_and_the_grinder_to_theirs(@TempDir Path dir)
            throws IOException {
        Document demo = Jsoup.parse(Path.of("..", "cms-widget", "demo", "index.html").toFile());
        String title = demo.getElementById("md-title").attr("value");
        String draft = demo.getElementById("md-editor").wholeText();
        assertTrue(draft.contains("cold brew"), draft);
        Path folder = dir.resolve("index");
        try (PageIndex index = PageIndex.open(folder, TestServer.embedder(), IndexSettings.DEFAULT)) {
            for (PageRecord r : ExampleSite.records()) {
                index.upsert(r);
            }
            index.commit();
        }
        try (TestServer t = TestServer.start(folder, ServerConfig.defaults())) {
            TestServer.Res r = t.post("/api/v1/suggestions", Map.of("title", title, "text", draft, "format",
                    "markdown"));
            assertEquals(200, r.status(), r.body());
            Map<String, JsonNode> byUrl = new HashMap<>();
            r.json().get("suggestions").forEach(s -> byUrl.put(s.get("url").asText(), s));
            JsonNode coldBrew = byUrl.get("/blog/cold-brew.html");
            assertNotNull(coldBrew, "the page the draft names is suggested: " + byUrl.keySet());
            assertEquals("cold brew", coldBrew.get("anchor").asText(), coldBrew.toString());
            assertEquals("name", coldBrew.get("reasons").get("anchor").asText(), coldBrew.toString());
            int from = coldBrew.get("start").asInt();
            int to = coldBrew.get("end").asInt();
            for (JsonNode s : byUrl.values()) {
                if (s != coldBrew && !s.get("anchor").isNull()) {
                    assertFalse(s.get("start").asInt() < to && s.get("end").asInt() > from,
                            "\"cold brew\" is the cold brew page's link, not " + s);
                }
            }
            assertTrue(anchor(byUrl, "/guides/espresso.html").contains("espresso"), byUrl.toString());
            assertTrue(anchor(byUrl, "/guides/grinding.html").contains("grinder"), byUrl.toString());
            // Anchors a person would write: things, not clauses ("espresso extraction starts with a burr" was one),
            // and the French press page finds one too.
            assertFalse(anchor(byUrl, "/guides/french-press.html").isEmpty(), byUrl.toString());
            for (JsonNode s : byUrl.values()) {
                String a = s.get("anchor").asText("");
                assertFalse(a.matches("(?i).*\\b(starts|makes|is|are)\\b.*"), "a clause: " + s);
                assertTrue(a.split("\\s+").length <= 5, "over 5 words: " + s);
            }
            assertFalse(byUrl.containsKey("/guides/") || byUrl.containsKey("/blog/") || byUrl.containsKey("/"),
                    "section indexes and the home page are hubs: " + byUrl.keySet());
        }
    }

    private static String anchor(Map<String, JsonNode> byUrl, String url) {
        JsonNode s = byUrl.get(url);
        assertNotNull(s, url + " is suggested: " + byUrl.keySet());
        return s.get("anchor").asText("").toLowerCase();
    }
}
