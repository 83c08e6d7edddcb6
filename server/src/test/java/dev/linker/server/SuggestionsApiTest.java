package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

class SuggestionsApiTest {
    static final String DRAFT = "Good espresso extraction depends on a burr grinder, because a blade grinder makes "
            + "uneven grounds. I keep an eye on water chemistry too, and every few months I spend an evening "
            + "descaling the espresso machine.";
    static final String GRINDER = "https://brew.example/gear/burr-grinder";
    static final String WATER = "https://brew.example/guides/water-chemistry";

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

    static List<String> urls(JsonNode suggestions) {
        List<String> out = new ArrayList<>();
        suggestions.forEach(s -> out.add(s.get("url").asText()));
        return out;
    }

    @Test
    void a_draft_about_espresso_gets_pages_of_that_topic_with_the_anchor_at_its_offsets() {
        TestServer.Res r = t.suggest(DRAFT, "text");
        assertEquals(200, r.status(), r.body());
        JsonNode list = r.json().get("suggestions");
        assertTrue(list.size() >= 3 && list.size() <= 5, r.body());
        List<String> urls = urls(list);
        assertTrue(urls.contains(GRINDER), urls.toString());
        assertTrue(urls.contains(WATER), urls.toString());
        assertFalse(urls.stream().anyMatch(u -> u.contains("sourdough")), "a bakery page is not suggested for coffee");
        double previous = Double.MAX_VALUE;
        for (JsonNode s : list) {
            if (s.get("anchor").isNull()) {
                // Ranked in the top five, but no phrase says what it is about: where it fits, and the wording.
                assertEquals("none", s.get("reasons").get("anchor").asText(), s.toString());
                assertEquals(-1, s.get("start").asInt());
                assertEquals(DRAFT.substring(s.get("sentenceStart").asInt(), s.get("sentenceEnd").asInt()),
                        s.get("sentence").asText(), s.toString());
                assertFalse(s.get("wording").asText().isBlank(), s.toString());
                continue;
            }
            int start = s.get("start").asInt();
            int end = s.get("end").asInt();
            assertEquals(DRAFT.substring(start, end), s.get("anchor").asText(), s.toString());
            assertTrue(s.get("sentence").asText().contains(s.get("anchor").asText()), s.toString());
            assertTrue(s.get("score").asDouble() <= previous, "best first");
            previous = s.get("score").asDouble();
            assertTrue(s.get("reasons").has("vector") && s.get("reasons").has("anchor"), s.toString());
        }
        JsonNode grinder = list.get(urls.indexOf(GRINDER));
        assertTrue(grinder.get("anchor").asText().toLowerCase().contains("grinder"), grinder.toString());
    }

    /** A server counter read from /metrics, as an operator sees it. */
    static long metric(String name) {
        return HttpSurfaceTest.counter(t.send("GET", "/metrics", null).body(), name);
    }

    @Test
    void a_small_site_answers_every_draft_from_its_latest_snapshot_per_the_servers_metrics() {
        assertEquals(200, t.suggest(DRAFT, "text").status());
        assertTrue(metric("linker_snapshot_loads_total") >= 1, "the site's snapshot was loaded");
        // The coffee site has 11 pages (under 5,000): it is reloaded before a draft, never answered from an older one.
        assertEquals(0, metric("linker_drafts_from_previous_snapshot_total"));
        // Page writes held back while drafts were answered: counted (none here, as nothing is written).
        assertEquals(0, metric("linker_page_writes_held_for_drafts_total"));
        assertEquals(0, metric("linker_page_writes_held_for_drafts_seconds_total"));
    }

