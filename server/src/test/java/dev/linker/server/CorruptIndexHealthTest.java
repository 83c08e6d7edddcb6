package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.IndexCorruptException;
import dev.linker.index.PageIndex;
import dev.linker.server.engine.IndexService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11: a server up on a damaged index says so on its health route, and suggestions answer 503, not 500. */
class CorruptIndexHealthTest {

    @Test
    void a_flipped_byte_makes_health_503_and_suggestions_503_with_the_same_message(@TempDir Path dir)
            throws IOException {
        Path index = dir.resolve("index");
        try (PageIndex idx = PageIndex.open(index, TestServer.embedder(), IndexSettings.DEFAULT)) {
            new IndexService(idx, 10).upsert(TestServer.fixturePages());
        }
        Path cfs;
        try (Stream<Path> files = Files.list(index)) {
            cfs = files.filter(f -> f.toString().endsWith(".cfs")).findFirst().orElseThrow();
        }
        // Damage that opening the index does not see (opening checks metadata only): the server comes up on it.
        byte[] clean = Files.readAllBytes(cfs);
        IndexService service = null;
        for (int k = 1; k < 20 && service == null; k++) {
            byte[] bytes = clean.clone();
            bytes[bytes.length * k / 20] ^= 0x5A;
            Files.write(cfs, bytes);
            try {
                service = new IndexService(PageIndex.open(index, TestServer.embedder(), IndexSettings.DEFAULT), 10);
            } catch (IndexCorruptException atOpen) {
                // this flip was caught when opening (as it should be); try one further in
            }
        }
        assertTrue(service != null, "some flip in the data passes opening");
        try (LinkerServer server = LinkerServer.create(ServerConfig.defaults().withHost("127.0.0.1").withPort(0),
                service).start()) {
            TestServer.Res health = get(server, "GET", "/api/v1/health", null);
            assertEquals(503, health.status(), health.body());
            assertEquals("corrupt", health.json().get("status").asText());
            String message = health.json().get("error").asText();
            assertTrue(message.startsWith("index at " + index + " is corrupt (")
                    && message.endsWith("delete the folder and run `linker index` again"), message);
            TestServer.Res s = get(server, "POST", "/api/v1/suggestions", "{\"text\":\"burr grinder\"}");
            assertEquals(503, s.status(), s.body());
            assertEquals("index_corrupt", s.json().get("error").get("code").asText());
            assertEquals(message, s.json().get("error").get("message").asText());
        }
        assertThrows(IndexCorruptException.class, () -> LinkerServer.open(ServerConfig.defaults().withPort(0), index,
                null, m -> { }), "serve refuses to start on it");
    }

    private static TestServer.Res get(LinkerServer server, String method, String path, String body) {
        try {
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.baseUrl() + path)).method(method,
                            body == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
                                    : java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return new TestServer.Res(r.statusCode(), r.headers().map(), r.body(),
                    new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.body()));
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
