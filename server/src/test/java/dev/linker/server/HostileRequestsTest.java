package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.PageLimits;
import dev.linker.index.PageRecord;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11: URLs over the index's limit, all-or-nothing batches, Jetty's own refusals in the API's shape, and
 * requests that try to be read as something else than what they are.
 */
class HostileRequestsTest {
    static final String AUTH = "Bearer " + TestServer.KEY;
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

    /** An absolute URL of exactly {@code length} characters. */
    static String urlOf(int length) {
        String head = "https://brew.example/long/";
        return head + "a".repeat(length - head.length());
    }

    static Map<String, Object> page(String url, String title) {
        return Map.of("url", url, "title", title, "text", title + " brewing notes.");
    }

    static String query(String url) {
        return "/api/v1/pages?url=" + URLEncoder.encode(url, StandardCharsets.UTF_8);
    }

    static int pages() {
        return t.send("GET", "/api/v1/health", null).json().get("pages").asInt();
    }

    @Test
    void a_batch_with_an_immense_url_is_refused_whole_naming_the_page_and_writes_nothing() {
        String a = "https://brew.example/batch/a";
        String c = "https://brew.example/batch/c";
        int before = pages();
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(page(a, "Alpha"),
                page(urlOf(40_000), "Huge"), page(c, "Gamma"))), "Authorization", AUTH);
        assertEquals(400, r.status(), r.body());
        assertEquals("pages[1].url", r.json().get("error").get("field").asText());
        assertTrue(r.json().get("error").get("message").asText().contains(String.valueOf(PageLimits.MAX_URL_CHARS)),
                r.body());
        assertEquals(404, t.send("GET", query(a), null).status(), "A was not written");
        assertEquals(404, t.send("GET", query(c), null).status(), "C was not written");
        assertEquals(before, pages());
    }

    @Test
    void the_engine_checks_a_whole_batch_before_writing_any_page_of_it() {
        String a = "https://brew.example/engine/a";
        dev.linker.index.PageInput ok = new dev.linker.index.PageInput(a, new PageRecord.Text("Alpha", "", "alpha"),
                null, PageRecord.Standing.LIVE, null, "", java.util.List.of());
        dev.linker.index.PageInput huge = new dev.linker.index.PageInput(urlOf(40_000),
                new PageRecord.Text("Huge", "", "x"), null, PageRecord.Standing.LIVE, null, "", java.util.List.of());
        PageLimits.InvalidPageException e = assertThrows(PageLimits.InvalidPageException.class,
                () -> t.service.upsert(List.of(ok, huge)));
        assertEquals("pages[1].url", e.field());
        assertTrue(t.service.page(a).isEmpty(), "nothing written");
    }

    @Test
    void a_url_at_the_limit_can_be_written_read_and_deleted_and_one_over_it_is_refused_by_every_route() {
        String max = urlOf(PageLimits.MAX_URL_CHARS);
        assertEquals(200, t.put("/api/v1/pages", Map.of("pages", List.of(page(max, "Longest"))), "Authorization",
                AUTH).status());
        TestServer.Res got = t.send("GET", query(max), null);
        assertEquals(200, got.status(), got.body());
        assertEquals(max, got.json().get("url").asText());
        assertEquals(200, t.send("DELETE", query(max), null, "Authorization", AUTH).status());
        assertEquals(404, t.send("GET", query(max), null).status());

        String over = urlOf(PageLimits.MAX_URL_CHARS + 1);
        List<TestServer.Res> refused = List.of(
                t.put("/api/v1/pages", Map.of("pages", List.of(page(over, "Over"))), "Authorization", AUTH),
                t.send("GET", query(over), null),
                t.send("DELETE", query(over), null, "Authorization", AUTH),
                t.post("/api/v1/events", Map.of("type", "killed", "url", over), "Authorization", AUTH),
                t.post("/api/v1/events", Map.of("type", "merged", "url", "https://brew.example/x", "survivor", over),
                        "Authorization", AUTH),
                t.post("/api/v1/suggestions", Map.of("text", "espresso", "url", over)),
                t.post("/api/v1/suggestions", Map.of("text", "espresso", "exclude", List.of("https://a.example/", over))));
        List<String> fields = List.of("pages[0].url", "url", "url", "url", "survivor", "url", "exclude[1]");
        for (int i = 0; i < refused.size(); i++) {
            TestServer.Res r = refused.get(i);
            assertEquals(400, r.status(), i + ": " + r.body());
            assertEquals(fields.get(i), r.json().get("error").get("field").asText(), r.body());
        }
    }

    @Test
    void a_category_too_long_for_the_index_is_refused_naming_it() {
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url", "https://brew.example/cat",
                "title", "Cat", "category", "/" + "c".repeat(40_000) + "/"))), "Authorization", AUTH);
        assertEquals(400, r.status(), r.body());
        assertEquals("pages[0].category", r.json().get("error").get("field").asText());
    }

    @Test
    void jetty_refusals_of_a_too_long_request_line_or_headers_come_in_the_api_error_shape() {
        for (String method : List.of("GET", "DELETE")) {
            // The 10,000-character URL fits the request line, so the route itself names it ...
            TestServer.Res named = t.send(method, query(urlOf(10_000)), null, "Authorization", AUTH);
            assertEquals(400, named.status(), named.body());
            assertEquals("url", named.json().get("error").get("field").asText());
            // ... and one past what Jetty accepts is refused by Jetty, in the same shape.
            TestServer.Res r = t.sendAlone(method, query(urlOf(20_000)), null, "Authorization", AUTH);
            assertEquals(414, r.status(), r.body());
            assertTrue(r.header("Content-Type").startsWith("application/json"), r.header("Content-Type"));
            assertEquals("uri_too_long", r.json().get("error").get("code").asText());
            assertTrue(r.json().get("error").get("message").asText()
                    .contains(String.valueOf(PageLimits.MAX_URL_CHARS)), r.body());
            assertTrue(r.json().get("error").has("field"));
        }
        TestServer.Res big = t.sendAlone("GET", "/api/v1/health", null, "X-Padding", "p".repeat(40_000));
        assertEquals(431, big.status(), big.body());
        assertEquals("headers_too_large", big.json().get("error").get("code").asText());
        assertNull(big.header("Server"), "no server banner either");
    }

    @Test
    void json_bodies_with_text_after_the_object_are_refused_by_every_json_route() {
        String[][] routes = {
                {"POST", "/api/v1/suggestions", "{\"text\":\"burr grinder\"} xyz"},
                {"PUT", "/api/v1/pages", "{\"pages\":[{\"url\":\"https://brew.example/t\",\"title\":\"T\"}]} {\"x\":1}"},
                {"POST", "/api/v1/events", "{\"type\":\"killed\",\"url\":\"" + GRINDER + "\"} ]"}};
        for (String[] r : routes) {
            TestServer.Res res = t.send(r[0], r[1], r[2], "Authorization", AUTH);
            assertEquals(400, res.status(), r[1] + ": " + res.body());
            assertEquals("invalid_json", res.json().get("error").get("code").asText(), res.body());
        }
        assertEquals(404, t.send("GET", "/api/v1/pages?url=https://brew.example/t", null).status(), "not written");
        assertEquals("live", t.send("GET", "/api/v1/pages?url=" + GRINDER, null).json().get("status").asText(),
                "not killed");
        assertEquals(200, t.send("POST", "/api/v1/suggestions", "{\"text\":\"burr grinder\"}  \n").status(),
                "trailing whitespace is fine");
    }

    @Test
    void x_http_method_override_does_not_turn_a_post_into_a_put_or_a_delete() {
        String body = "{\"pages\":[{\"url\":\"https://brew.example/override\",\"title\":\"Override\"}]}";
        TestServer.Res put = t.send("POST", "/api/v1/pages", body, "Authorization", AUTH,
                "X-HTTP-Method-Override", "PUT");
        assertEquals(405, put.status(), put.body());
        assertEquals(404, t.send("GET", "/api/v1/pages?url=https://brew.example/override", null).status());
        TestServer.Res del = t.send("GET", "/api/v1/pages?url=" + GRINDER, null, "Authorization", AUTH,
                "X-HTTP-Method-Override", "DELETE");
        assertEquals(200, del.status(), del.body());
        assertEquals(GRINDER, del.json().get("url").asText(), "answered as the GET it is");
        assertEquals(200, t.send("GET", "/api/v1/pages?url=" + GRINDER, null).status(), "not deleted");
    }

    @Test
    void redirect_targets_are_http_urls_or_paths_on_the_site_never_scripts_or_other_hosts() {
        for (String bad : List.of("javascript:alert(document.cookie)", "JavaScript:alert(1)",
                "data:text/html,<script>alert(1)</script>", "//evil.example/x", "/\\evil.example/x",
                "ftp://brew.example/x", "vbscript:x", "new-home", "https:///nohost", "/a b")) {
            TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url",
                    "https://brew.example/moved", "title", "Moved", "status", "redirected", "redirectTo", bad))),
                    "Authorization", AUTH);
            assertEquals(400, r.status(), bad + ": " + r.body());
            assertEquals("pages[0].redirectTo", r.json().get("error").get("field").asText(), bad);
            TestServer.Res e = t.post("/api/v1/events", Map.of("type", "created", "url", "https://brew.example/moved",
                    "page", Map.of("url", "https://brew.example/moved", "title", "Moved", "redirectTo", bad)),
                    "Authorization", AUTH);
            assertEquals(400, e.status(), bad + ": " + e.body());
            assertEquals("page.redirectTo", e.json().get("error").get("field").asText(), bad);
        }
        assertEquals(404, t.send("GET", "/api/v1/pages?url=https://brew.example/moved", null).status());
        for (String good : List.of("/gear/new-home", "https://brew.example/gear/new-home?x=1#top")) {
            TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url",
                    "https://brew.example/moved", "title", "Moved", "status", "redirected", "redirectTo", good))),
                    "Authorization", AUTH);
            assertEquals(200, r.status(), good + ": " + r.body());
            assertEquals(good, t.send("GET", "/api/v1/pages?url=https://brew.example/moved", null).json()
                    .get("redirectTo").asText());
        }
    }
}
