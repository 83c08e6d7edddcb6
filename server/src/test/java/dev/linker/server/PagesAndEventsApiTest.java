package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.index.LowPriority;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PagesAndEventsApiTest {
    static final String AUTH = "Bearer " + TestServer.KEY;
    static final String GRINDER = "https://brew.example/gear/burr-grinder";
    static final String DRAFT = "I finally replaced my blade grinder with a burr grinder for espresso.";

    @TempDir
    Path dir;
    TestServer t;

    @BeforeEach
    void start() {
        t = TestServer.startWithExample(dir.resolve("index"));
    }

    @AfterEach
    void stop() {
        t.close();
    }

    List<String> suggested(String text) {
        TestServer.Res r = t.suggest(text, "text", "limit", 20);
        assertEquals(200, r.status(), r.body());
        return SuggestionsApiTest.urls(r.json().get("suggestions"));
    }

    static Map<String, Object> page(String url, String title, String text) {
        return Map.of("url", url, "title", title, "text", text);
    }

    @Test
    void writes_without_a_valid_api_key_are_refused_with_401_naming_the_authorization_header() {
        Object body = Map.of("pages", List.of(page("https://brew.example/new", "New", "x")));
        for (String[] headers : List.of(new String[0], new String[] {"Authorization", "Bearer wrong"},
                new String[] {"Authorization", "Basic " + TestServer.KEY})) {
            TestServer.Res r = t.put("/api/v1/pages", body, headers);
            assertEquals(401, r.status(), r.body());
            assertEquals("Authorization", r.json().get("error").get("field").asText());
            assertTrue(r.header("WWW-Authenticate").startsWith("Bearer"));
        }
        assertEquals(401, t.send("DELETE", "/api/v1/pages?url=" + GRINDER, null).status());
        assertEquals(401, t.post("/api/v1/events", Map.of("type", "killed", "url", GRINDER)).status());
        assertEquals(200, t.send("GET", "/api/v1/pages?url=" + GRINDER, null).status(), "nothing was deleted");
    }

    @Test
    void pages_are_written_on_a_thread_of_lower_cpu_priority_than_the_drafts() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux only");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/renice")) || Files.isExecutable(Path.of("/bin/renice")),
                "renice is not installed here");
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(page("https://brew.example/gear/moka-pot",
                "Moka pot brewing", "The moka pot brews strong stovetop coffee."))), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        List<Integer> writers = LowPriority.niceOfThreadsNamed("linker-writes");
        assertFalse(writers.isEmpty(), "a thread named linker-writes wrote the page");
        int drafts = LowPriority.niceOfThisThread(); // the server's request threads start as this one did
        for (int nice : writers) {
            assertTrue(nice >= LowPriority.NICE && nice > drafts, "linker-writes at " + nice + ", requests at " + drafts);
        }
    }

    @Test
    void put_pages_makes_a_new_page_suggestable_at_once_and_get_returns_it() {
        String url = "https://brew.example/gear/moka-pot";
        assertFalse(suggested("Stovetop coffee from a moka pot is strong.").contains(url));
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url", url, "title", "Moka pot brewing",
                "text", "The moka pot brews strong stovetop coffee under steam pressure.", "category",
                List.of("gear", "stovetop"), "authority", 0.4))), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        assertEquals(1, r.json().get("upserted").asInt());
        assertEquals(1, r.json().get("embedded").asInt());
        assertTrue(suggested("Stovetop coffee from a moka pot is strong.").contains(url), "searchable right away");
        JsonNode got = t.send("GET", "/api/v1/pages?url=" + url, null).json();
        assertEquals("Moka pot brewing", got.get("title").asText());
        assertEquals("/gear/stovetop/", got.get("category").asText());
        assertEquals("live", got.get("status").asText());
        // The same content again is not embedded again.
        TestServer.Res again = t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url", url, "title",
                "Moka pot brewing", "text", "The moka pot brews strong stovetop coffee under steam pressure.",
                "category", List.of("gear", "stovetop"), "authority", 0.4))), "Authorization", AUTH);
        assertEquals(0, again.json().get("embedded").asInt(), again.body());
    }

    @Test
    void a_draft_in_a_language_is_offered_pages_of_its_language_and_pages_of_none_known() {
        String fr = "https://brew.example/fr/moulin-a-cafe";
        String en = "https://brew.example/en/coffee-mill";
        String text = "The hand coffee mill grinds beans with a crank; the hand mill is slow but quiet.";
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(
                Map.of("url", fr, "title", "Hand coffee mill", "text", text, "language", "fr-FR", "date",
                        "2026-11-20T09:30:00+01:00"),
                Map.of("url", en, "title", "Hand coffee mill", "text", text, "language", "en", "date",
                        "2026-11-21 08:00:00"))), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        JsonNode got = t.send("GET", "/api/v1/pages?url=" + fr, null).json();
        assertEquals("fr-FR", got.get("language").asText());
        assertEquals("2026-11-20", got.get("date").asText());
        String draft = "My hand coffee mill with a crank grinds beans slowly.";
        List<String> french = SuggestionsApiTest.urls(t.suggest(draft, "text", "limit", 20, "language", "fr")
                .json().get("suggestions"));
        assertTrue(french.contains(fr), french.toString());
        assertFalse(french.contains(en), french.toString());
        assertTrue(french.contains(GRINDER), "pages of no known language stay: " + french);
        List<String> any = suggested(draft);
        assertTrue(any.contains(fr) && any.contains(en), "no language: every page: " + any);
        TestServer.Res bad = t.suggest(draft, "text", "language", "not a tag");
        assertEquals(400, bad.status(), bad.body());
        assertEquals("language", bad.json().get("error").get("field").asText());
    }

    @Test
    void a_page_put_again_after_a_kill_is_live_and_the_kill_is_forgotten() {
        assertEquals(200, t.post("/api/v1/events", Map.of("type", "killed", "url", GRINDER), "Authorization", AUTH)
                .status());
        String draft = "Read our notes on choosing a burr grinder before you buy one.";
        assertFalse(suggested(draft).contains(GRINDER));
        JsonNode page = t.send("GET", "/api/v1/pages?url=" + GRINDER, null).json();
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(page(GRINDER, page.get("title").asText(),
                page.get("text").asText()))), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        assertTrue(suggested(draft).contains(GRINDER), "published again");
        t.close();
        // The site indexed again from its source (as linker index syncs): an event still on record would kill it.
        try (dev.linker.index.PageIndex index = dev.linker.index.PageIndex.open(dir.resolve("index"),
                TestServer.embedder(), dev.linker.index.IndexSettings.DEFAULT)) {
            index.sync(TestServer.fixturePages().stream().map(dev.linker.index.PageInput::toRecord).toList(), false,
                    null);
            assertEquals(dev.linker.index.Status.LIVE, index.get(GRINDER).status(), "the kill was forgotten");
        }
        t = TestServer.start(dir.resolve("index"), dev.linker.server.ServerConfig.defaults());
    }

    @Test
    void access_tells_what_a_key_may_do_without_doing_anything() {
        JsonNode none = t.send("GET", "/api/v1/access", null).json();
        assertTrue(none.get("read").asBoolean());
        assertFalse(none.get("write").asBoolean());
        JsonNode write = t.send("GET", "/api/v1/access", null, "Authorization", AUTH).json();
        assertTrue(write.get("read").asBoolean());
        assertTrue(write.get("write").asBoolean());
        TestServer.Res wrong = t.send("GET", "/api/v1/access", null, "Authorization", "Bearer wrong");
        assertEquals(200, wrong.status(), wrong.body());
        assertFalse(wrong.json().get("write").asBoolean());
    }

    @Test
    void bad_pages_are_refused_whole_with_the_field_path_named() {
        List<Object[]> cases = List.of(
                new Object[] {Map.of("pages", "x"), "pages"},
                new Object[] {Map.of("pages", List.of(page("https://brew.example/a", "A", "a"), Map.of("title", "B"))),
                        "pages[1].url"},
                new Object[] {Map.of("pages", List.of(page("relative", "A", "a"))), "pages[0].url"},
                new Object[] {Map.of("pages", List.of(page("//other.example/a", "A", "a"))), "pages[0].url"},
                new Object[] {Map.of("pages", List.of(Map.of("url", "https://brew.example/a"))), "pages[0].title"},
                new Object[] {Map.of("pages", List.of(Map.of("url", "https://brew.example/a", "title", "A", "status",
                        "gone"))), "pages[0].status"},
                new Object[] {Map.of("pages", List.of(Map.of("url", "https://brew.example/a", "title", "A",
                        "authority", 3))), "pages[0].authority"},
                new Object[] {Map.of("pages", List.of(Map.of("url", "https://brew.example/a", "title", "A",
                        "date", "20 November 2026"))), "pages[0].date"},
                new Object[] {Map.of("pages", List.of(Map.of("url", "https://brew.example/a", "title", "A",
                        "language", "français"))), "pages[0].language"},
                new Object[] {Map.of("pages", List.of(page("https://brew.example/a", "A", "a"),
                        page("https://brew.example/a", "A", "a"))), "pages[1].url"});
        for (Object[] c : cases) {
            TestServer.Res r = t.put("/api/v1/pages", c[0], "Authorization", AUTH);
            assertEquals(400, r.status(), r.body());
            assertEquals(c[1], r.json().get("error").get("field").asText(), r.body());
        }
        assertEquals(404, t.send("GET", "/api/v1/pages?url=https://brew.example/a", null).status(),
                "a batch with a bad page writes nothing");
    }

    @Test
    void a_merged_page_stops_being_suggested_and_its_survivor_takes_its_place() {
        String survivor = "https://brew.example/gear/equipment";
        t.put("/api/v1/pages", Map.of("pages", List.of(page(survivor, "Home barista equipment",
                "Kettles, scales, tampers and grinders for the home barista."))), "Authorization", AUTH);
        String draft = "Read our notes on choosing a burr grinder before you buy one.";
        List<String> before = suggested(draft);
        assertTrue(before.contains(GRINDER), before.toString());
        JsonNode early = t.suggest(draft, "text", "limit", 20).json().get("suggestions");
        for (JsonNode s : early) {
            if (s.get("url").asText().equals(survivor)) {
                assertFalse(s.get("reasons").get("anchor").asText().equals("name"),
                        "the survivor is not named by this draft yet: " + s);
            }
        }
        TestServer.Res r = t.post("/api/v1/events", Map.of("type", "merged", "url", GRINDER, "survivor", survivor),
                "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        TestServer.Res after = t.suggest(draft, "text", "limit", 20);
        List<String> urls = SuggestionsApiTest.urls(after.json().get("suggestions"));
        assertFalse(urls.contains(GRINDER), "merged page is not suggested");
        assertTrue(urls.contains(survivor), "its survivor takes its place: " + after.body());
        JsonNode s = after.json().get("suggestions").get(urls.indexOf(survivor));
        assertEquals("choosing a burr grinder", s.get("anchor").asText(), "on the merged page's name");
        assertEquals("name", s.get("reasons").get("anchor").asText());
        assertEquals("merged", t.send("GET", "/api/v1/pages?url=" + GRINDER, null).json().get("status").asText());
        // Reversible: the page comes back when it is created again.
        t.post("/api/v1/events", Map.of("type", "created", "url", GRINDER), "Authorization", AUTH);
        assertTrue(suggested(draft).contains(GRINDER));
    }

    @Test
    void a_killed_page_disappears_and_a_created_page_with_content_appears() {
        t.post("/api/v1/events", Map.of("type", "killed", "url", GRINDER), "Authorization", AUTH);
        assertFalse(suggested(DRAFT).contains(GRINDER));
        String url = "https://brew.example/gear/hand-grinder";
        TestServer.Res r = t.post("/api/v1/events", Map.of("type", "created", "url", url, "page",
                page(url, "Hand grinder for travel", "A hand grinder with steel burrs fits in a travel bag.")),
                "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        assertTrue(suggested("On trips I pack a hand grinder and a small kettle.").contains(url));
    }

    @Test
    void bad_events_name_the_field_and_unknown_pages_get_404() {
        List<Object[]> cases = List.of(
                new Object[] {Map.of("url", GRINDER), 400, "type"},
                new Object[] {Map.of("type", "exploded", "url", GRINDER), 400, "type"},
                new Object[] {Map.of("type", "merged", "url", GRINDER), 400, "survivor"},
                new Object[] {Map.of("type", "merged", "url", GRINDER, "survivor", GRINDER), 400, "survivor"},
                new Object[] {Map.of("type", "killed", "url", GRINDER, "survivor", GRINDER + "2"), 400, "survivor"},
                new Object[] {Map.of("type", "killed", "url", "nope"), 400, "url"},
                new Object[] {Map.of("type", "killed", "url", "https://brew.example/none"), 404, "url"},
                new Object[] {Map.of("type", "killed", "url", "/none/"), 404, "url"},
                new Object[] {Map.of("type", "merged", "url", GRINDER, "survivor", "javascript:alert(1)"), 400,
                        "survivor"},
                new Object[] {Map.of("type", "updated", "url", GRINDER, "page", page("https://brew.example/x", "X", "")),
                        400, "page.url"});
        for (Object[] c : cases) {
            TestServer.Res r = t.post("/api/v1/events", c[0], "Authorization", AUTH);
            assertEquals(c[1], r.status(), c[0] + " → " + r.body());
            assertEquals(c[2], r.json().get("error").get("field").asText(), r.body());
        }
        assertEquals("live", t.send("GET", "/api/v1/pages?url=" + GRINDER, null).json().get("status").asText());
    }

    @Test
    void pages_and_events_take_site_paths_as_an_index_of_a_folder_of_html_keys_its_pages() {
        String path = "/guides/moka-pot/";
        TestServer.Res r = t.put("/api/v1/pages", Map.of("pages", List.of(page(path, "Moka pot brewing",
                "The moka pot brews strong stovetop coffee under steam pressure."))), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        r = t.post("/api/v1/events", Map.of("type", "merged", "url", path, "survivor", GRINDER), "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        assertEquals("merged", t.send("GET", "/api/v1/pages?url=" + path, null).json().get("status").asText());
    }

    @Test
    void delete_removes_a_page_and_unknown_urls_get_404_naming_url() {
        TestServer.Res r = t.send("DELETE", "/api/v1/pages?url=" + GRINDER, null, "Authorization", AUTH);
        assertEquals(200, r.status(), r.body());
        assertEquals(404, t.send("GET", "/api/v1/pages?url=" + GRINDER, null).status());
        assertFalse(suggested(DRAFT).contains(GRINDER));
        TestServer.Res again = t.send("DELETE", "/api/v1/pages?url=" + GRINDER, null, "Authorization", AUTH);
        assertEquals(404, again.status());
        assertEquals("url", again.json().get("error").get("field").asText());
        assertEquals("url", t.send("GET", "/api/v1/pages", null).json().get("error").get("field").asText());
    }

    @Test
    void pages_and_events_survive_a_restart_of_the_server() {
        t.post("/api/v1/events", Map.of("type", "killed", "url", GRINDER), "Authorization", AUTH);
        t.close();
        t = TestServer.start(dir.resolve("index"), ServerConfig.defaults());
        JsonNode page = t.send("GET", "/api/v1/pages?url=" + GRINDER, null).json();
        assertEquals("killed", page.get("status").asText());
        assertEquals(12, t.send("GET", "/api/v1/health", null).json().get("pages").asInt());
        assertFalse(suggested(DRAFT).contains(GRINDER));
    }
}