    @Test
    void an_edit_in_one_sentence_of_a_long_draft_re_embeds_only_its_chunk_per_the_servers_metrics() {
        List<String> paragraphs = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            StringBuilder sb = new StringBuilder();
            for (int s = 0; s < 8; s++) {
                sb.append(s == 0 ? "" : " ").append("On day ").append(p * 8 + s)
                        .append(" of the espresso diary the burr grinder and the water chemistry mattered again.");
            }
            paragraphs.add(sb.toString()); // 8 sentences of 15 words: chunks of three, then five
        }
        String draft = String.join("\n\n", paragraphs);
        long embedded0 = metric("linker_draft_chunks_embedded_total");
        assertEquals(200, t.suggest(draft, "text").status());
        long embedded1 = metric("linker_draft_chunks_embedded_total");
        assertEquals(8, embedded1 - embedded0, "a new draft: two chunks per paragraph");

        long hits1 = metric("linker_draft_chunk_cache_hits_total");
        String edited = draft.replace("On day 13 of the espresso diary", "On day 13 of the espresso journal");
        TestServer.Res r = t.suggest(edited, "text");
        assertEquals(200, r.status(), r.body());
        assertTrue(urls(r.json().get("suggestions")).contains(GRINDER), r.body());
        assertEquals(1, metric("linker_draft_chunks_embedded_total") - embedded1, "one word changed: one chunk");
        assertEquals(7, metric("linker_draft_chunk_cache_hits_total") - hits1, "the rest from the cache");
    }

    /** Four paragraphs of eight 15-word sentences: two chunks each (three sentences, then five). */
    static String diary(String topic) {
        List<String> paragraphs = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            StringBuilder sb = new StringBuilder();
            for (int s = 0; s < 8; s++) {
                sb.append(s == 0 ? "" : " ").append("On day ").append(p * 8 + s).append(" of the ").append(topic)
                        .append(" diary the burr grinder and the water chemistry mattered again.");
            }
            paragraphs.add(sb.toString());
        }
        return String.join("\n\n", paragraphs);
    }

    @Test
    void while_an_author_types_a_word_or_two_the_server_reuses_the_chunks_vector_and_embeds_a_rewrite() {
        String url = "https://brew.example/drafts/diary";
        String draft = diary("cappuccino");
        assertEquals(200, t.suggest(draft, "text", "url", url).status());
        long embedded = metric("linker_draft_chunks_embedded_total");
        long reused = metric("linker_draft_chunks_reused_total");

        String edited = draft.replace("On day 13 of the cappuccino diary", "On day 13 of the cappuccino journal");
        TestServer.Res r = t.suggest(edited, "text", "url", url);
        assertEquals(200, r.status(), r.body());
        assertTrue(urls(r.json().get("suggestions")).contains(GRINDER), r.body());
        assertEquals(0, metric("linker_draft_chunks_embedded_total") - embedded, "one word changed: no model run");
        assertEquals(1, metric("linker_draft_chunks_reused_total") - reused, "the chunk's vector reused");

        String rewritten = edited.replace("On day 14 of the cappuccino diary the burr grinder and the water chemistry "
                + "mattered again.", "A friend brought a hand grinder and we compared shots all afternoon long.");
        assertEquals(200, t.suggest(rewritten, "text", "url", url).status());
        assertEquals(1, metric("linker_draft_chunks_embedded_total") - embedded, "a rewritten sentence is embedded");
        assertEquals(1, metric("linker_draft_chunks_reused_total") - reused);

        String elsewhere = diary("cappuccino").replace("On day 13 of the cappuccino diary",
                "On day 13 of the cappuccino journal"); // the same text under another URL: a different draft
        String other = "https://brew.example/drafts/other-diary";
        assertEquals(200, t.suggest(elsewhere.replace("On day 2 ", "On day two "), "text", "url", other).status());
        assertEquals(1 + 2, metric("linker_draft_chunks_embedded_total") - embedded,
                "another draft never reuses this one's vectors: both its changed chunks embedded, the rest cached");
        assertEquals(1, metric("linker_draft_chunks_reused_total") - reused);
    }

    @Test
    void edits_past_the_threshold_are_embedded_for_real() {
        String title = "A grinder diary";
        String draft = diary("grinder");
        assertEquals(200, t.suggest(draft, "text", "title", title).status());
        long embedded = metric("linker_draft_chunks_embedded_total");
        long reused = metric("linker_draft_chunks_reused_total");
        // The first chunk of the first paragraph: three sentences, 45 words; 10 % is 4 words.
        String[] from = {"On day 0 ", "day zero of the", "of my grinder diary the burr", "the flat grinder and the",
            "On day 1 "};
        String[] to = {"On day zero ", "day zero of my", "of my grinder diary the flat", "the flat grinder or the",
            "On day one "};
        for (int k = 0; k < from.length; k++) {
            assertTrue(draft.contains(from[k]), from[k]);
            draft = draft.replaceFirst(java.util.regex.Pattern.quote(from[k]), to[k]);
            assertEquals(200, t.suggest(draft, "text", "title", title).status());
        }
        assertEquals(4, metric("linker_draft_chunks_reused_total") - reused, "four edits reused the vector");
        assertEquals(1, metric("linker_draft_chunks_embedded_total") - embedded, "the fifth changed word re-embeds");
    }

    @Test
    void links_already_in_the_draft_the_own_url_and_excluded_urls_are_never_suggested() {
        String md = DRAFT + "\n\nSee [my old notes](/guides/water-chemistry/) on that.";
        TestServer.Res r = t.suggest(md, "markdown", "url", "https://brew.example/care/descaling",
                "exclude", List.of(GRINDER), "limit", 20);
        List<String> urls = urls(r.json().get("suggestions"));
        assertFalse(urls.isEmpty(), r.body());
        assertFalse(urls.contains(GRINDER), "excluded");
        assertFalse(urls.contains(WATER), "linked (relatively) in the draft");
        assertFalse(urls.contains("https://brew.example/care/descaling"), "the draft's own page");
    }

    @Test
    void anchors_in_html_never_fall_inside_tags_or_existing_links() {
        String html = "<p class=\"burr grinder\">Good <a href=\"/x\">burr grinder</a> talk. Water chemistry "
                + "matters for espresso extraction.</p>";
        TestServer.Res r = t.suggest(html, "html", "limit", 20);
        for (JsonNode s : r.json().get("suggestions")) {
            int start = s.get("start").asInt();
            if (s.get("anchor").isNull()) {
                continue;
            }
            assertTrue(start > html.indexOf("</a>"), "anchor after the markup and the existing link: " + s);
            assertEquals(html.substring(start, s.get("end").asInt()), s.get("anchor").asText());
        }
        assertTrue(urls(r.json().get("suggestions")).contains(WATER), r.body());
    }

    @Test
    void limit_caps_the_answer_and_an_empty_draft_gets_an_empty_list() {
        assertEquals(1, t.suggest(DRAFT, "text", "limit", 1).json().get("suggestions").size());
        TestServer.Res empty = t.suggest("   ", "text");
        assertEquals(200, empty.status());
        assertEquals(0, empty.json().get("suggestions").size());
    }

    @Test
    void a_draft_of_only_invisible_characters_gets_an_empty_list_and_they_do_not_spoil_a_real_draft() {
        // JSON escapes, as an editor sends them: a lone surrogate would not survive encoding a Java string to UTF-8.
        for (String invisible : List.of("\\u0000\\ud800\\u202e", "\\u200b\\u2066 \\u0301", "\\ufeff\\u0007")) {
            TestServer.Res r = t.send("POST", "/api/v1/suggestions", "{\"text\": \"" + invisible + "\", \"format\": \"text\"}");
            assertEquals(200, r.status(), r.body());
            assertEquals(0, r.json().get("suggestions").size(), r.body());
            TestServer.Res titled = t.send("POST", "/api/v1/suggestions", "{\"title\": \"" + invisible + "\", \"text\": \""
                    + invisible + "\"}");
            assertEquals(200, titled.status(), titled.body());
        }
        TestServer.Res mixed = t.send("POST", "/api/v1/suggestions", "{\"text\": \"" + DRAFT + "\\n\\n\\u0000\\ud800\\u202e\"}");
        assertEquals(200, mixed.status(), mixed.body());
        assertTrue(mixed.json().get("suggestions").size() > 0, mixed.body());
    }

    @Test
    void bad_requests_get_a_4xx_json_error_naming_the_field() {
        List<Object[]> cases = List.of(
                new Object[] {Map.of("title", "t"), "text"},
                new Object[] {Map.of("text", 5), "text"},
                new Object[] {Map.of("text", "x", "format", "docx"), "format"},
                new Object[] {Map.of("text", "x", "limit", 0), "limit"},
                new Object[] {Map.of("text", "x", "limit", 21), "limit"},
                new Object[] {Map.of("text", "x", "limit", 2.5), "limit"},
                new Object[] {Map.of("text", "x", "exclude", "https://a.example/"), "exclude"},
                new Object[] {Map.of("text", "x", "exclude", List.of("ok", 3)), "exclude[1]"},
                new Object[] {Map.of("text", "x", "title", 7), "title"},
                new Object[] {Map.of("text", "x", "url", false), "url"});
        for (Object[] c : cases) {
            TestServer.Res r = t.post("/api/v1/suggestions", c[0]);
            assertEquals(400, r.status(), c[0] + " → " + r.body());
            JsonNode err = r.json().get("error");
            assertEquals(c[1], err.get("field").asText(), r.body());
            assertEquals("invalid_field", err.get("code").asText());
            assertFalse(err.get("message").asText().isBlank());
        }
    }

    @Test
    void a_value_of_the_wrong_json_type_is_named_with_the_type_wanted_and_never_coerced() {
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"text\": 5}", "text must be a string");
        cases.put("{\"text\": \"x\", \"url\": false}", "url must be a string");
        cases.put("{\"text\": \"x\", \"limit\": \"3\"}", "limit must be an integer");
        cases.put("{\"text\": \"x\", \"limit\": 2.5}", "limit must be an integer");
        cases.put("{\"text\": \"x\", \"limit\": 99999999999999999999999}", "limit must be an integer");
        cases.put("{\"text\": \"x\", \"exclude\": [\"https://a.example/\", null]}", "exclude[1] must be a string");
        cases.put("{\"text\": \"x\", \"exclude\": \"https://a.example/\"}", "exclude must be an array of strings");
        cases.forEach((body, message) -> {
            TestServer.Res r = t.send("POST", "/api/v1/suggestions", body);
            assertEquals(400, r.status(), body + " → " + r.body());
            assertEquals(message, r.json().get("error").get("message").asText(), body);
        });
    }

    @Test
    void malformed_json_gets_400_without_a_stack_trace() {
        for (String body : List.of("{\"text\": ", "[1,2]", "", "not json")) {
            TestServer.Res r = t.send("POST", "/api/v1/suggestions", body);
            assertEquals(400, r.status(), body + " → " + r.body());
            JsonNode err = r.json().get("error");
            assertEquals("invalid_json", err.get("code").asText());
            assertNull(err.get("field").textValue());
            assertFalse(r.body().contains("at com.") || r.body().contains("at dev.") || r.body().contains("Exception"),
                    r.body());
        }
    }

    @Test
    void a_draft_over_the_size_limits_gets_413() {
        TestServer.Res r = t.suggest("word ".repeat(60_000), "text");
        assertEquals(413, r.status(), r.body());
        assertEquals("text", r.json().get("error").get("field").asText());
        TestServer.Res huge = t.suggest("x".repeat(3 * 1024 * 1024), "text");
        assertEquals(413, huge.status());
        assertEquals("too_large", huge.json().get("error").get("code").asText());
    }
}
