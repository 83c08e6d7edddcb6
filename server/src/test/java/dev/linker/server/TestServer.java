package dev.linker.server;

import dev.linker.index.IndexSettings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.index.PageIndex;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.Embedders;
import dev.linker.server.engine.IndexService;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** A real server on a loopback port over a real on-disk index, filled with the widget tests' fixture pages
 * ({@code cms-widget/test/fixtures/pages.json}: a coffee site with an XSS title and an off-topic page). */
final class TestServer implements AutoCloseable {
    static final String KEY = "test-write-key";
    private static Embedder embedder;

    final LinkerServer server;
    final IndexService service;
    final String base;
    final HttpClient http = HttpClient.newHttpClient();
    final ObjectMapper json = new ObjectMapper();

    /** The local MiniLM model, loaded once per test JVM (loading takes about half a second). */
    static synchronized Embedder embedder() {
        if (embedder == null) {
            embedder = Embedders.createDefault();
        }
        return embedder;
    }

    static TestServer start(Path dir, ServerConfig config) {
        return start(PageIndex.open(dir, embedder(), IndexSettings.DEFAULT), config);
    }

    /** A server over {@code index}, which it closes. */
    static TestServer start(PageIndex index, ServerConfig config) {
        IndexService service = new IndexService(index, 1000, config.drafts().reuseWords());
        return new TestServer(LinkerServer.create(config.withHost("127.0.0.1").withPort(0), service).start(), service);
    }

    static TestServer startWithExample(Path dir) {
        TestServer t = start(dir, ServerConfig.defaults().withWriteKeys(Set.of(KEY))
                .withCorsOrigins(java.util.List.of("https://cms.example")));
        t.service.upsert(fixturePages());
        return t;
    }

    /** The widget's fixture site, read as PUT /pages reads a body ({@link dev.linker.index.PageInput#batch}). */
    static java.util.List<dev.linker.index.PageInput> fixturePages() {
        try (InputStream in = TestServer.class.getClassLoader().getResourceAsStream("linker/fixtures/pages.json")) {
            return dev.linker.index.PageInput.batch(new com.fasterxml.jackson.databind.ObjectMapper().readTree(in),
                    ServerConfig.defaults().limits().maxTextChars());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TestServer(LinkerServer server, IndexService service) {
        this.server = server;
        this.service = service;
        this.base = server.baseUrl();
    }

    record Res(int status, Map<String, java.util.List<String>> headers, String body, JsonNode json) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).findFirst()
                    .map(e -> e.getValue().get(0)).orElse(null);
        }
    }

    Res send(String method, String path, String body, String... headers) {
        return send(http, method, path, body, headers);
    }

    /**
     * As {@link #send} on a connection of its own: for requests the server refuses by closing the connection (an
     * oversized request line or headers), so the shared client never reuses a connection the server has closed.
     */
    Res sendAlone(String method, String path, String body, String... headers) {
        try (HttpClient own = HttpClient.newHttpClient()) {
            return send(own, method, path, body, headers);
        }
    }

    private Res send(HttpClient client, String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                // As careful clients do for big bodies: the server can refuse before the body is sent.
                .expectContinue(body != null && body.length() > 1024 * 1024)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode j = null;
            String type = r.headers().firstValue("Content-Type").orElse("");
            if (type.startsWith("application/json") && !r.body().isEmpty()) {
                j = json.readTree(r.body());
            }
            return new Res(r.statusCode(), r.headers().map(), r.body(), j);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Res post(String path, Object body, String... headers) {
        return send("POST", path, write(body), headers);
    }

    Res put(String path, Object body, String... headers) {
        return send("PUT", path, write(body), headers);
    }

    Res suggest(String text, String format, Object... more) {
        Map<String, Object> b = new java.util.LinkedHashMap<>();
        b.put("title", "");
        b.put("text", text);
        b.put("format", format);
        for (int i = 0; i + 1 < more.length; i += 2) {
            b.put((String) more[i], more[i + 1]);
        }
        return post("/api/v1/suggestions", b);
    }

    String write(Object body) {
        try {
            return body instanceof String s ? s : json.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
