package dev.linker.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.linker.index.PageLimits;
import dev.linker.server.engine.LinkerService;
import dev.linker.index.UnknownPageException;
import dev.linker.server.engine.LinkerService.EventInput;
import dev.linker.server.engine.LinkerService.SuggestRequest;
import io.javalin.Javalin;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HttpResponseException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Linker HTTP server: the JSON API under {@code /api/v1} over a {@link LinkerService}, Prometheus metrics at
 * {@code /metrics}, the widget at {@code /widget/linker-suggestions.js} and the editor demo at {@code /demo}.
 *
 * <pre>
 * try (LinkerServer server = LinkerServer.create(config, service).start()) { ... server.port() ... }
 * </pre>
 *
 * <p>Every refused request gets a 4xx with {@code {"error":{"code","message","field"}}}; unexpected failures are
 * logged here and reach the client as a 500 with a generic message, never a stack trace.
 */
public final class LinkerServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LinkerServer.class);

    /** Every API route, as "METHOD path"; the OpenAPI document must describe each (a test checks it). */
    public static final List<String> API_ROUTES = List.of(
            "POST /api/v1/suggestions", "GET /api/v1/pages", "PUT /api/v1/pages", "DELETE /api/v1/pages",
            "POST /api/v1/events", "GET /api/v1/health", "GET /api/v1/openapi.json", "GET /metrics");
    public static final int MAX_PAGES_PER_BATCH = 1000;
    /**
     * Request line plus headers, in bytes (Jetty's default is 8 KiB): room for a URL of
     * {@link PageLimits#MAX_URL_CHARS} characters percent-encoded as a query parameter (3 bytes each) and the usual
     * headers; longer requests get a 414 or 431 in the API's error shape.
     */
    public static final int MAX_REQUEST_HEADER_BYTES = 16 * 1024;
    /**
     * A request body must arrive at this rate on average (bytes per second, from the headers on): a client that
     * trickles is answered 408 and its thread freed. 2 MiB at this rate still takes over half an hour.
     */
    public static final long MIN_BODY_BYTES_PER_SECOND = 1024;
    /** A connection that sends nothing for this long is closed (ms). */
    public static final long IDLE_TIMEOUT_MS = 10_000;
    /**
     * Requests reading their body at once; more get a 503 at once. Bodies of real clients arrive in milliseconds, so
     * this only bites when connections trickle bodies, and then it keeps threads free for everything else (Javalin's
     * pool has 250).
     */
    public static final int MAX_BODIES_IN_FLIGHT = 64;
    // One character class, no repeated group: a group repeated per segment recursed once per segment in the regex
    // engine, and a path of a few thousand segments overflowed the stack (a 500 with an empty body).
    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9._/-]+");
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"), Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"), Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"),
            Map.entry("woff", "font/woff"), Map.entry("woff2", "font/woff2"), Map.entry("map", "application/json"),
            Map.entry("txt", "text/plain; charset=utf-8"));

    private final ServerConfig config;
    private final LinkerService service;
    private final ObjectMapper json = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS); // {"a":1} xyz is not a JSON object
    private final Metrics metrics = new Metrics();
    private final java.util.concurrent.Semaphore bodies = new java.util.concurrent.Semaphore(MAX_BODIES_IN_FLIGHT);
    private final Javalin app;

    private LinkerServer(ServerConfig config, LinkerService service) {
        this.config = config;
        this.service = service;
        this.app = Javalin.create(c -> {
            c.startup.showJavalinBanner = false;
            c.startup.showOldJavalinVersionWarning = false;
            c.http.maxRequestSize = config.maxBodyBytes();
            c.http.prefer405over404 = true;
            c.jetty.host = config.host();
            c.jetty.port = config.port();
            c.jetty.modifyHttpConfiguration(h -> {
                h.setRequestHeaderSize(MAX_REQUEST_HEADER_BYTES);
                // Deprecated in Jetty 12.1 for MinimumDataRateHandler, which fails reads with a bare TimeoutException;
                // this one answers a 408 that SlowClientsTest pins down.
                h.setMinRequestDataRate(MIN_BODY_BYTES_PER_SECOND);
                h.setIdleTimeout(IDLE_TIMEOUT_MS);
            });
            c.jetty.addConnector((server, http) -> {
                ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
                connector.setHost(config.host());
                connector.setPort(config.port());
                connector.setIdleTimeout(IDLE_TIMEOUT_MS);
                return connector;
            });
            c.jetty.modifyServer(server -> server.setErrorHandler(new ContainerErrors(MAX_REQUEST_HEADER_BYTES)));
            c.jetty.modifyServletContextHandler(h -> h.addFilter(new NoMethodOverride(), "/*",
                    java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST)));
            c.routes.before(ctx -> {
                if (stopping) {
                    ctx.header("Retry-After", "5");
                    throw new ApiException(503, "stopping", "The server is stopping; retry in a moment", null);
                }
                inFlight.incrementAndGet();
                ctx.attribute("linker.t0", System.nanoTime());
            });
            c.routes.before("/api/*", this::cors);
            c.routes.before("/api/*", this::limitBody);
            API_ROUTES.stream().map(r -> r.substring(r.indexOf(' ') + 1)).filter(p -> p.startsWith("/api/"))
                    .distinct().forEach(p -> c.routes.options(p, this::preflight));
            c.routes.post("/api/v1/suggestions", read(this::suggestions));
            c.routes.get("/api/v1/pages", read(this::getPage));
            c.routes.put("/api/v1/pages", write(this::putPages));
            c.routes.delete("/api/v1/pages", write(this::deletePage));
            c.routes.post("/api/v1/events", write(this::events));
            c.routes.get("/api/v1/health", ctx -> {
                Map<String, Object> h = service.health();
                send(ctx, "corrupt".equals(h.get("status")) ? 503 : 200, h);
            });
            c.routes.get("/api/v1/openapi.json", this::openapi);
            c.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                    .result(metrics.render(service.metrics())));
            c.routes.get("/", ctx -> ctx.redirect("/demo/"));
            // "/demo" and "/demo/" are one route (Javalin ignores trailing slashes); the demo links are absolute.
            c.routes.get("/demo", ctx -> resource(ctx, "linker/demo", "index.html"));
            c.routes.get("/demo/<path>", ctx -> resource(ctx, "linker/demo", safePath(ctx)));
            c.routes.get("/widget/<path>", ctx -> {
                // A module script loaded by a CMS page on another origin is a CORS fetch; the widget is public.
                ctx.header("Access-Control-Allow-Origin", "*");
                resource(ctx, "linker/widget", safePath(ctx));
            });
            c.routes.get("/vendor/tinymce/<path>", ctx -> vendor(ctx, Path.of("tinymce")));
            c.routes.get("/vendor/ckeditor5/<path>", ctx -> vendor(ctx, Path.of("ckeditor5", "dist", "browser")));
            c.routes.exception(ApiException.class, (e, ctx) -> error(ctx, e.status(), e.code(), e.getMessage(),
                    e.field()));
            c.routes.exception(dev.linker.index.IndexCorruptException.class, (e, ctx) -> error(ctx, 503,
                    "index_corrupt", e.getMessage(), null));
            c.routes.exception(dev.linker.index.DiskFullException.class, (e, ctx) -> {
                // Writes wait for space; reads go on. Nothing acknowledged was lost, and the writer reopens by itself.
                ctx.header("Retry-After", "60");
                error(ctx, 507, "insufficient_storage", e.getMessage(), null);
            });
            c.routes.exception(PageLimits.InvalidPageException.class, (e, ctx) -> error(ctx, 400,
                    "invalid_field", e.getMessage(), e.field()));
            c.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(),
                    switch (e.getStatus()) {
                        case 404 -> "not_found";
                        case 405 -> "method_not_allowed";
                        case 413 -> "too_large";
                        default -> "http_" + e.getStatus();
                    }, e.getMessage(), null));
            c.routes.exception(Exception.class, (e, ctx) -> {
                if (e instanceof org.eclipse.jetty.http.HttpException h && h.getCode() == 408) {
                    // Jetty gave up on a body trickling in below MIN_BODY_BYTES_PER_SECOND: the client's doing.
                    error(ctx, 408, "timeout", "The request body arrived slower than " + MIN_BODY_BYTES_PER_SECOND
                            + " bytes per second; send it at once", null);
                    return;
                }
                if (e instanceof org.eclipse.jetty.io.EofException) {
                    error(ctx, 400, "incomplete_body", "The connection closed before the request body was complete",
                            null);
                    return;
                }
                LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
                error(ctx, 500, "internal", "Internal error; the server log has the details.", null);
            });
            c.routes.error(404, ctx -> {
                if (ctx.result() == null || ctx.result().isEmpty()) {
                    error(ctx, 404, "not_found", "No route " + ctx.method() + " " + ctx.path(), null);
                }
            });
            c.routes.error(405, ctx -> error(ctx, 405, "method_not_allowed",
                    ctx.method() + " is not allowed on " + ctx.path(), null));
            c.routes.after(ctx -> {
                Long t0 = ctx.attribute("linker.t0");
                if (t0 != null) {
                    inFlight.decrementAndGet();
                    metrics.record(ctx.method().name(), routeLabel(ctx), ctx.status().getCode(),
                            System.nanoTime() - t0);
                }
            });
        });
    }

    /**
     * A server over the index in {@code indexDir} (created when missing) with the default local embedding model.
     * {@code pagesJson} (a PUT /pages body) is indexed first when given. Call {@link #start()}.
     */
    public static LinkerServer open(ServerConfig config, Path indexDir, Path pagesJson,
                                    java.util.function.Consumer<String> progress) throws IOException {
        return open(config, indexDir, dev.linker.core.embed.Embedders.createDefault(), pagesJson, false, progress);
    }

    /** As {@link #open(ServerConfig, Path, Path, java.util.function.Consumer)} with another embedder. */
    public static LinkerServer open(ServerConfig config, Path indexDir, dev.linker.core.embed.Embedder embedder,
                                    Path pagesJson, java.util.function.Consumer<String> progress) throws IOException {
        return open(config, indexDir, embedder, pagesJson, false, progress);
    }

    /**
     * As above; with {@code exampleIfNew}, a folder that holds no index yet (and no {@code pagesJson}) gets the bundled
     * example site, so a bare {@code linker serve} has a working demo. An index that exists is served as it is, empty
     * or not: the example never fills an index a user wrote to.
     */
    public static LinkerServer open(ServerConfig config, Path indexDir, dev.linker.core.embed.Embedder embedder,
                                    Path pagesJson, boolean exampleIfNew, java.util.function.Consumer<String> progress)
            throws IOException {
        boolean isNew = !dev.linker.index.PageIndex.exists(indexDir);
        dev.linker.index.PageIndex index = dev.linker.index.PageIndex.open(indexDir, embedder,
                dev.linker.index.PageIndex.Options.DEFAULT);
        if (index.openNote() != null) {
            progress.accept("linker: " + index.openNote());
        }
        dev.linker.server.engine.IndexService service =
                new dev.linker.server.engine.IndexService(index, config.draftCacheEntries(),
                        config.draftReuseWords());
        try {
            if (service.damage() != null) {
                throw service.damage(); // `linker serve` on a damaged index: a usage error, not a sick server
            }
            if (pagesJson != null) {
                try (InputStream in = Files.newInputStream(pagesJson)) {
                    List<LinkerService.PageInput> pages;
                    try {
                        pages = Requests.pages(new com.fasterxml.jackson.databind.ObjectMapper().readTree(in),
                                config.maxTextChars());
                    } catch (ApiException | com.fasterxml.jackson.core.JacksonException e) {
                        throw new dev.linker.core.result.LinkerException(pagesJson + ": " + e.getMessage(), e);
                    }
                    progress.accept("linker: indexed " + service.upsert(pages).upserted() + " pages from "
                            + pagesJson);
                }
            } else if (exampleIfNew && isNew && index.size() == 0) {
                List<dev.linker.index.PageRecord> example = ExampleSite.records();
                for (dev.linker.index.PageRecord r : example) {
                    index.upsert(r);
                }
                index.commit();
                progress.accept("linker: new index; loaded the bundled example site (" + example.size()
                        + " pages of examples/site)");
            }
        } catch (IOException | RuntimeException e) {
            service.close();
            throw e;
        }
        return create(config, service);
    }

    /** A server over {@code service}; call {@link #start()}. */
    public static LinkerServer create(ServerConfig config, LinkerService service) {
        return new LinkerServer(config, service);
    }

    public LinkerServer start() {
        app.start();
        return this;
    }

    /** The port the server listens on (the real one when the config asked for 0). */
    public int port() {
        return app.port();
    }

    public String baseUrl() {
        String h = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
        return "http://" + h + ":" + port();
    }

    /**
     * Stops in order: new requests get 503 "stopping", those in flight finish (up to {@link #DRAIN_MS}), the HTTP
     * server stops, then the service closes (which commits the index). A second call does nothing.
     */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        stopping = true;
        long deadline = System.nanoTime() + DRAIN_MS * 1_000_000L;
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            app.stop();
        } finally {
            service.close();
        }
    }

    /** How long {@link #close()} waits for requests in flight. */
    static final long DRAIN_MS = 10_000;
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean stopping;

    // ---- cross-cutting ----------------------------------------------------------------------------------------

    private boolean originAllowed(String origin) {
        return origin != null && (config.corsOrigins().contains("*") || config.corsOrigins().contains(origin));
    }

    private void cors(Context ctx) {
        String origin = ctx.header("Origin");
        if (originAllowed(origin)) {
            ctx.header("Access-Control-Allow-Origin", origin);
            ctx.header("Vary", "Origin");
        }
    }

    private void preflight(Context ctx) {
        String origin = ctx.header("Origin");
        if (!originAllowed(origin)) {
            throw new ApiException(403, "origin_not_allowed", "Origin " + origin
                    + " is not in this server's CORS allow-list (" + ServerConfig.ENV_CORS + ")", "Origin");
        }
        ctx.header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
        ctx.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        ctx.header("Access-Control-Max-Age", "600");
        ctx.status(204);
    }

    private void limitBody(Context ctx) {
        long length = ctx.contentLength();
        if (length > config.maxBodyBytes()) {
            throw new ApiException(413, "too_large", "Request body of " + length + " bytes exceeds the limit of "
                    + config.maxBodyBytes() + " bytes", null);
        }
    }

    private Handler read(Handler h) {
        return ctx -> {
            if (!config.readKeys().isEmpty()) {
                requireKey(ctx, config.readKeys(), true);
            }
            h.handle(ctx);
        };
    }

    private Handler write(Handler h) {
        return ctx -> {
            if (config.writeKeys().isEmpty()) {
                throw new ApiException(401, "no_api_keys", "This server accepts no writes: no API keys are configured ("
                        + ServerConfig.ENV_WRITE_KEYS + ")", "Authorization");
            }
            requireKey(ctx, config.writeKeys(), false);
            h.handle(ctx);
        };
    }

    private void requireKey(Context ctx, Set<String> keys, boolean alsoWriteKeys) {
        String auth = ctx.header("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw new ApiException(401, "unauthorized", "An API key is required: Authorization: Bearer <key>",
                    "Authorization");
        }
        byte[] given = auth.substring(7).strip().getBytes(StandardCharsets.UTF_8);
        boolean ok = matches(given, keys) || alsoWriteKeys && matches(given, config.writeKeys());
        if (!ok) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            throw new ApiException(401, "unauthorized", "The API key is not valid for " + ctx.method() + " "
                    + ctx.path(), "Authorization");
        }
    }

    private static boolean matches(byte[] given, Set<String> keys) {
        boolean ok = false;
        for (String k : keys) { // constant-time compare, and no early exit that would time which key matched
            ok |= MessageDigest.isEqual(given, k.getBytes(StandardCharsets.UTF_8));
        }
        return ok;
    }

    private String routeLabel(Context ctx) {
        String key = ctx.method().name() + " " + ctx.path();
        if (API_ROUTES.contains(key)) {
            return ctx.path();
        }
        for (String prefix : List.of("/widget/", "/demo", "/vendor/")) {
            if (ctx.path().startsWith(prefix)) {
                return prefix + (prefix.endsWith("/") ? "*" : "/*");
            }
        }
        return ctx.path().startsWith("/api/") ? "/api/(other)" : "(other)";
    }

    private void send(Context ctx, int status, Object body) {
        try {
            ctx.status(status).contentType("application/json").header("Cache-Control", "no-store")
                    .result(json.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void error(Context ctx, int status, String code, String message, String field) {
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("code", code);
        err.put("message", message);
        err.put("field", field);
        send(ctx, status, Map.of("error", err));
    }

    private JsonNode body(Context ctx) {
        byte[] bytes;
        if (!bodies.tryAcquire()) {
            ctx.header("Retry-After", "1");
            throw new ApiException(503, "busy", "Too many requests are sending their body right now; retry in a"
                    + " moment", null);
        }
        try {
            bytes = ctx.bodyAsBytes();
        } finally {
            bodies.release();
        }
        if (bytes.length == 0) {
            throw new ApiException(400, "invalid_json", "Request body is empty; a JSON object is expected", null);
        }
        try {
            JsonNode node = json.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new ApiException(400, "invalid_json", "Request body must be a JSON object", null);
            }
            return node;
        } catch (IOException e) {
            String msg = e.getMessage() == null ? "" : e.getMessage();
            int cut = msg.indexOf("\n at [Source");
            throw new ApiException(400, "invalid_json", "Request body is not valid JSON: "
                    + (cut > 0 ? msg.substring(0, cut) : msg).replaceAll("\\s+", " ").strip(), null);
        }
    }

    // ---- API --------------------------------------------------------------------------------------------------

    private void suggestions(Context ctx) {
        List<LinkerService.Suggestion> list = service.suggest(
                new SuggestRequest(Requests.suggest(body(ctx), config.maxTextChars())));
        send(ctx, 200, Map.of("suggestions", list));
    }

    private void getPage(Context ctx) {
        String url = Requests.checkLength(requiredQuery(ctx, "url"), "url");
        Map<String, Object> page = service.page(url).orElseThrow(() ->
                new ApiException(404, "not_found", "No page with url " + url, "url"));
        send(ctx, 200, page);
    }

    private void putPages(Context ctx) {
        JsonNode b = body(ctx);
        JsonNode pages = b.path("pages");
        // Counted before the pages are read; whether it is an array of pages is Requests.pages' to say.
        if (pages.isArray() && pages.size() > MAX_PAGES_PER_BATCH) {
            throw new ApiException(413, "too_large", "pages has " + pages.size() + " entries; at most "
                    + MAX_PAGES_PER_BATCH + " per request", "pages");
        }
        LinkerService.UpsertResult r = service.upsert(Requests.pages(b, config.maxTextChars()));
        send(ctx, 200, Map.of("upserted", r.upserted(), "embedded", r.embedded()));
    }

    private void deletePage(Context ctx) {
        String url = Requests.checkLength(requiredQuery(ctx, "url"), "url");
        if (!service.delete(url)) {
            throw new ApiException(404, "not_found", "No page with url " + url, "url");
        }
        send(ctx, 200, Map.of("deleted", url));
    }

    /**
     * The request's shape is checked here; whether the event holds together (a survivor for merged and redirected
     * only, page.url equal to url …) is the index's rule, the same for every door, reported with the field it names.
     */
    private void events(Context ctx) {
        EventInput event = Requests.event(body(ctx), config.maxTextChars());
        try {
            service.apply(event);
        } catch (UnknownPageException e) {
            throw new ApiException(404, "not_found", e.getMessage(), e.field());
        }
        Map<String, Object> answer = new java.util.LinkedHashMap<>(); // one order, as `linker event --index` prints it
        answer.put("applied", event.type().id());
        answer.put("url", event.url());
        send(ctx, 200, answer);
    }

    private static String requiredQuery(Context ctx, String name) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            throw ApiException.badField(name, "query parameter " + name + " is required");
        }
        return v;
    }

    private void openapi(Context ctx) {
        try (InputStream in = LinkerServer.class.getClassLoader().getResourceAsStream("linker/openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("linker/openapi.json missing from the server jar");
            }
            ctx.contentType("application/json").result(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- files ------------------------------------------------------------------------------------------------

    private static String safePath(Context ctx) {
        String p = ctx.pathParam("path");
        if (p.isEmpty() || p.endsWith("/")) {
            p = p + "index.html";
        }
        if (!SAFE_PATH.matcher(p).matches() || p.startsWith("/") || p.contains("//") || p.contains("..")) {
            throw notFound(ctx);
        }
        return p;
    }

    private static String type(String name) {
        int dot = name.lastIndexOf('.');
        return TYPES.getOrDefault(dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT),
                "application/octet-stream");
    }

    /**
     * A file of the jar's {@code root} folder. Run from a build's classes folder the resources are files, so the same
     * containment as {@link #vendor} applies: a symlink placed there does not lead out of it, nor is a folder listed.
     */
    private static void resource(Context ctx, String root, String rel) throws IOException {
        ClassLoader loader = LinkerServer.class.getClassLoader();
        java.net.URL url = loader.getResource(root + "/" + rel);
        if (url == null) {
            throw notFound(ctx);
        }
        byte[] bytes;
        if (url.getProtocol().equals("file")) {
            java.net.URL base = loader.getResource(root);
            bytes = Files.readAllBytes(contained(ctx, base == null ? null : fileOf(base), rel));
        } else {
            try (InputStream in = url.openStream()) {
                bytes = in.readAllBytes();
            }
        }
        ctx.contentType(type(rel)).header("Cache-Control", "no-cache").result(bytes);
    }

    private static Path fileOf(java.net.URL url) {
        try {
            return Path.of(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private void vendor(Context ctx, Path sub) throws IOException {
        String rel = safePath(ctx);
        if (config.vendorDir() == null) {
            throw new ApiException(404, "not_found", "No editor files configured for " + ctx.path()
                    + " (start the server with --vendor pointing at cms-widget/node_modules)", null);
        }
        Path file = contained(ctx, config.vendorDir().resolve(sub), rel);
        ctx.contentType(type(file.getFileName().toString())).header("Cache-Control", "max-age=3600")
                .result(Files.readAllBytes(file));
    }

    /**
     * The regular file {@code rel} names under {@code root}, by its real path, which must lie inside the real path of
     * {@code root}: checking the normalized path alone would follow a symlink (file or folder) anywhere on disk.
     */
    private static Path contained(Context ctx, Path root, String rel) {
        try {
            Path realRoot = root.toRealPath();
            Path real = realRoot.resolve(rel).toRealPath();
            if (real.startsWith(realRoot) && Files.isRegularFile(real, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return real;
            }
        } catch (IOException | RuntimeException e) {
            // missing, unreadable, or no root: the same answer as for a file that is not there
        }
        throw notFound(ctx);
    }

    private static ApiException notFound(Context ctx) {
        return new ApiException(404, "not_found", "No file at " + ctx.path(), null);
    }
}
