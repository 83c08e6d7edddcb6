package dev.linker.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded fuzzing of the HTTP API: random JSON bodies (valid-ish and garbage, wrong types, huge strings, deep nesting,
 * trailing text), headers (method overrides, odd content types, huge headers) and URLs (long, encoded, "..", NUL,
 * unicode) through every route, against one real server on loopback over a small real index. Requests go over a raw
 * socket so that nothing a client library would refuse is out of reach.
 *
 * <p>Each case is built from {@code (seed, case)} alone: a failure names both, and {@code -Dfuzz.seed=S
 * -Dfuzz.case=N} reruns it alone (and prints request and answer); {@code -Dfuzz.cases=N} (every fuzz suite) or
 * {@code -Dfuzz.server.cases=N} scales the run (default {@value #DEFAULT_CASES}); {@code -Dfuzz.stats=true} prints
 * the answers by route and status, to see what the cases reach.
 * Oracles: no 5xx but a deliberate 503 (and 505 for a request line that is not HTTP/1.1); an /api route always
 * answers JSON (errors included) unless the request line itself is broken; no stack trace or
 * "Exception" in a response; a file outside the served folders (planted, with symlinks to it inside them) never
 * appears; every request is answered within {@value #TIMEOUT_SECONDS} s; the server stays healthy.
 */
class ServerFuzzTest {
    static final int DEFAULT_CASES = 1800;
    static final long DEFAULT_SEED = 20261123L;
    static final int TIMEOUT_SECONDS = 10;
    static final String KEY = TestServer.KEY;
    static final ObjectMapper JSON = new ObjectMapper();
    static final String[] ROUTES = {"POST /api/v1/suggestions", "GET /api/v1/pages", "PUT /api/v1/pages",
            "DELETE /api/v1/pages", "POST /api/v1/events", "GET /api/v1/health", "GET /api/v1/openapi.json",
            "GET /metrics", "GET /", "GET /demo", "GET /demo/<path>", "GET /widget/<path>", "GET /vendor/tinymce/<path>",
            "GET /vendor/ckeditor5/<path>", "OPTIONS /api/v1/suggestions", "OPTIONS /api/v1/pages",
            "PATCH /api/v1/pages", "GET /api/v2/other", "TRACE /api/v1/health", "HEAD /api/v1/health", "POST /api/v1/pages"};
    static final String[] PAGE_URLS = {"https://brew.example/guides/espresso-extraction", "https://brew.example/gear/burr-grinder",
            "https://brew.example/fuzz/new", "https://brew.example/fuzz/other"};

    @TempDir
    static Path tmp;
    static TestServer t;
    static String secret;
    static int port;

    @BeforeAll
    static void start() throws IOException {
        secret = "FUZZSECRET" + Long.toHexString(new Random(seed()).nextLong() | 1L << 62);
        Path outside = tmp.resolve("outside");
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("s.js"), "// " + secret + "\n");
        // Editor files served from a vendor folder, with symlinks in it to a file outside (as npm link leaves them).
        Path vendor = tmp.resolve("vendor");
        for (Path d : List.of(vendor.resolve("tinymce"), vendor.resolve("ckeditor5/dist/browser"))) {
            Files.createDirectories(d);
            Files.writeString(d.resolve("editor.js"), "export const editor = 1;\n");
            Files.createSymbolicLink(d.resolve("leak.js"), outside.resolve("s.js"));
            Files.createSymbolicLink(d.resolve("rel-leak.js"), d.relativize(outside.resolve("s.js")));
            Files.createSymbolicLink(d.resolve("out"), outside);
        }
        t = TestServer.start(tmp.resolve("index"), ServerConfig.defaults().withWriteKeys(Set.of(KEY))
                .withCorsOrigins(List.of("https://cms.example")).withVendorDir(vendor));
        t.service.upsert(TestServer.fixturePages());
        port = t.server.port();
    }

    @AfterAll
    static void stop() {
        if (t != null) {
            t.close();
        }
    }

    static long seed() {
        return Long.getLong("fuzz.seed", DEFAULT_SEED);
    }

    /** A request as built for one case; {@code log} says what was done, for the failure message. */
    record Req(String method, String target, List<String[]> headers, byte[] body, boolean chunked, boolean lengthLies,
               boolean protocolAbuse, List<String> log) {
    }

    record Resp(int status, Map<String, String> headers, byte[] body, long ms) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    record Failure(String kind, int index, Req req, String detail) {
    }

    @Test
    void hostile_requests_on_every_route_never_crash_leak_hang_or_answer_an_api_call_with_anything_but_json()
            throws IOException {
        long seed = seed();
        int cases = Integer.getInteger("fuzz.server.cases", Integer.getInteger("fuzz.cases", DEFAULT_CASES));
        Integer only = Integer.getInteger("fuzz.case");
        int first = only == null ? 0 : only;
        int last = only == null ? cases : only + 1;
        List<Failure> failures = new ArrayList<>();
        Map<String, Integer> stats = new TreeMap<>();
        long t0 = System.nanoTime();
        for (int i = first; i < last; i++) {
            Req req = build(seed, i);
            Resp resp;
            try {
                resp = send(req);
            } catch (SocketTimeoutException e) {
                failures.add(new Failure("no answer within " + TIMEOUT_SECONDS + " s", i, req, ""));
                continue;
            } catch (IOException e) {
                if (!req.protocolAbuse()) {
                    failures.add(new Failure("connection failed: " + e.getClass().getSimpleName(), i, req, String.valueOf(e.getMessage())));
                }
                continue;
            }
            judge(i, req, resp, failures);
            stats.merge(routeOf(req).replaceAll("\\?.*", "") + " -> " + resp.status(), 1, Integer::sum);
            if (only != null) { // one case asked for: show it
                System.err.println("case " + i + ": " + describe(req) + "\n  answer " + resp.status() + " in " + resp.ms()
                        + " ms: " + clip(resp.text()));
            }
            if (i % 100 == 99 || i == last - 1) {
                healthy(i, req, failures);
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.err.printf(Locale.ROOT, "server fuzz: seed %d, %d cases in %d ms, %d failures%n", seed, last - first, ms,
                failures.size());
        if (Boolean.getBoolean("fuzz.stats")) { // what the cases reached: answers by route and status
            stats.forEach((k, n) -> System.err.printf(Locale.ROOT, "  %5d  %s%n", n, k));
        }
        if (!failures.isEmpty()) {
            fail(report(seed, failures));
        }
        Resp health = sendQuietly(new Req("GET", "/api/v1/health", List.of(), new byte[0], false, false, false, List.of()));
        assertEquals(200, health.status(), "the server is still up after the fuzz");
    }

    // ---- judging ------------------------------------------------------------------------------------------------

    /** Status of an answer lost to a connection reset after the server stopped reading an oversized request. */
    static final int CUT_OFF = -1;

    private static void judge(int i, Req req, Resp r, List<Failure> failures) {
        if (r.status() == CUT_OFF) {
            return;
        }
        String path = pathOf(req.target());
        String body = r.text();
        // A request line that is not HTTP/1.1 may get Jetty's own 400/505 page: no route, so no promise of JSON.
        boolean broken = req.protocolAbuse();
        if (r.status() >= 500 && r.status() != 503 && !(broken && r.status() == 505)) {
            failures.add(new Failure("HTTP " + r.status() + " from " + routeOf(req), i, req, clip(body)));
        }
        if (r.status() < 100) {
            if (!req.protocolAbuse()) {
                failures.add(new Failure("no HTTP answer from " + routeOf(req), i, req, clip(body)));
            }
            return;
        }
        boolean api = path.startsWith("/api/");
        if (api && !broken && !req.method().equals("HEAD") && r.status() != 204 && r.status() != 304) {
            String type = r.headers().getOrDefault("content-type", "");
            boolean parses;
            try {
                parses = JSON.readTree(body) != null && !body.isBlank();
            } catch (IOException e) {
                parses = false;
            }
            if (!parses || !type.startsWith("application/json")) {
                failures.add(new Failure("non-JSON " + r.status() + " answer (" + (type.isEmpty() ? "no type" : type.replaceAll(";.*", ""))
                        + ") from an /api route", i, req, clip(body)));
            }
        }
        if (r.ms() > TIMEOUT_SECONDS * 1000L) {
            failures.add(new Failure("answer took over " + TIMEOUT_SECONDS + " s from " + routeOf(req), i, req, r.ms() + " ms"));
        }
        if (api && !broken && r.status() / 100 == 2) {
            String key = req.method() + " " + normalize(path);
            boolean headOfGet = req.method().equals("HEAD") && LinkerServer.API_ROUTES.contains("GET " + normalize(path));
            if (!LinkerServer.API_ROUTES.contains(key) && !req.method().equals("OPTIONS") && !headOfGet) {
                failures.add(new Failure("2xx for " + key + ", which is no route", i, req, clip(body)));
            }
            if (key.equals("POST /api/v1/suggestions") || key.equals("PUT /api/v1/pages") || key.equals("POST /api/v1/events")) {
                com.fasterxml.jackson.databind.JsonNode sent = strictJson(req.body());
                if (sent == null || !sent.isObject()) {
                    failures.add(new Failure("2xx for a body that is not one JSON object on " + key, i, req, clip(body)));
                } else if (!key.startsWith("POST /api/v1/s")) {
                    storedRedirectsAreWebUrls(i, req, sent, failures);
                }
            }
        }
        if (body.contains("\tat ") || body.contains("Exception")) {
            failures.add(new Failure("stack trace or Exception in a " + r.status() + " answer from " + routeOf(req), i, req, clip(body)));
        }
        if (body.contains(secret)) {
            failures.add(new Failure("secret from outside the served folders in the answer to " + routeOf(req), i, req, clip(body)));
        }
    }

    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static com.fasterxml.jackson.databind.JsonNode strictJson(byte[] body) {
        try {
            return body.length == 0 ? null : STRICT.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    /** After a write was accepted: what the index now holds as a redirect target is a web URL or a site path. */
    private static void storedRedirectsAreWebUrls(int i, Req req, com.fasterxml.jackson.databind.JsonNode sent,
                                                  List<Failure> failures) {
        List<com.fasterxml.jackson.databind.JsonNode> pages = new ArrayList<>();
        sent.path("pages").forEach(pages::add);
        if (sent.path("page").isObject()) {
            pages.add(sent.get("page"));
        }
        for (var p : pages) {
            if (!p.path("url").isTextual() || !p.path("redirectTo").isTextual()) {
                continue;
            }
            Resp got = sendQuietly(new Req("GET", "/api/v1/pages?url=" + encode(p.get("url").asText()), List.of(), new byte[0],
                    false, false, false, List.of()));
            var stored = strictJson(got.body());
            String to = stored == null ? null : stored.path("redirectTo").asText(null);
            if (got.status() == 200 && to != null && !to.matches("(?i)(https?://|/(?!/)).*")) {
                failures.add(new Failure("stored a redirect target that is not a web URL", i, req, "redirectTo " + clip(to, 80)));
            }
        }
    }

    /** The path a router sees: dot segments resolved, doubled and trailing slashes dropped. */
    private static String normalize(String path) {
        String p = path.replaceAll("(?i)%2e", ".").replaceAll("/{2,}", "/");
        try {
            p = java.net.URI.create(p).normalize().getPath();
        } catch (IllegalArgumentException e) {
            return path;
        }
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private static void healthy(int i, Req last, List<Failure> failures) {
        try {
            Resp h = send(new Req("GET", "/api/v1/health", List.of(), new byte[0], false, false, false, List.of()));
            if (h.status() != 200) {
                failures.add(new Failure("unhealthy after case " + i + ": health answers " + h.status(), i, last, clip(h.text())));
            }
        } catch (IOException e) {
            failures.add(new Failure("unhealthy after case " + i + ": " + e, i, last, ""));
        }
    }

    private static String routeOf(Req req) {
        String p = pathOf(req.target());
        for (String prefix : new String[]{"/demo/", "/widget/", "/vendor/tinymce/", "/vendor/ckeditor5/"}) {
            if (p.startsWith(prefix)) {
                return req.method() + " " + prefix + "*";
            }
        }
        return req.method() + " " + (p.length() > 40 ? p.substring(0, 40) + "…" : p);
    }

    private static String pathOf(String target) {
        int q = target.indexOf('?');
        return q < 0 ? target : target.substring(0, q);
    }

    private static String report(long seed, List<Failure> failures) {
        Map<String, List<Failure>> byKind = new TreeMap<>();
        failures.forEach(f -> byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f));
        StringBuilder sb = new StringBuilder(failures.size() + " server fuzz failures in " + byKind.size() + " classes:\n");
        byKind.forEach((kind, list) -> {
            Failure f = list.get(0);
            sb.append("\n== ").append(kind).append(" (").append(list.size()).append(" cases: ")
                    .append(list.stream().map(x -> String.valueOf(x.index())).distinct().limit(60).toList()).append(")\n")
                    .append("   rerun: bin/mvn21 -o -q -pl server -am test -Dskip.npm=true -Dtest=ServerFuzzTest ")
                    .append("-Dsurefire.failIfNoSpecifiedTests=false -Dfuzz.seed=").append(seed).append(" -Dfuzz.case=")
                    .append(f.index()).append('\n')
                    .append("   request: ").append(describe(f.req())).append('\n')
                    .append("   answer: ").append(f.detail().replace("\n", "\n   ")).append('\n');
        });
        System.err.println(sb);
        return sb.toString();
    }

    private static String describe(Req r) {
        String target = r.target().length() > 200 ? r.target().substring(0, 200) + "…(" + r.target().length() + " chars)" : r.target();
        StringBuilder sb = new StringBuilder(r.method() + " " + escape(target));
        for (String[] h : r.headers()) {
            sb.append(" | ").append(h[0]).append(": ").append(escape(clip(h[1], 80)));
        }
        sb.append(" | body ").append(r.body().length).append(" bytes: ")
                .append(escape(clip(new String(r.body(), StandardCharsets.UTF_8), 300)));
        if (!r.log().isEmpty()) {
            sb.append("\n   built: ").append(String.join("; ", r.log()));
        }
        return sb.toString();
    }

    // ---- building a case ----------------------------------------------------------------------------------------

    /** Two cases in five are tame: valid requests with random valid values, so the fuzz reaches the deep code too. */
    private static boolean tame;

    static Req build(long seed, int index) {
        Random r = new Random(seed * 0x5DEECE66DL + index * 0x9E3779B97F4A7C15L);
        List<String> log = new ArrayList<>();
        tame = r.nextInt(5) < 2;
        if (tame) {
            log.add("tame");
        }
        String route = ROUTES[r.nextInt(ROUTES.length)];
        String method = route.substring(0, route.indexOf(' '));
        String path = route.substring(route.indexOf(' ') + 1);
        if (path.contains("<path>")) {
            path = path.replace("<path>", staticPath(r));
        }
        if (!tame && r.nextInt(12) == 0) {
            method = pick(r, "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "get", "FUZZ");
            log.add("method " + method);
        }
        String target = path + query(r, path, log);
        if (!tame && r.nextInt(10) == 0) {
            target = hostileUrl(r, target, log);
        }
        List<String[]> headers = new ArrayList<>();
        boolean writes = method.equals("PUT") || method.equals("DELETE") || path.endsWith("/events") || method.equals("PATCH");
        if (writes ? tame || r.nextInt(5) != 0 : r.nextInt(6) == 0) {
            headers.add(new String[]{"Authorization", !tame && r.nextInt(8) == 0 ? pick(r, "Bearer", "Bearer ", "Basic " + KEY, "bearer " + KEY,
                    "Bearer " + KEY + "\u00e9", "Bearer " + "k".repeat(5000), "Bearer  " + KEY + " ") : "Bearer " + KEY});
        }
        byte[] body = new byte[0];
        boolean hasBody = method.equals("POST") || method.equals("PUT") || method.equals("PATCH") || !tame && r.nextInt(10) == 0;
        if (hasBody) {
            String json = body(r, path, log);
            body = mutateBody(r, json, log);
            headers.add(new String[]{"Content-Type", tame || r.nextInt(6) != 0 ? "application/json" : pick(r, "text/plain",
                    "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16",
                    "application/json; charset=bogus", "", "*/*", "application/xml", "application/json\u0000", "a".repeat(3000))});
        }
        if (tame) {
            return new Req(method, target, headers, body, false, false, false, log);
        }
        if (r.nextInt(route.equals("POST /api/v1/pages") ? 2 : 8) == 0) {
            headers.add(new String[]{"X-HTTP-Method-Override", pick(r, "DELETE", "PUT", "GET", "PATCH", "TRACE", "FUZZ", "", "delete")});
            log.add("method override");
        }
        if (r.nextInt(10) == 0) {
            headers.add(new String[]{"Origin", pick(r, "https://cms.example", "https://evil.example", "null", "", "https://cms.example.evil")});
            if (method.equals("OPTIONS")) {
                headers.add(new String[]{"Access-Control-Request-Method", pick(r, "POST", "PUT", "FUZZ")});
            }
        }
        if (r.nextInt(15) == 0) {
            int len = 1000 + r.nextInt(r.nextBoolean() ? 8000 : 70_000);
            headers.add(new String[]{pick(r, "X-Fuzz", "Cookie", "Referer", "User-Agent", "Accept"), "v".repeat(len)});
            log.add(len + "-char header");
        }
        if (r.nextInt(15) == 0) {
            headers.add(new String[]{pick(r, "Accept", "Accept-Encoding", "Accept-Charset", "Range", "If-None-Match", "Expect"),
                    pick(r, "text/html", "*/*;q=x", "gzip;q=2", "bytes=5-1", "bytes=0-0,1-1,2-2", "100-continue", "\u00e9\u00e9", "utf-7")});
        }
        boolean chunked = hasBody && r.nextInt(12) == 0;
        boolean lengthLies = hasBody && !chunked && r.nextInt(30) == 0;
        boolean abuse = false;
        if (lengthLies) {
            log.add("Content-Length one more than the body, then the client stops sending");
        }
        if (r.nextInt(40) == 0) {
            abuse = true;
            headers.add(new String[]{pick(r, "Content-Length", "Transfer-Encoding", "Host", "Content-Length"),
                    pick(r, "-1", "abc", "99999999999999999999", "chunked, identity", "", "x\ty")});
            log.add("malformed framing header");
        }
        if (!target.startsWith("/") || target.chars().anyMatch(ch -> ch <= ' ' || ch == 0x7F)) {
            // Not a request-target HTTP/1.1 allows (RFC 9112 3.2): Jetty answers before any route runs, or closes.
            abuse = true;
            log.add("request line broken by a raw control character, space or a target that is not a path");
        }
        return new Req(method, target, headers, body, chunked, lengthLies, abuse, log);
    }

    private static String staticPath(Random r) {
        return pick(r, "index.html", "", "linker-widget.js", "editor.js", "leak.js", "rel-leak.js", "out/s.js", "../outside/s.js",
                "..%2foutside%2fs.js", "%2e%2e/%2e%2e/outside/s.js", "a/../../s.js", "....//s.js", "x\u0000.js", "\u00e9.js", "demo.css",
                "missing.js", ".hidden", "a".repeat(300) + ".js", "dir/", "leak.js/", "out/", "index.html?x=1", "%00", "%zz", "..", ".");
    }

    private static String query(Random r, String path, List<String> log) {
        if (!path.equals("/api/v1/pages") || r.nextInt(8) == 0) {
            return r.nextInt(10) == 0 ? "?" + pick(r, "url=x", "a=%zz", "&&&", "=", "url") : "";
        }
        String url = tame || r.nextInt(3) != 0 ? PAGE_URLS[r.nextInt(PAGE_URLS.length)] : hostileString(r, log);
        return "?url=" + (!tame && r.nextInt(4) == 0 ? url : encode(url)) + (r.nextInt(10) == 0 ? "&url=" + encode(hostileString(r, log)) : "");
    }

    private static String hostileUrl(Random r, String target, List<String> log) {
        int kind = r.nextInt(9);
        String t = switch (kind) {
            case 0 -> target + (target.contains("?") ? "&" : "?") + "x=" + "y".repeat(2000 + r.nextInt(70_000));
            case 1 -> target + "/" + "seg/".repeat(500 + r.nextInt(5000));
            case 2 -> target.replace("/v1/", pick(r, "/v1/../v1/", "/%2e%2e/v1/", "/v1/./", "//v1//", "/v1%2F", "/V1/", "/v1;x=1/"));
            case 3 -> target + pick(r, "\u0000", "%00", "%", "%zz", "%c0%ae", "%ff");
            case 4 -> target + pick(r, "/\u00e9\u4e2d", "/\u202E", "/\uD83D\uDE00", "?url=\u00e9");
            case 5 -> pick(r, "*", "http://other.example/api/v1/health", "api/v1/health", "", "/api/v1/health#frag", "//api/v1/health");
            case 6 -> target + pick(r, "/", "//", "/.", "/..", "~", "%20", " x");
            case 7 -> target.toUpperCase(Locale.ROOT);
            default -> target + "?" + "a=1&".repeat(1000 + r.nextInt(5000));
        };
        log.add("URL mutation " + kind);
        return t;
    }

    private static String body(Random r, String path, List<String> log) {
        Map<String, Object> b = new LinkedHashMap<>();
        if (path.endsWith("/suggestions")) {
            b.put("text", value(r, "text", prose(r, 1 + r.nextInt(r.nextInt(20) == 0 ? 600 : 100)), log));
            maybe(r, b, "title", prose(r, r.nextInt(8)), log);
            maybe(r, b, "url", "https://brew.example/fuzz/new", log);
            maybe(r, b, "format", pick(r, "markdown", "html", "text"), log);
            maybe(r, b, "limit", 1 + r.nextInt(20), log);
            maybe(r, b, "exclude", List.of(PAGE_URLS[1]), log);
        } else if (path.endsWith("/pages")) {
            List<Object> pages = new ArrayList<>();
            int n = r.nextInt(10) == 0 ? r.nextInt(1100) : r.nextInt(3);
            for (int i = 0; i < n; i++) {
                pages.add(r.nextInt(10) == 0 ? value(r, "page", Map.of(), log) : page(r, log));
            }
            b.put("pages", r.nextInt(8) == 0 ? value(r, "pages", pages, log) : pages);
            if (n > 10) {
                log.add(n + " pages");
            }
        } else if (path.endsWith("/events")) {
            b.put("type", value(r, "type", pick(r, "created", "updated", "merged", "killed", "redirected"), log));
            b.put("url", value(r, "url", pick(r, PAGE_URLS), log));
            maybe(r, b, "survivor", pick(r, PAGE_URLS), log);
            if (r.nextInt(3) == 0) {
                b.put("page", page(r, log));
            }
        } else {
            b.put(pick(r, "text", "x", "pages"), value(r, "x", "y", log));
        }
        if (r.nextInt(10) == 0) {
            b.put(hostileString(r, log), value(r, "extra", 1, log));
        }
        String json;
        try {
            json = JSON.writeValueAsString(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"@@DEEP(\\d+)@@\"").matcher(json);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int depth = Integer.parseInt(m.group(1));
            String open = depth % 2 == 0 ? "[" : "{\"a\":";
            String close = depth % 2 == 0 ? "]" : "}";
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(open.repeat(depth) + "\"deep\"" + close.repeat(depth)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static Map<String, Object> page(Random r, List<String> log) {
        Map<String, Object> p = new LinkedHashMap<>();
        String url = r.nextInt(8) == 0 ? "https://brew.example/long/" + "u".repeat(40_000)
                : r.nextBoolean() ? pick(r, PAGE_URLS) : "https://brew.example/fuzz/" + r.nextInt(40);
        p.put("url", value(r, "url", url, log));
        p.put("title", value(r, "title", prose(r, 1 + r.nextInt(8)), log));
        maybe(r, p, "text", prose(r, r.nextInt(300)), log);
        maybe(r, p, "h1", "Moka pot", log);
        maybe(r, p, "category", r.nextBoolean() ? "/gear/" : List.of("gear", "stovetop"), log);
        maybe(r, p, "status", pick(r, "live", "merged", "redirected", "killed"), log);
        maybe(r, p, "redirectTo", r.nextBoolean() ? pick(r, "javascript:alert(1)", "JavaScript:x", "data:text/html,x",
                "vbscript:x", "//evil.example/", "/guides/", "ftp://x") : pick(r, PAGE_URLS), log);
        maybe(r, p, "authority", r.nextInt(11) / 10.0, log);
        maybe(r, p, "inbound", r.nextInt(1000), log);
        return p;
    }

    private static void maybe(Random r, Map<String, Object> m, String key, Object valid, List<String> log) {
        if (r.nextInt(3) != 0) {
            m.put(key, value(r, key, valid, log));
        }
    }

    /** Mostly the valid value; otherwise a wrong type, an out-of-range number, a huge or hostile string, deep nesting. */
    private static Object value(Random r, String key, Object valid, List<String> log) {
        if (tame || r.nextInt(4) != 0) {
            return valid;
        }
        int kind = r.nextInt(12);
        log.add(key + ": " + switch (kind) {
            case 0 -> "number";
            case 1 -> "boolean";
            case 2 -> "null";
            case 3 -> "array";
            case 4 -> "object";
            case 5, 6 -> "hostile string";
            case 7 -> "huge string";
            case 8 -> "deep nesting";
            case 9 -> "big number";
            default -> "odd value";
        });
        return switch (kind) {
            case 0 -> pick(r, 0, -1, 1, 21, Integer.MAX_VALUE, Long.MIN_VALUE, 0.5, -0.0, 1e300);
            case 1 -> r.nextBoolean();
            case 2 -> null;
            case 3 -> List.of(pick(r, "a", PAGE_URLS[0]), 1, List.of());
            case 4 -> Map.of("url", PAGE_URLS[0], "x", List.of());
            case 5, 6 -> hostileString(r, log);
            case 7 -> {
                // Most huge strings stay under the text limits (embedding them is the cost), a few go over.
                int len = r.nextInt(10) == 0 ? 200_001 + r.nextInt(100_000) : 2001 + r.nextInt(key.equals("url") ? 60_000 : 3000);
                yield (key.equals("url") || key.equals("survivor") || key.equals("redirectTo") ? "https://brew.example/" : "")
                        + "w ".repeat(len / 2);
            }
            case 8 -> "@@DEEP" + (50 + r.nextInt(r.nextBoolean() ? 900 : 3000)) + "@@"; // spliced in as text: Jackson will not write it
            case 9 -> new java.math.BigInteger("9".repeat(1 + r.nextInt(400)));
            default -> pick(r, "", " ", "NaN", "1e999", "-0", "true", "{}", "[]", "\"", "\\");
        };
    }

    private static final String[] WORDS = ("espresso grinder burr blade beans roast fresh water temperature brew pour over "
            + "french press milk froth cold decaf storing airtight light heat freeze month shot time ratio sour bitter "
            + "the a of and to in is it with for on that this my I café crème über naïve 咖啡 кофе قهوة 1.0 2.0 v10 "
            + "section 5.7 — – \"quoted\" (paren) [link](https://brew.example/x) <b>bold</b> &amp; # * _ ` ~ ! ? .").split(" ");

    /** Random prose from coffee words, a few other scripts, Markdown and HTML bits, and sentence ends. */
    private static String prose(Random r, int words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words; i++) {
            sb.append(i == 0 ? "" : r.nextInt(25) == 0 ? ". " : r.nextInt(60) == 0 ? "\n\n" : " ").append(pick(r, WORDS));
        }
        return sb.toString();
    }

    private static String hostileString(Random r, List<String> log) {
        return pick(r, "javascript:alert(1)", "https://brew.example/\u0000", "https://brew.example/\u202Eevil", "\u0000", "\u202E",
                "https://brew.example/" + "a".repeat(40_000), "http://", "https://", "https://[::1", "https://brew.example:99999/",
                "ftp://brew.example/", "//brew.example/x", "/relative", "https://brew.example/%zz", "https://brew.example/../../etc/passwd",
                "https://bre w.example/", "https://brew.example/\uD800", "\uFEFF", "<script>alert(1)</script>", "' OR 1=1 --",
                "https://brew.example/\u00e9\u4e2d", "data:text/html,x", "file:///etc/passwd", "https://user:pw@brew.example/",
                "https://brew.example/?" + "q".repeat(5000), "\r\nX-Injected: 1", "https://brew.example/\r\nX: y", "%", "😀");
    }

    private static byte[] mutateBody(Random r, String json, List<String> log) {
        if (tame || r.nextInt(4) != 0) {
            return json.getBytes(StandardCharsets.UTF_8);
        }
        int kind = r.nextInt(12);
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        byte[] out = switch (kind) {
            case 0 -> java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));
            case 1 -> (json + pick(r, " x", "{}", "[1]", " // c", ",", "\u0000", " {\"a\":1}", "garbage", "\n\n}")).getBytes(StandardCharsets.UTF_8);
            case 2 -> {
                byte[] c = b.clone();
                for (int i = 0; i < 1 + r.nextInt(8) && c.length > 0; i++) {
                    c[r.nextInt(c.length)] ^= (byte) (1 << r.nextInt(8));
                }
                yield c;
            }
            case 3 -> concat(new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, b);
            case 4 -> json.getBytes(pick(r, StandardCharsets.UTF_16, StandardCharsets.UTF_16LE, StandardCharsets.ISO_8859_1));
            case 5 -> pick(r, "", "null", "[]", "1", "\"x\"", "true", "{", "}", "{\"text\":}", "{'text':'x'}", "{text: 1}",
                    "{\"text\": \"a\", \"text\": \"b\"}", "{\"text\": NaN}", "\u0000\u0000").getBytes(StandardCharsets.UTF_8);
            case 6 -> ("[".repeat(1000 + r.nextInt(20_000))).getBytes(StandardCharsets.UTF_8);
            case 7 -> ("{\"a\":".repeat(1000 + r.nextInt(20_000))).getBytes(StandardCharsets.UTF_8);
            case 8 -> {
                byte[] junk = new byte[r.nextInt(3000)];
                r.nextBytes(junk);
                yield junk;
            }
            case 9 -> concat(b, new byte[]{(byte) 0xC3, (byte) 0x28, (byte) 0xFF});
            case 10 -> ("{\"text\": \"" + "x".repeat(2_100_000) + "\"}").getBytes(StandardCharsets.UTF_8); // over the 2 MiB limit
            default -> ("{\"text\": \"" + "\\u0000\\ud800\\u202e".repeat(1 + r.nextInt(300)) + "\"}").getBytes(StandardCharsets.UTF_8);
        };
        log.add("body mutation " + kind);
        return out;
    }

    // ---- the raw HTTP client ------------------------------------------------------------------------------------

    static Resp sendQuietly(Req req) {
        try {
            return send(req);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One request on a fresh connection, written byte for byte as built; the answer read to the end. */
    static Resp send(Req req) throws IOException {
        long t0 = System.nanoTime();
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setSoTimeout(TIMEOUT_SECONDS * 1000);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            write(head, req.method() + " " + req.target() + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n");
            for (String[] h : req.headers()) {
                write(head, h[0] + ": " + h[1] + "\r\n");
            }
            boolean framed = req.headers().stream().anyMatch(h -> h[0].equals("Content-Length") || h[0].equals("Transfer-Encoding"));
            if (req.chunked()) {
                write(head, "Transfer-Encoding: chunked\r\n");
            } else if (!framed && (req.body().length > 0 || !req.method().equals("GET"))) {
                write(head, "Content-Length: " + (req.body().length + (req.lengthLies() ? 1 : 0)) + "\r\n");
            }
            write(head, "\r\n");
            OutputStream out = s.getOutputStream();
            boolean cutOff = false;
            try {
                out.write(head.toByteArray());
                if (req.chunked()) {
                    int at = 0;
                    while (at < req.body().length) {
                        int n = Math.min(req.body().length - at, 1 + req.body().length / 3);
                        out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(req.body(), at, n);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        at += n;
                    }
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } else {
                    out.write(req.body());
                }
                out.flush();
                if (req.lengthLies()) {
                    s.shutdownOutput();
                }
            } catch (IOException e) {
                // The server may answer (413, 431 …) and close before the whole request is written: read the answer.
                cutOff = true;
            }
            byte[] all;
            try {
                all = s.getInputStream().readAllBytes();
            } catch (java.net.SocketException e) {
                if (!cutOff) {
                    throw e;
                }
                // It refused an oversized request by closing while we were still sending, and the reset beat its
                // answer to us: a refusal all the same.
                return new Resp(CUT_OFF, Map.of(), new byte[0], (System.nanoTime() - t0) / 1_000_000);
            }
            return parse(all, (System.nanoTime() - t0) / 1_000_000);
        }
    }

    private static Resp parse(byte[] all, long ms) {
        int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        if (end > 0 && new String(all, 0, Math.min(end, 12), StandardCharsets.ISO_8859_1).matches("HTTP/1\\.[01] 1\\d\\d.*")) {
            return parse(java.util.Arrays.copyOfRange(all, end + 4, all.length), ms); // 100 Continue: the answer follows
        }
        if (end < 0) {
            return new Resp(0, Map.of(), all, ms);
        }
        String[] lines = new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        String[] status = lines[0].split(" ", 3);
        int code;
        try {
            code = Integer.parseInt(status[1]);
        } catch (RuntimeException e) {
            return new Resp(0, Map.of(), all, ms);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) {
                headers.put(lines[i].substring(0, c).strip().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).strip());
            }
        }
        byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Resp(code, headers, body, ms);
    }

    private static byte[] dechunk(byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < b.length) {
            int nl = indexOf(java.util.Arrays.copyOfRange(b, at, b.length), "\r\n".getBytes(StandardCharsets.US_ASCII));
            if (nl < 0) {
                break;
            }
            String size = new String(b, at, nl, StandardCharsets.US_ASCII).replaceAll(";.*", "").strip();
            int n;
            try {
                n = Integer.parseInt(size, 16);
            } catch (NumberFormatException e) {
                break;
            }
            at += nl + 2;
            if (n == 0 || at + n > b.length) {
                break;
            }
            out.write(b, at, n);
            at += n + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8)); // raw: unicode and NUL go out as they are
    }

    // ---- small helpers ------------------------------------------------------------------------------------------

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String clip(String s) {
        return clip(s, 600);
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n) + "…";
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp >= 0x7F && cp < 0xA0 || cp >= 0x202A && cp <= 0x202E || cp >= 0x2066 && cp <= 0x2069) {
                sb.append(String.format("\\u%04X", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }

    @Test
    void the_raw_client_reads_a_plain_answer() {
        Resp r = sendQuietly(new Req("GET", "/api/v1/health", List.of(), new byte[0], false, false, false, List.of()));
        assertEquals(200, r.status());
        assertTrue(r.text().startsWith("{"), r.text());
    }
}
