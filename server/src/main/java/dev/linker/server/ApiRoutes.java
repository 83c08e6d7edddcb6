package dev.linker.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.linker.index.PageInput;
import dev.linker.index.PageLimits;
import dev.linker.index.UnknownPageException;
import dev.linker.server.engine.LinkerService;
import dev.linker.server.engine.LinkerService.EventInput;
import dev.linker.server.engine.LinkerService.SuggestRequest;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API's handlers: each reads its request ({@link Requests} checks it, naming the field at fault), calls the
 * {@link LinkerService} and writes its JSON answer; every answer and error goes out through {@link #send}.
 */
final class ApiRoutes {
    private final ServerConfig config;
    private final LinkerService service;
    private final ObjectMapper json = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS); // {"a":1} xyz is not a JSON object
    private final java.util.concurrent.Semaphore bodies =
            new java.util.concurrent.Semaphore(LinkerServer.MAX_BODIES_IN_FLIGHT);

    ApiRoutes(ServerConfig config, LinkerService service) {
        this.config = config;
        this.service = service;
    }

    void health(Context ctx) {
        Map<String, Object> h = service.health();
        send(ctx, "corrupt".equals(h.get("status")) ? 503 : 200, h);
    }

    void suggestions(Context ctx) {
        List<LinkerService.Suggestion> list = service.suggest(
                new SuggestRequest(Requests.suggest(body(ctx), config.limits().maxTextChars())));
        send(ctx, 200, Map.of("suggestions", list));
    }

    void inbound(Context ctx) {
        LinkerService.InboundRequest r = Requests.inbound(body(ctx), config.limits().maxTextChars());
        List<LinkerService.InboundSuggestion> list;
        try {
            list = service.inbound(r);
        } catch (UnknownPageException e) {
            throw new ApiException(404, "not_found", "No page with url " + PageLimits.abbreviate(r.url())
                    + " (inbound suggestions are for an "
                    + "indexed page, or a draft given by its text)", "url");
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("target", r.url());
        answer.put("suggestions", list);
        send(ctx, 200, answer);
    }

    void getPage(Context ctx) {
        String url = Requests.checkLength(requiredQuery(ctx, "url"), "url");
        Map<String, Object> page = service.page(url).orElseThrow(() ->
                new ApiException(404, "not_found", "No page with url " + PageLimits.abbreviate(url), "url"));
        send(ctx, 200, page);
    }

    void report(Context ctx) {
        send(ctx, 200, ReportRoute.answer(ctx, service.report()));
    }

    void putPages(Context ctx) {
        JsonNode b = body(ctx);
        JsonNode pages = b.path("pages");
        // Counted before the pages are read; whether it is an array of pages is PageInput.batch's to say.
        if (pages.isArray() && pages.size() > LinkerServer.MAX_PAGES_PER_BATCH) {
            throw new ApiException(413, "too_large", "pages has " + pages.size() + " entries; at most "
                    + LinkerServer.MAX_PAGES_PER_BATCH + " per request", "pages");
        }
        LinkerService.UpsertResult r = service.upsert(PageInput.batch(b, config.limits().maxTextChars()));
        send(ctx, 200, Map.of("upserted", r.upserted(), "embedded", r.embedded()));
    }

    void deletePage(Context ctx) {
        String url = Requests.checkLength(requiredQuery(ctx, "url"), "url");
        if (!service.delete(url)) {
            throw new ApiException(404, "not_found", "No page with url " + PageLimits.abbreviate(url), "url");
        }
        send(ctx, 200, Map.of("deleted", url));
    }

    /**
     * The request's shape is checked here; whether the event holds together (a survivor for merged and redirected
     * only, page.url equal to url …) is the index's rule, the same for every door, reported with the field it names.
     */
    void events(Context ctx) {
        EventInput event = Requests.event(body(ctx), config.limits().maxTextChars());
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
            String raw = malformed(ctx.queryString(), name);
            throw ApiException.badField(name, raw == null ? "query parameter " + name + " is required"
                    : "query parameter " + name + " is not valid percent-encoding (got \""
                    + PageLimits.abbreviate(raw) + "\"; a % must start %XX, as %25 for % itself)");
        }
        return v;
    }

    /** The raw value of query parameter {@code name} when it is there but does not decode, else null. */
    static String malformed(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (key.equals(name) && !value.isEmpty()) {
                try {
                    java.net.URLDecoder.decode(value, java.nio.charset.StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return value;
                }
            }
        }
        return null;
    }

    void openapi(Context ctx) {
        try (InputStream in = ApiRoutes.class.getClassLoader().getResourceAsStream("linker/openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("linker/openapi.json missing from the server jar");
            }
            ctx.contentType("application/json").result(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void limitBody(Context ctx) {
        long length = ctx.contentLength();
        if (length > config.limits().maxBodyBytes()) {
            throw new ApiException(413, "too_large", "Request body of " + length + " bytes exceeds the limit of "
                    + config.limits().maxBodyBytes() + " bytes", null);
        }
    }

    void send(Context ctx, int status, Object body) {
        try {
            ctx.status(status).contentType("application/json").header("Cache-Control", "no-store")
                    .result(json.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    void error(Context ctx, int status, String code, String message, String field) {
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
}
