package dev.linker.server;

import dev.linker.index.IndexSettings;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.index.PageLimits;
import dev.linker.server.engine.LinkerService;
import io.javalin.Javalin;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
            "POST /api/v1/suggestions", "POST /api/v1/suggestions/inbound", "GET /api/v1/pages", "PUT /api/v1/pages",
            "DELETE /api/v1/pages", "GET /api/v1/report",
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
    private final ServerConfig config;
    private final LinkerService service;
    private final Metrics metrics = new Metrics();
    private final ApiRoutes api;
    private final Access access;
    private final StaticFiles files;
    private final Javalin app;

    private LinkerServer(ServerConfig config, LinkerService service) {
        this.config = config;
        this.service = service;
        this.api = new ApiRoutes(config, service);
        this.access = new Access(config.callers());
        this.files = new StaticFiles(config.vendorDir());
        this.app = Javalin.create(c -> {
            c.startup.showJavalinBanner = false;
            c.startup.showOldJavalinVersionWarning = false;
            c.http.maxRequestSize = config.limits().maxBodyBytes();
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
            c.jetty.modifyServletContextHandler(h -> {
                h.addFilter(inFlight, "/*", java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
                h.addFilter(new NoMethodOverride(), "/*", java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
            });
            c.routes.before(ctx -> {
                if (stopping) {
                    ctx.header("Retry-After", "5");
                    throw new ApiException(503, "stopping", "The server is stopping; retry in a moment", null);
                }
                ctx.attribute("linker.t0", System.nanoTime());
            });
            c.routes.before("/api/*", access::cors);
            c.routes.before("/api/*", api::limitBody);
            API_ROUTES.stream().map(r -> r.substring(r.indexOf(' ') + 1)).filter(p -> p.startsWith("/api/"))
                    .distinct().forEach(p -> c.routes.options(p, access::preflight));
            c.routes.post("/api/v1/suggestions", access.read(api::suggestions));
            c.routes.post("/api/v1/suggestions/inbound", access.read(api::inbound));
            c.routes.get("/api/v1/pages", access.read(api::getPage));
            c.routes.put("/api/v1/pages", access.write(api::putPages));
            c.routes.get("/api/v1/report", access.read(api::report));
            c.routes.delete("/api/v1/pages", access.write(api::deletePage));
            c.routes.post("/api/v1/events", access.write(api::events));
            c.routes.get("/api/v1/health", api::health);
            c.routes.get("/api/v1/access", ctx -> api.send(ctx, 200, access.grants(ctx)));
            c.routes.get("/api/v1/openapi.json", api::openapi);
            c.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                    .result(metrics.render(service.metrics())));
            c.routes.get("/", ctx -> ctx.redirect("/demo/"));
            // "/demo" and "/demo/" are one route (Javalin ignores trailing slashes); the demo links are absolute.
            c.routes.get("/demo", ctx -> StaticFiles.resource(ctx, "linker/demo", "index.html"));
            c.routes.get("/demo/<path>", ctx -> StaticFiles.resource(ctx, "linker/demo", StaticFiles.safePath(ctx)));
            c.routes.get("/widget/<path>", ctx -> {
                // A module script loaded by a CMS page on another origin is a CORS fetch; the widget is public.
                ctx.header("Access-Control-Allow-Origin", "*");
                StaticFiles.resource(ctx, "linker/widget", StaticFiles.safePath(ctx));
            });
            c.routes.get("/vendor/tinymce/<path>", ctx -> files.vendor(ctx, Path.of("tinymce")));
            c.routes.get("/vendor/ckeditor5/<path>", ctx -> files.vendor(ctx, Path.of("ckeditor5", "dist", "browser")));
            c.routes.exception(ApiException.class, (e, ctx) -> api.error(ctx, e.status(), e.code(), e.getMessage(),
                    e.field()));
            c.routes.exception(dev.linker.index.IndexCorruptException.class, (e, ctx) -> api.error(ctx, 503,
                    "index_corrupt", e.getMessage(), null));
            c.routes.exception(dev.linker.index.WritesStoppedException.class, (e, ctx) -> {
                // A batch stopped half-way by the server's stop: nothing of it was kept; the client sends it again.
                ctx.header("Retry-After", "5");
                api.error(ctx, 503, "stopping", "The server is stopping; the batch was not acknowledged, and what it "
                        + "wrote is taken back: send it again in a moment", null);
            });
            c.routes.exception(dev.linker.index.DiskFullException.class, (e, ctx) -> {
                // Writes wait for space; reads go on. Nothing acknowledged was lost, and the writer reopens by itself.
                ctx.header("Retry-After", "60");
                api.error(ctx, 507, "insufficient_storage", e.getMessage(), null);
            });
            c.routes.exception(dev.linker.index.PageInput.TooLongException.class, (e, ctx) -> api.error(ctx, 413,
                    "too_large", e.getMessage(), e.field()));
            c.routes.exception(PageLimits.InvalidPageException.class, (e, ctx) -> api.error(ctx, 400,
                    "invalid_field", e.getMessage(), e.field()));
            c.routes.exception(HttpResponseException.class, (e, ctx) -> api.error(ctx, e.getStatus(),
                    switch (e.getStatus()) {
                        case 404 -> "not_found";
                        case 405 -> "method_not_allowed";
                        case 413 -> "too_large";
                        default -> "http_" + e.getStatus();
                    }, e.getMessage(), null));
            c.routes.exception(Exception.class, (e, ctx) -> {
                if (e instanceof org.eclipse.jetty.http.HttpException h && h.getCode() == 408) {
                    // Jetty gave up on a body trickling in below MIN_BODY_BYTES_PER_SECOND: the client's doing.
                    api.error(ctx, 408, "timeout", "The request body arrived slower than " + MIN_BODY_BYTES_PER_SECOND
                            + " bytes per second; send it at once", null);
                    return;
                }
                if (e instanceof org.eclipse.jetty.io.EofException) {
                    api.error(ctx, 400, "incomplete_body", "The connection closed before the request body was complete",
                            null);
                    return;
                }
                LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
                api.error(ctx, 500, "internal", "Internal error; the server log has the details.", null);
            });
            c.routes.error(404, ctx -> {
                if (ctx.result() == null || ctx.result().isEmpty()) {
                    api.error(ctx, 404, "not_found", "No route " + ctx.method() + " " + ctx.path(), null);
                }
            });
            c.routes.error(405, ctx -> api.error(ctx, 405, "method_not_allowed",
                    ctx.method() + " is not allowed on " + ctx.path(), null));
            c.routes.after(ctx -> {
                Long t0 = ctx.attribute("linker.t0");
                if (t0 != null) {
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
                dev.linker.index.IndexSettings.DEFAULT.withWriteThreads(pageWriteThreads(embedder)));
        if (index.openNote() != null) {
            progress.accept("linker: " + index.openNote());
        }
        dev.linker.server.engine.IndexService service =
                new dev.linker.server.engine.IndexService(index, config.drafts().cacheEntries(),
                        config.drafts().reuseWords());
        try {
            if (service.damage() != null) {
                throw service.damage(); // `linker serve` on a damaged index: a usage error, not a sick server
            }
            if (pagesJson != null) {
                try (InputStream in = Files.newInputStream(pagesJson)) {
                    List<dev.linker.index.PageInput> pages;
                    try {
                        pages = dev.linker.index.PageInput.batch(new com.fasterxml.jackson.databind.ObjectMapper()
                                .readTree(in), config.limits().maxTextChars());
                    } catch (PageLimits.InvalidPageException | com.fasterxml.jackson.core.JacksonException e) {
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

    /**
     * Threads a page write (PUT /pages, an event, the pages loaded at start) may embed on: all the embedder's but one,
     * at least one, so a bulk sync never holds every core and a draft always finds one for its suggestions.
     */
    public static int pageWriteThreads(dev.linker.core.embed.Embedder embedder) {
        return Math.max(1, embedder.threads() - 1);
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
     * Stops in order, within {@link #DRAIN_MS} plus {@link #STOP_WRITES_MS} whatever is running: new requests get 503
     * "stopping"; those in flight finish (up to {@link #DRAIN_MS}); a write batch still running then stops at its
     * next page, is taken back and answered 503 "stopping" (the client sends it again: writes are upserts); the HTTP
     * server stops, then the service closes (which commits the index). A second call does nothing.
     */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        stopping = true;
        long deadline = System.nanoTime() + DRAIN_MS * 1_000_000L;
        drain(deadline);
        if (inFlight.count() > 0) {
            service.stopWrites();
            drain(System.nanoTime() + STOP_WRITES_MS * 1_000_000L);
        }
        try {
            app.stop();
        } finally {
            service.close();
        }
    }

    private void drain(long deadline) {
        while (inFlight.count() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** How long {@link #close()} waits for requests in flight. */
    static final long DRAIN_MS = 10_000;
    /** How long it then waits for a stopped batch to be taken back and answered (one page's embedding, a rollback). */
    static final long STOP_WRITES_MS = 5_000;
    /** Requests being handled, each until its answer is flushed. */
    private final InFlight inFlight = new InFlight();
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean stopping;

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

}
