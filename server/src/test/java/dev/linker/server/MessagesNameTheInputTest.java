package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, item 5: a refused input is named for what is wrong with it — the character a page path cannot hold, a
 * query parameter that is there but malformed (not missing) — and a message never carries a raw bidirectional control
 * that would turn the rest of its line around.
 */
class MessagesNameTheInputTest {
    static final String AUTH = "Bearer " + TestServer.KEY;

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
    void a_page_path_with_a_character_a_url_cannot_hold_gets_that_character_named_with_its_encoding() {
        Map<String, String> expected = Map.of(" ", "(U+0020) at 5; percent-encode it, as %20",
                "\"", "'\"' (U+0022) at 5; percent-encode it, as %22", "<", "'<' (U+003C) at 5",
                "|", "'|' (U+007C) at 5; percent-encode it, as %7C", "\\", "'\\' (U+005C) at 5",
                "{", "'{' (U+007B) at 5; percent-encode it, as %7B");
        for (var e : expected.entrySet()) {
            String url = "/tips" + e.getKey() + "espresso/";
            TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url", url, "title", "Tips",
                    "text", "Espresso tips."))), "Authorization", AUTH);
            assertEquals(400, r.status(), r.body());
            assertEquals("pages[0].url", r.json().get("error").get("field").asText(), r.body());
            String message = r.json().get("error").get("message").asText();
            assertTrue(message.contains("has a character a URL cannot hold: " + e.getValue()), message);
            assertFalse(message.contains("starting with /"), "it starts with / already: " + message);
        }
    }

    @Test
    void a_query_parameter_that_does_not_decode_is_called_malformed_not_missing() {
        String bad = raw("GET /api/v1/pages?url=%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(bad.startsWith("HTTP/1.1 400"), bad);
        assertTrue(bad.contains("\"field\":\"url\""), bad);
        assertTrue(bad.contains("not valid percent-encoding (got \\\"%ZZ\\\""), bad);
        TestServer.Res missing = t.send("GET", "/api/v1/pages", null);
        assertEquals(400, missing.status());
        assertTrue(missing.json().get("error").get("message").asText().contains("is required"), missing.body());
    }

    /** A request as written (java.net.URI refuses %ZZ, so no client library sends it). */
    static String raw(String request) {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", java.net.URI.create(t.base).getPort())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            return new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void a_404_shows_a_bidirectional_control_in_the_url_escaped_not_raw() {
        String url = "https://brew.example/invoice\u202Egnp.exe";
        TestServer.Res r = t.send("GET", "/api/v1/pages?url=" + java.net.URLEncoder.encode(url,
                java.nio.charset.StandardCharsets.UTF_8), null);
        assertEquals(404, r.status(), r.body());
        String message = r.json().get("error").get("message").asText();
        assertFalse(message.contains("\u202E"), message);
        assertTrue(message.contains("invoice\\u202Egnp.exe"), message);
    }
}
