package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POST /api/v1/suggestions/inbound: the pages that should link to a page or a draft, over real HTTP. */
class InboundApiTest {
    static final String GRINDER = "https://brew.example/gear/burr-grinder";

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

    static List<String> sources(JsonNode suggestions) {
        List<String> out = new ArrayList<>();
        suggestions.forEach(s -> out.add(s.get("source").asText()));
        return out;
    }

    @Test
    void an_indexed_page_gets_other_pages_with_a_phrase_of_their_own_text_at_its_offsets() {
        TestServer.Res r = t.post("/api/v1/suggestions/inbound", Map.of("url", GRINDER, "limit", 5));
        assertEquals(200, r.status(), r.body());
        assertEquals(GRINDER, r.json().get("target").asText());
        JsonNode list = r.json().get("suggestions");
        assertFalse(list.isEmpty(), r.body());
        assertTrue(list.size() <= 5, r.body());
        assertTrue(sources(list).contains("https://brew.example/guides/espresso-extraction"), r.body());
        double previous = Double.MAX_VALUE;
        for (JsonNode s : list) {
            assertFalse(s.get("source").asText().equals(GRINDER), "never the page itself");
            assertFalse(s.get("source").asText().contains("sourdough"), "a bakery page does not link to a grinder");
            String text = t.send("GET", "/api/v1/pages?url=" + s.get("source").asText(), null).json().get("text")
                    .asText();
            assertEquals(text.substring(s.get("start").asInt(), s.get("end").asInt()), s.get("anchor").asText(),
                    "the phrase at its offsets in the source's stored text: " + s);
            assertTrue(s.get("sentence").asText().contains(s.get("anchor").asText()), s.toString());
            assertTrue(s.get("score").asDouble() <= previous, "best first: " + r.body());
            previous = s.get("score").asDouble();
            assertTrue(s.get("reasons").has("anchor") && s.get("reasons").has("vector"), s.toString());
        }
    }

    @Test
    void a_draft_gets_the_pages_that_should_link_to_it() {
        TestServer.Res r = t.post("/api/v1/suggestions/inbound", Map.of("title", "Grinding for espresso",
                "text", "A burr grinder gives even grounds, which espresso extraction needs; blade grinders do not.",
                "format", "text"));
        assertEquals(200, r.status(), r.body());
        assertTrue(r.json().get("target").isNull(), "a draft without a url: " + r.body());
        List<String> got = sources(r.json().get("suggestions"));
        assertFalse(got.isEmpty(), r.body());
        assertFalse(got.stream().anyMatch(u -> u.contains("sourdough")), r.body());
    }

    @Test
    void a_page_the_index_does_not_hold_is_404_naming_the_url() {
        TestServer.Res r = t.post("/api/v1/suggestions/inbound", Map.of("url", "https://brew.example/nope"));
        assertEquals(404, r.status(), r.body());
        assertEquals("url", r.json().get("error").get("field").asText(), r.body());
    }

    @Test
    void bad_input_is_400_naming_the_field() {
        assertField("url", Map.of("limit", 3));
        assertField("limit", Map.of("url", GRINDER, "limit", 0));
        assertField("limit", Map.of("url", GRINDER, "limit", 21));
        assertField("minSimilarity", Map.of("url", GRINDER, "minSimilarity", 1.5));
        assertField("minSimilarity", Map.of("url", GRINDER, "minSimilarity", "high"));
        assertField("format", Map.of("text", "a draft", "format", "docx"));
    }

    private static void assertField(String field, Map<String, Object> body) {
        TestServer.Res r = t.post("/api/v1/suggestions/inbound", body);
        assertEquals(400, r.status(), body + " -> " + r.body());
        assertEquals(field, r.json().get("error").get("field").asText(), body + " -> " + r.body());
    }
}
