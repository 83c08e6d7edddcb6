package dev.linker.cli;

import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.embed.Embedders;
import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code linker event} as a CMS hook script runs it: against a local index and against a running server. */
class EventCommandTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    static List<String> names(Path index, String url) {
        try (PageIndex i = PageIndex.openReadOnly(index, Embedders.createDefault())) {
            List<String> out = new ArrayList<>();
            i.get(url).names().forEach(n -> out.add(n[1]));
            return out;
        }
    }

    @Test
    void a_merged_page_hands_its_names_to_the_survivor_and_they_survive_indexing_the_site_again(@TempDir Path tmp)
            throws IOException {
        Path site = tmp.resolve("site");
        copy(Path.of("..", "examples", "site"), site);
        Path index = tmp.resolve("index");
        assertEquals(0, run("index", site.toString(), "--index", index.toString(), "-q").code());

        Run r = run("event", "merged", "--url", "/blog/decaf.html", "--survivor", "/blog/storing-beans.html",
                "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("merged /blog/decaf.html -> /blog/storing-beans.html"), r.out());
        assertTrue(names(index, "/blog/storing-beans.html").contains("Is decaf worth it?"),
                names(index, "/blog/storing-beans.html").toString());

        // The CMS removes the old page; the next build's index run must not forget where its readers went.
        Files.delete(site.resolve("blog/decaf.html"));
        assertEquals(0, run("index", site.toString(), "--index", index.toString(), "-q").code());
        assertTrue(names(index, "/blog/storing-beans.html").contains("Is decaf worth it?"),
                "carried names are kept by a re-index: " + names(index, "/blog/storing-beans.html"));
        // ... and a page the site changed is still read afresh.
        assertEquals(0, run("index", site.toString(), "--index", index.toString(), "-q").code());

        r = run("event", "killed", "--url", "/guides/water.html", "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        try (PageIndex i = PageIndex.openReadOnly(index, Embedders.createDefault())) {
            assertEquals(Status.KILLED, i.get("/guides/water.html").status());
        }
    }

    @Test
    void an_updated_page_is_read_from_a_built_html_file_as_the_index_reads_it(@TempDir Path tmp) throws IOException {
        Path index = tmp.resolve("index");
        assertEquals(0, run("index", Path.of("..", "examples", "site").toString(), "--index", index.toString(), "-q")
                .code());
        Path page = tmp.resolve("new.html");
        Files.writeString(page, "<!doctype html><html lang=en><head><title>Moka pot — Brew Guide</title></head><body>"
                + "<main><h1>Moka pot</h1><p>A moka pot brews strong coffee on the stove with steam pressure.</p>"
                + "</main></body></html>", StandardCharsets.UTF_8);
        Run r = run("event", "created", "--url", "/guides/moka-pot.html", "--page", page.toString(), "--index",
                index.toString());
        assertEquals(0, r.code(), r.err());
        try (PageIndex i = PageIndex.openReadOnly(index, Embedders.createDefault())) {
            PageRecord p = i.get("/guides/moka-pot.html");
            assertEquals("Moka pot", p.h1());
            assertTrue(p.body().contains("steam pressure"), p.body());
        }
    }

    @Test
    void bad_input_is_exit_2_naming_the_option() {
        assertEquals(2, run("event", "moved", "--url", "/a", "--index", "x").code());
        Run r = run("event", "merged", "--url", "/a", "--index", "x");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--survivor"), r.err());
        r = run("event", "killed", "--url", "/nope.html", "--index", "/no/such/folder");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--index /no/such/folder"), r.err());
        r = run("event", "updated", "--url", "/a", "--page", "/no/such.json", "--index", "x");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--page /no/such.json"), r.err());
        assertEquals(2, run("event", "killed", "--url", "/a").code(), "--index or --server is required");
    }

    @Test
    void against_a_running_server_the_event_goes_through_its_api_and_a_refusal_is_exit_2(@TempDir Path tmp)
            throws Exception {
        Path pages = tmp.resolve("pages.json");
        Files.writeString(pages, "{\"pages\":[{\"url\":\"https://brew.example/old\",\"title\":\"Old grinder guide\","
                + "\"text\":\"Burr grinders and blade grinders.\"},{\"url\":\"https://brew.example/new\",\"title\":"
                + "\"Grinding coffee\",\"text\":\"How to grind coffee beans for each brewing method.\"}]}");
        ServerConfig config = ServerConfig.defaults().withHost("127.0.0.1").withPort(0);
        try (LinkerServer s = LinkerServer.open(config, tmp.resolve("index"), pages, m -> { }).start()) {
            // This server has no write keys: it refuses every write, and the command says so.
            Run r = run("event", "merged", "--url", "https://brew.example/old", "--survivor", "https://brew.example/new",
                    "--server", s.baseUrl());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("LINKER_API_KEY"), r.err());
            r = run("event", "killed", "--url", "https://brew.example/x", "--server", "http://127.0.0.1:1");
            assertEquals(2, r.code());
            assertTrue(r.err().contains("cannot reach it"), r.err());
        }
        // With a key: a real process, since the key comes from the environment.
        String key = "hook-" + System.nanoTime();
        try (LinkerServer s = LinkerServer.open(config.withWriteKeys(Set.of(key)), tmp.resolve("index"), null, m -> { })
                .start()) {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli", "event", "merged",
                    "--url", "https://brew.example/old", "--survivor", "https://brew.example/new", "--server",
                    s.baseUrl()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().put(EventCommand.ENV_KEY, key);
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            assertTrue(out.contains("\"applied\":\"merged\""), out);
            String page = s.baseUrl() + "/api/v1/pages?url=https://brew.example/old";
            String body = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create(page)).build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(body.contains("\"status\":\"merged\""), body);
        }
    }
}
