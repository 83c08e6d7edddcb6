package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code linker audit URL} and {@code linker index URL} crawl a real HTTP server on loopback. */
class CrawlTest {
    @TempDir
    Path tmp;
    Path site;
    HttpServer server;
    String base;
    final List<String> requests = new CopyOnWriteArrayList<>();
    final Map<String, String> redirects = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> tooManyFirst = new ConcurrentHashMap<>();
    volatile String robots;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeEach
    void serveACopyOfTheExampleSite() throws IOException {
        site = tmp.resolve("site");
        try (Stream<Path> s = Files.walk(Path.of("..", "examples", "site"))) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = site.resolve(Path.of("..", "examples", "site").relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        requests.add(x.getRequestHeaders().getFirst("Host") + " " + path);
        if (path.equals("/robots.txt") && robots != null) {
            send(x, 200, "text/plain", robots.getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (redirects.containsKey(path)) {
            x.getResponseHeaders().add("Location", redirects.get(path));
            x.sendResponseHeaders(301, -1);
            x.close();
            return;
        }
        AtomicInteger wait = tooManyFirst.get(path);
        if (wait != null && wait.getAndIncrement() == 0) {
            x.getResponseHeaders().add("Retry-After", "0");
            send(x, 429, "text/plain", "slow down".getBytes(StandardCharsets.UTF_8));
            return;
        }
        Path f = site.resolve(path.substring(1));
        if (Files.isDirectory(f)) {
            f = f.resolve("index.html");
        }
        if (!Files.isRegularFile(f)) {
            send(x, 404, "text/html", "<h1>Not found</h1>".getBytes(StandardCharsets.UTF_8));
            return;
        }
        send(x, 200, f.toString().endsWith(".html") ? "text/html; charset=utf-8" : "application/xml",
                Files.readAllBytes(f));
    }

    private static void send(HttpExchange x, int code, String type, byte[] body) throws IOException {
        x.getResponseHeaders().add("Content-Type", type);
        x.sendResponseHeaders(code, body.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(body);
        }
    }

    /** check id → sorted "page line:column" of each finding in a JSON report. */
    static Map<String, Set<String>> findings(String json) throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        for (JsonNode f : new ObjectMapper().readTree(json).get("findings")) {
            out.computeIfAbsent(f.get("check").asText(), k -> new TreeSet<>())
                    .add(f.get("page").asText() + " " + f.get("line").asInt() + ":" + f.get("column").asInt());
        }
        return out;
    }

    @Test
    void the_crawl_of_a_site_finds_what_the_audit_of_its_folder_finds_at_the_same_lines() throws IOException {
        // The sitemap's URLs are on the site's public host: --base-url names it, the crawl fetches them here.
        Run crawled = run("audit", base + "/", "--allow-private", "--base-url", "https://brewguide.example/",
                "--format", "json", "--no-git");
        Run folder = run("audit", site.toString(), "--base-url", "https://brewguide.example/", "--format", "json",
                "--no-git");
        assertEquals(folder.code(), crawled.code(), crawled.err());
        Map<String, Set<String>> expected = findings(folder.out());
        assertEquals(expected, findings(crawled.out()));
        assertTrue(expected.containsKey("orphan") && expected.containsKey("broken-link"), expected.toString());
        JsonNode a = new ObjectMapper().readTree(crawled.out()).get("summary");
        JsonNode b = new ObjectMapper().readTree(folder.out()).get("summary");
        assertEquals(b, a, "the same summary");
        assertTrue(crawled.err().contains("crawled " + base + ": 14 pages"), crawled.err());
        JsonNode broken = null;
        for (JsonNode f : new ObjectMapper().readTree(crawled.out()).get("findings")) {
            if (f.get("check").asText().equals("broken-link")) {
                broken = f;
            }
        }
        assertEquals(base + "/blog/decaf.html", broken.get("file").asText(), "a finding names the page's URL");
    }

    @Test
    void a_redirect_is_a_redirect_link_and_a_404_a_broken_link() throws IOException {
        Files.writeString(site.resolve("about.html"), Files.readString(site.resolve("about.html"))
                .replace("</main>", "<p>See the <a href=\"/old-grinding.html\">grinding guide</a>.</p></main>"));
        redirects.put("/old-grinding.html", "/guides/grinding.html");
        Run r = run("audit", base + "/", "--allow-private", "--format", "json", "--no-git");
        Map<String, Set<String>> f = findings(r.out());
        assertTrue(f.containsKey("redirect-link"), f.toString());
        assertTrue(f.get("broken-link").stream().anyMatch(x -> x.startsWith("/blog/decaf.html")), f.toString());
    }

    @Test
    void robots_txt_is_obeyed_and_other_hosts_are_never_fetched() throws IOException {
        robots = "User-agent: *\nDisallow: /blog/\n";
        Files.writeString(site.resolve("contact.html"), Files.readString(site.resolve("contact.html"))
                .replace("</main>", "<p><a href=\"http://localhost:" + server.getAddress().getPort()
                        + "/elsewhere.html\">elsewhere</a></p></main>"));
        Run r = run("audit", base + "/", "--allow-private", "--no-git", "--fail-on", "never");
        assertEquals(0, r.code(), r.err());
        assertTrue(requests.stream().noneMatch(q -> q.contains(" /blog/")), requests.toString());
        assertTrue(requests.stream().noneMatch(q -> q.startsWith("localhost")), "another host name is another site: "
                + requests);
        assertTrue(r.err().contains("blocked by robots.txt"), r.err());
    }

    @Test
    void a_private_address_is_refused_unless_allowed() {
        Run r = run("audit", base + "/", "--no-git");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("127.0.0.1, a loopback address") && r.err().contains("--allow-private"), r.err());
        assertTrue(requests.isEmpty(), "nothing was requested: " + requests);
        r = run("index", "http://localhost:" + server.getAddress().getPort() + "/", "--index",
                tmp.resolve("idx").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("loopback address"), r.err());
    }

    @Test
    void max_pages_bounds_the_crawl_and_a_429_is_retried() throws IOException {
        tooManyFirst.put("/", new AtomicInteger());
        Run r = run("audit", base + "/", "--allow-private", "--no-git", "--max-pages", "3", "--fail-on", "never");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains(": 3 pages"), r.err());
        assertEquals(2, requests.stream().filter(q -> q.endsWith(" /")).count(), "the 429 and its retry: " + requests);
        assertTrue(r.err().contains("stopped at 3 pages"), r.err());
    }

    @Test
    void index_reads_a_crawled_site_as_it_reads_a_folder() {
        Path idx = tmp.resolve("idx");
        Run r = run("index", base + "/", "--allow-private", "--base-url", "https://brewguide.example/", "--index",
                idx.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("14 pages: 0 unchanged, 14 embedded"), r.out());
        Run folder = run("index", site.toString(), "--base-url", "https://brewguide.example/", "--index",
                idx.toString(), "-q");
        assertTrue(folder.out().startsWith("14 pages: 14 unchanged, 0 embedded, 0 removed"),
                "the same pages, keys and text: " + folder.out());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
