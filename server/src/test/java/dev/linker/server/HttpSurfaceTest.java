package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpSurfaceTest {
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

    @Test
    void a_static_path_of_thousands_of_segments_is_a_404_not_a_stack_overflow() {
        for (String prefix : List.of("/demo/", "/widget/", "/vendor/tinymce/")) {
            TestServer.Res r = t.send("GET", prefix + "a/".repeat(3000) + "x.js", null);
            assertEquals(404, r.status(), prefix + ": " + r.body());
            assertEquals("not_found", r.json().get("error").get("code").asText());
        }
        assertEquals(404, t.send("GET", "/demo//index.html", null).status(), "an empty segment is no file");
        assertEquals(200, t.send("GET", "/demo/index.html", null).status());
    }

    @Test
    void cors_answers_listed_origins_and_refuses_preflight_from_others() {
        TestServer.Res ok = t.send("OPTIONS", "/api/v1/suggestions", null, "Origin", "https://cms.example",
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type");
        assertEquals(204, ok.status(), ok.body());
        assertEquals("https://cms.example", ok.header("Access-Control-Allow-Origin"));
        assertTrue(ok.header("Access-Control-Allow-Headers").contains("Authorization"));
        TestServer.Res post = t.post("/api/v1/suggestions", Map.of("text", "burr grinder"), "Origin", "https://cms.example");
        assertEquals("https://cms.example", post.header("Access-Control-Allow-Origin"));
        assertEquals("Origin", post.header("Vary"));

        TestServer.Res evil = t.send("OPTIONS", "/api/v1/suggestions", null, "Origin", "https://evil.example",
                "Access-Control-Request-Method", "POST");
        assertEquals(403, evil.status());
        assertEquals("Origin", evil.json().get("error").get("field").asText());
        assertNull(evil.header("Access-Control-Allow-Origin"));
        TestServer.Res evilPost = t.post("/api/v1/suggestions", Map.of("text", "x"), "Origin", "https://evil.example");
        assertNull(evilPost.header("Access-Control-Allow-Origin"), "the browser will not hand this answer over");
    }

    @Test
    void read_endpoints_need_a_key_only_when_read_keys_are_configured(@TempDir Path other) {
        try (TestServer keyed = TestServer.start(other.resolve("index"), ServerConfig.defaults()
                .withReadKeys(Set.of("reader")).withWriteKeys(Set.of("writer")))) {
            Map<String, String> body = Map.of("text", "espresso");
            assertEquals(401, keyed.post("/api/v1/suggestions", body).status());
            assertEquals(401, keyed.post("/api/v1/suggestions", body, "Authorization", "Bearer nope").status());
            assertEquals(200, keyed.post("/api/v1/suggestions", body, "Authorization", "Bearer reader").status());
            assertEquals(200, keyed.post("/api/v1/suggestions", body, "Authorization", "Bearer writer").status());
            assertEquals(401, keyed.put("/api/v1/pages", Map.of("pages", List.of()), "Authorization", "Bearer reader")
                    .status(), "a read key does not write");
            assertEquals(200, keyed.send("GET", "/api/v1/health", null).status(), "health stays open");
        }
        assertEquals(200, t.post("/api/v1/suggestions", Map.of("text", "espresso")).status(), "open by default");
    }

    @Test
    void a_server_without_write_keys_refuses_every_write(@TempDir Path other) {
        try (TestServer open = TestServer.start(other.resolve("index"), ServerConfig.defaults())) {
            TestServer.Res r = open.put("/api/v1/pages", Map.of("pages", List.of()), "Authorization", "Bearer anything");
            assertEquals(401, r.status());
            assertEquals("no_api_keys", r.json().get("error").get("code").asText());
        }
    }

    @Test
    void the_openapi_document_describes_every_route_the_server_has() throws Exception {
        TestServer.Res r = t.send("GET", "/api/v1/openapi.json", null);
        assertEquals(200, r.status());
        JsonNode doc = t.json.readTree(r.body());
        assertEquals("3.1.0", doc.get("openapi").asText());
        for (String route : LinkerServer.API_ROUTES) {
            String[] mp = route.split(" ");
            JsonNode op = doc.path("paths").path(mp[1]).path(mp[0].toLowerCase());
            assertTrue(op.isObject(), "OpenAPI documents " + route);
            assertTrue(op.has("responses"), route + " has responses");
        }
        // Every $ref points at something that exists.
        Matcher m = Pattern.compile("\"\\$ref\"\\s*:\\s*\"#/([^\"]+)\"").matcher(r.body());
        while (m.find()) {
            JsonNode target = doc;
            for (String part : m.group(1).split("/")) {
                target = target.path(part);
            }
            assertTrue(target.isObject(), "$ref #/" + m.group(1) + " resolves");
        }
    }

    @Test
    void the_openapi_suggestion_schema_names_every_field_a_suggestion_has_with_or_without_a_phrase() throws Exception {
        JsonNode schema = t.json.readTree(t.send("GET", "/api/v1/openapi.json", null).body())
                .path("components").path("schemas").path("Suggestion");
        // A page the draft names, and pages it does not: the top five of the example site hold both kinds.
        TestServer.Res r = t.post("/api/v1/suggestions", Map.of("text", "Good espresso extraction depends on a burr "
                + "grinder. I buy a fresh bag every week from a local roaster, keep it airtight, away from light and "
                + "heat, and freeze what I will not use within a month.", "format", "text"));
        assertEquals(200, r.status(), r.body());
        Set<String> kinds = new java.util.HashSet<>();
        for (JsonNode s : r.json().get("suggestions")) {
            kinds.add(s.get("anchor").isNull() ? "none" : "phrase");
            Set<String> fields = new java.util.TreeSet<>();
            s.fieldNames().forEachRemaining(fields::add);
            Set<String> documented = new java.util.TreeSet<>();
            schema.get("properties").fieldNames().forEachRemaining(documented::add);
            Set<String> required = new java.util.TreeSet<>();
            schema.get("required").forEach(f -> required.add(f.asText()));
            assertEquals(documented, fields, "documented fields of " + s);
            assertEquals(required, fields, "every field is always there: " + s);
            JsonNode reasons = schema.path("properties").path("reasons").path("properties");
            s.get("reasons").fieldNames().forEachRemaining(k -> assertTrue(reasons.has(k), "reasons." + k + " documented"));
            List<String> rules = new java.util.ArrayList<>();
            reasons.path("anchor").path("enum").forEach(v -> rules.add(v.asText()));
            assertTrue(rules.contains(s.get("reasons").get("anchor").asText()), s.toString());
        }
        assertEquals(Set.of("none", "phrase"), kinds, r.body());
    }

    @Test
    void metrics_count_requests_and_latency_in_prometheus_text_format() {
        for (int i = 0; i < 3; i++) {
            t.post("/api/v1/suggestions", Map.of("text", "burr grinder for espresso " + i));
        }
        t.post("/api/v1/suggestions", Map.of("text", "x", "limit", 99));
        TestServer.Res r = t.send("GET", "/metrics", null);
        assertEquals(200, r.status());
        assertTrue(r.header("Content-Type").startsWith("text/plain"));
        String body = r.body();
        long ok = counter(body, "linker_http_requests_total{method=\"POST\",route=\"/api/v1/suggestions\",status=\"200\"}");
        long bad = counter(body, "linker_http_requests_total{method=\"POST\",route=\"/api/v1/suggestions\",status=\"400\"}");
        assertTrue(ok >= 3, body);
        assertTrue(bad >= 1, body);
        assertTrue(counter(body, "linker_http_request_duration_seconds_count{method=\"POST\",route=\"/api/v1/suggestions\"}")
                >= ok + bad, body);
        assertTrue(body.contains("linker_http_request_duration_seconds_bucket{method=\"POST\",route=\"/api/v1/suggestions\",le=\"0.1\"}"));
        assertTrue(counter(body, "linker_pages") == 12, body);
        assertTrue(counter(body, "linker_draft_chunks_embedded_total") >= 3, body);
    }

    static long counter(String body, String series) {
        for (String line : body.split("\n")) {
            if (line.startsWith(series + " ")) {
                return (long) Double.parseDouble(line.substring(series.length() + 1));
            }
        }
        return -1;
    }

    @Test
    void the_widget_and_the_demo_are_served_and_the_widget_loads_cross_origin() {
        TestServer.Res w = t.send("GET", "/widget/linker-suggestions.js", null);
        assertEquals(200, w.status());
        assertTrue(w.header("Content-Type").startsWith("text/javascript"));
        assertEquals("*", w.header("Access-Control-Allow-Origin"), "module scripts are fetched with CORS");
        assertTrue(w.body().contains("customElements.define('linker-suggestions'"));
        assertEquals(200, t.send("GET", "/widget/adapters/textarea.js", null).status());
        TestServer.Res demo = t.send("GET", "/demo/", null);
        assertEquals(200, demo.status());
        assertTrue(demo.body().contains("/widget/linker-suggestions.js"));
        assertEquals(200, t.send("GET", "/demo", null).status());
        for (String escape : List.of("/widget/../pom.xml", "/widget/%2e%2e/%2e%2e/etc/passwd",
                "/widget/..%2F..%2Fpom.xml", "/vendor/tinymce/..%2F..%2Fpackage.json")) {
            TestServer.Res r = t.send("GET", escape, null);
            assertTrue(r.status() == 400 || r.status() == 404, escape + " → " + r.status());
            assertTrue(!r.body().contains("<project") && !r.body().contains("root:"), escape);
        }
        assertEquals(404, t.send("GET", "/widget/nope.js", null).status());
    }

    @Test
    void unknown_routes_and_methods_get_json_errors_and_health_reports_the_index() {
        TestServer.Res nf = t.send("GET", "/api/v1/nothing", null);
        assertEquals(404, nf.status());
        assertEquals("not_found", nf.json().get("error").get("code").asText());
        TestServer.Res na = t.send("PATCH", "/api/v1/pages", "{}");
        assertEquals(405, na.status(), na.body());
        assertNotNull(na.json().get("error"));
        JsonNode h = t.send("GET", "/api/v1/health", null).json();
        assertEquals("ok", h.get("status").asText());
        assertEquals(12, h.get("pages").asInt());
        assertEquals(384, h.get("dimension").asInt());
        assertEquals("weights", h.get("ranker").get("kind").asText(), "drafts rank by the weights");
        assertEquals("weights", h.get("ranker").get("indexedPages").asText(),
                "an index that learned nothing from links, too small for the prior: the weights");
        assertTrue(h.get("ranker").get("reason").asText().contains("run linker index"), h.toString());
    }
}
