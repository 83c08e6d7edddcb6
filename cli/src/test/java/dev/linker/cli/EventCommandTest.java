package dev.linker.cli;

import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code linker event} as a CMS hook script runs it: against a local index, and against a real server on loopback. */
class EventCommandTest {
    static final String GRINDER = "https://brew.example/gear/burr-grinder.html";
    static final String KETTLES = "https://brew.example/gear/kettles.html";
    static final String KEY = "hook-key-1";

    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
    }

    static Run run(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerCli.run(args, new PrintWriter(out), new PrintWriter(err), env);
        return new Run(code, out.toString(), err.toString());
    }

    static Run run(String... args) {
        return run(Map.of(), args);
    }

    Path index() {
        Path idx = tmp.resolve("idx");
        Run r = run("index", IndexCommandsTest.site("coffee/pages.csv").toString(), "--links",
                IndexCommandsTest.site("coffee/links.jsonl").toString(), "--index", idx.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        return idx;
    }

    static PageRecord stored(Path idx, String url) {
        try (PageIndex i = PageIndex.openReadOnly(idx, null)) {
            return i.get(url);
        }
    }

    static List<String> names(Path idx, String url) {
        return stored(idx, url).names().stream().map(n -> n[1]).toList();
    }

    static void assertNoStackTrace(Run r) {
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void merged_on_a_local_index_hands_the_names_to_the_survivor_and_linker_index_keeps_them() {
        Path idx = index();
        assertFalse(names(idx, KETTLES).contains("Choosing a Burr Grinder"));
        Run r = run("event", "merged", "--url", GRINDER, "--survivor", KETTLES, "--index", idx.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("{\"applied\":\"merged\",\"url\":\"" + GRINDER + "\"}", r.out().strip());
        assertTrue(r.err().contains("merged " + GRINDER + " -> " + KETTLES), r.err());
        assertEquals(Status.MERGED, stored(idx, GRINDER).status());
        assertTrue(names(idx, KETTLES).contains("Choosing a Burr Grinder"), names(idx, KETTLES).toString());

        Run again = run("index", IndexCommandsTest.site("coffee/pages.csv").toString(), "--links",
                IndexCommandsTest.site("coffee/links.jsonl").toString(), "--index", idx.toString(), "-q");
        assertEquals(0, again.code(), again.err());
        assertTrue(names(idx, KETTLES).contains("Choosing a Burr Grinder"), "kept through the re-index: "
                + names(idx, KETTLES));
        assertEquals(Status.MERGED, stored(idx, GRINDER).status(), "the site's copy does not revive it");
    }

    @Test
    void updated_with_an_html_page_reads_it_as_linker_index_reads_a_site() throws IOException {
        Path idx = index();
        Path html = tmp.resolve("grinder.html");
        Files.writeString(html, "<html><head><title>Burr Grinders Compared</title></head><body>"
                + "<nav><a href=\"/\">Home</a> Site navigation</nav><main><h1>Burr grinders compared</h1>"
                + "<p>Conical and flat burrs grind evenly for espresso and pour-over.</p></main></body></html>");
        Run r = run("event", "updated", "--url", GRINDER, "--page", html.toString(), "--index", idx.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err(), "--quiet");
        PageRecord p = stored(idx, GRINDER);
        assertEquals("Burr Grinders Compared", p.title());
        assertEquals("Burr grinders compared", p.h1());
        assertTrue(p.body().contains("Conical and flat burrs grind evenly"), p.body());
        assertFalse(p.body().contains("Site navigation"), "main content only: " + p.body());
    }

    @Test
    void created_with_a_json_page_takes_its_url_from_the_option() throws IOException {
        Path idx = index();
        String url = "https://brew.example/gear/moka-pot.html";
        Path json = tmp.resolve("moka.json");
        Files.writeString(json, "{\"title\": \"Moka pot brewing\", \"text\": \"The moka pot brews strong coffee.\"}");
        Run r = run("event", "created", "--url", url, "--page", json.toString(), "--index", idx.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("Moka pot brewing", stored(idx, url).title());
    }

    @Test
    void bad_events_are_exit_2_with_a_message_naming_the_option_and_write_nothing() throws IOException {
        Path idx = index();
        Path badJson = tmp.resolve("bad.json");
        Files.writeString(badJson, "{\"text\": 3}");
        List<String[]> cases = List.of(
                new String[] {"--survivor is required for a merged event", "merged", "--url", GRINDER},
                new String[] {"--survivor must differ from url", "merged", "--url", GRINDER, "--survivor", GRINDER},
                new String[] {"--survivor only applies to merged and redirected events", "killed", "--url", GRINDER,
                        "--survivor", KETTLES},
                new String[] {"--url: no page with url https://brew.example/none.html in the index", "killed", "--url",
                        "https://brew.example/none.html"},
                new String[] {"unknown event type \"exploded\"", "exploded", "--url", GRINDER},
                new String[] {"--page " + badJson + ": page.text must be a string", "updated", "--url", GRINDER, "--page",
                        badJson.toString()},
                new String[] {"--page " + tmp.resolve("none.html") + ": no such file", "updated", "--url", GRINDER,
                        "--page", tmp.resolve("none.html").toString()});
        for (String[] c : cases) {
            String[] args = new String[c.length + 2];
            System.arraycopy(c, 1, args, 1, c.length - 1);
            args[0] = "event";
            args[c.length] = "--index";
            args[c.length + 1] = idx.toString();
            Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().contains(c[0]), "expected \"" + c[0] + "\" in: " + r.err());
            assertNoStackTrace(r);
        }
        Run none = run("event", "killed", "--url", GRINDER, "--index", tmp.resolve("nothing").toString());
        assertEquals(2, none.code(), none.err());
        assertTrue(none.err().contains("no index here (build one with 'linker index SITE --index"), none.err());
        assertFalse(Files.exists(tmp.resolve("nothing")), "no empty index is created");
        assertEquals(Status.LIVE, stored(idx, GRINDER).status());
        assertFalse(names(idx, KETTLES).contains("Choosing a Burr Grinder"));
    }

    @Test
    void against_a_running_server_it_posts_the_event_with_the_key_from_the_environment() throws IOException {
        Path idx = index();
        ServerConfig config = ServerConfig.defaults().withPort(0).withWriteKeys(Set.of(KEY));
        try (LinkerServer server = LinkerServer.open(config, idx, null, m -> { }).start()) {
            String url = "http://127.0.0.1:" + server.port();
            Run r = run(Map.of("LINKER_API_KEY", KEY), "event", "merged", "--url", GRINDER, "--survivor", KETTLES,
                    "--server", url);
            assertEquals(0, r.code(), r.err());
            assertEquals("{\"applied\":\"merged\",\"url\":\"" + GRINDER + "\"}", r.out().strip(), "the server's answer");

            Run keys = run(Map.of("LINKER_API_KEYS", "other," + KEY), "event", "killed", "--url", KETTLES, "--server",
                    url + "/");
            assertEquals(2, keys.code(), "the first of LINKER_API_KEYS is sent: " + keys.err());
            assertTrue(keys.err().contains("The API key is not valid") && keys.err().contains("LINKER_API_KEYS"),
                    keys.err());

            Run noKey = run(Map.of(), "event", "killed", "--url", KETTLES, "--server", url);
            assertEquals(2, noKey.code(), noKey.err());
            assertTrue(noKey.err().contains("An API key is required") && noKey.err().contains("set LINKER_API_KEY"),
                    noKey.err());

            Run unknown = run(Map.of("LINKER_API_KEY", KEY), "event", "killed", "--url",
                    "https://brew.example/none.html", "--server", url);
            assertEquals(2, unknown.code(), unknown.err());
            assertTrue(unknown.err().contains("refused the event: --url: no page with url https://brew.example/none.html"),
                    unknown.err());
            assertNoStackTrace(unknown);

            Run locked = run("event", "killed", "--url", KETTLES, "--index", idx.toString());
            assertEquals(2, locked.code(), locked.err());
            assertTrue(locked.err().contains("send the event there with --server URL"), locked.err());

            Run bad = run(Map.of("LINKER_API_KEY", KEY), "event", "merged", "--url", KETTLES, "--server", url);
            assertEquals(2, bad.code(), bad.err());
            assertTrue(bad.err().contains("--survivor is required for a merged event"), "the local door's words: "
                    + bad.err());
        }
        assertEquals(Status.MERGED, stored(idx, GRINDER).status());
        assertEquals(Status.LIVE, stored(idx, KETTLES).status(), "refused events wrote nothing");
        assertTrue(names(idx, KETTLES).contains("Choosing a Burr Grinder"), names(idx, KETTLES).toString());
    }

    @Test
    void a_server_that_cannot_be_reached_is_exit_2_naming_it() {
        Run r = run(Map.of("LINKER_API_KEY", KEY), "event", "killed", "--url", GRINDER, "--server",
                "http://127.0.0.1:1");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--server http://127.0.0.1:1: cannot reach the server"), r.err());
        Run notUrl = run("event", "killed", "--url", GRINDER, "--server", "linker.internal");
        assertEquals(2, notUrl.code(), notUrl.err());
        assertTrue(notUrl.err().contains("--server linker.internal: not an http(s) URL"), notUrl.err());
    }
}
