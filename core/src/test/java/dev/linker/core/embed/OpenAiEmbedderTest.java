package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Against a real HTTP server on loopback (MockWebServer) speaking the OpenAI embeddings protocol. */
class OpenAiEmbedderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-test-0123456789abcdef";

    private MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private EmbedderSettings settings() {
        return EmbedderSettings.openAi(server.url("/v1").toString(), "test-model").withDimensions(3);
    }

    private OpenAiEmbedder embedder(EmbedderSettings settings) {
        return new OpenAiEmbedder(settings, KEY, Duration.ofMillis(1));
    }

    /** A 3-dimensional, deliberately non-normalised vector derived from the text, as a real model would. */
    private static float[] fakeModel(String text) {
        return new float[] {text.length(), text.chars().filter(c -> c == 'a').count() + 1, 2};
    }

    private static String response(List<float[]> vectors, boolean reversed) {
        ObjectNode root = JSON.createObjectNode();
        root.put("object", "list");
        ArrayNode data = root.putArray("data");
        for (int k = 0; k < vectors.size(); k++) {
            int i = reversed ? vectors.size() - 1 - k : k;
            ObjectNode item = data.addObject();
            item.put("object", "embedding");
            item.put("index", i);
            ArrayNode emb = item.putArray("embedding");
            for (float x : vectors.get(i)) {
                emb.add(x);
            }
        }
        root.put("model", "test-model");
        return root.toString();
    }

    private static MockResponse ok(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json").body(body).build();
    }

    /** Answers every request from its own input list, like a real server; out of order to test "index". */
    private static Dispatcher modelServer() {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    JsonNode body = JSON.readTree(request.getBody().utf8());
                    List<float[]> vectors = new ArrayList<>();
                    body.get("input").forEach(t -> vectors.add(fakeModel(t.asText())));
                    return ok(response(vectors, true));
                } catch (Exception e) {
                    return new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"bad\"}}").build();
                }
            }
        };
    }

    private static float[] unit(float[] v) {
        return Vectors.normalizeInPlace(v.clone());
    }

    @Test
    void one_text_is_posted_with_model_input_dimensions_and_key_and_comes_back_normalised() throws Exception {
        server.enqueue(ok(response(List.of(new float[] {3, 4, 0}), false)));
        try (OpenAiEmbedder e = embedder(settings())) {
            float[] v = e.embed("internal links");
            assertArrayEquals(new float[] {0.6f, 0.8f, 0f}, v, 1e-6f);
            assertEquals("openai:test-model@3", e.id());
        }
        RecordedRequest request = server.takeRequest();
        assertEquals("POST", request.getMethod());
        assertEquals("/v1/embeddings", request.getUrl().encodedPath());
        assertEquals("Bearer " + KEY, request.getHeaders().get("Authorization"));
        JsonNode body = JSON.readTree(request.getBody().utf8());
        assertEquals("test-model", body.get("model").asText());
        assertEquals("internal links", body.get("input").get(0).asText());
        assertEquals(3, body.get("dimensions").asInt());
    }

    @Test
    void without_a_key_no_authorization_header_is_sent() throws Exception {
        server.enqueue(ok(response(List.of(new float[] {1, 0, 0}), false)));
        try (OpenAiEmbedder e = new OpenAiEmbedder(settings(), null, Duration.ofMillis(1))) {
            e.embed("ollama needs no key");
        }
        assertNull(server.takeRequest().getHeaders().get("Authorization"));
    }

    @Test
    void many_texts_are_split_into_batches_and_returned_in_input_order() throws Exception {
        server.setDispatcher(modelServer());
        List<String> texts = List.of("a", "bb", "ccc", "dddd", "eeeee");
        try (OpenAiEmbedder e = embedder(settings().withRequests(r -> r.withBatchSize(2)))) {
            List<float[]> vectors = e.embedAll(texts);
            assertEquals(5, vectors.size());
            for (int i = 0; i < texts.size(); i++) {
                assertArrayEquals(unit(fakeModel(texts.get(i))), vectors.get(i), 1e-6f, "vector " + i);
            }
        }
        assertEquals(3, server.getRequestCount());
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sizes.add(JSON.readTree(server.takeRequest().getBody().utf8()).get("input").size());
        }
        assertEquals(List.of(2, 2, 1), sizes);
    }

    @Test
    void repeated_texts_are_sent_once() throws Exception {
        server.setDispatcher(modelServer());
        try (OpenAiEmbedder e = embedder(settings())) {
            List<float[]> vectors = e.embedAll(List.of("same", "other", "same"));
            assertArrayEquals(vectors.get(0), vectors.get(2));
        }
        assertEquals(2, JSON.readTree(server.takeRequest().getBody().utf8()).get("input").size());
    }

    @Test
    void a_429_is_retried_after_the_delay_the_server_asks_for() {
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "1")
                .body("{\"error\":{\"message\":\"Rate limit reached\"}}").build());
        server.enqueue(ok(response(List.of(new float[] {0, 0, 5}), false)));
        long start = System.nanoTime();
        try (OpenAiEmbedder e = embedder(settings())) {
            assertArrayEquals(new float[] {0, 0, 1}, e.embed("retry me"), 1e-6f);
        }
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(2, server.getRequestCount());
        assertTrue(waitedMs >= 950, "Retry-After: 1 must be honoured, waited " + waitedMs + " ms");
    }

    @Test
    void a_500_that_persists_exhausts_the_retries_with_an_error_naming_endpoint_and_status() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse.Builder().code(500).body("{\"error\":{\"message\":\"model crashed\"}}")
                    .build());
        }
        try (OpenAiEmbedder e = embedder(settings().withRequests(r -> r.withMaxRetries(2)))) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("doomed"));
            assertTrue(ex.getMessage().contains(server.url("/v1/embeddings").toString()), ex.getMessage());
            assertTrue(ex.getMessage().contains("HTTP 500"), ex.getMessage());
            assertTrue(ex.getMessage().contains("model crashed"), ex.getMessage());
            assertTrue(ex.getMessage().contains("3 attempts"), ex.getMessage());
        }
        assertEquals(3, server.getRequestCount());
    }

    @Test
    void a_401_is_not_retried_and_the_key_never_appears_in_the_error() {
        server.enqueue(new MockResponse.Builder().code(401)
                .body("{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}").build());
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("secret"));
            assertTrue(ex.getMessage().contains("HTTP 401"), ex.getMessage());
            assertTrue(ex.getMessage().contains("OPENAI_API_KEY"), ex.getMessage());
            assertFalse(ex.getMessage().contains(KEY), ex.getMessage());
            assertFalse(e.toString().contains(KEY));
        }
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void a_retry_after_beyond_two_minutes_fails_at_once() {
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "3600").body("quota").build());
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("x"));
            assertTrue(ex.getMessage().contains("3600 s"), ex.getMessage());
        }
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void bad_json_gives_a_clear_error() {
        server.enqueue(ok("<html>502 Bad Gateway</html>"));
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("x"));
            assertTrue(ex.getMessage().contains("invalid JSON") && ex.getMessage().contains("Bad Gateway"),
                    ex.getMessage());
            assertTrue(ex.getMessage().contains(e.endpoint()), ex.getMessage());
        }
        server.enqueue(ok("{\"object\":\"list\"}"));
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("x"));
            assertTrue(ex.getMessage().contains("\"data\""), ex.getMessage());
        }
    }

    @Test
    void a_vector_of_the_wrong_dimension_is_rejected() {
        server.enqueue(ok(response(List.of(new float[] {1, 2, 3, 4}), false)));
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("x"));
            assertTrue(ex.getMessage().contains("4-dimensional") && ex.getMessage().contains("expected 3"),
                    ex.getMessage());
        }
    }

    @Test
    void a_missing_embedding_count_is_rejected() {
        server.enqueue(ok(response(List.of(new float[] {1, 2, 3}), false)));
        try (OpenAiEmbedder e = embedder(settings())) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embedAll(List.of("a", "b")));
            assertTrue(ex.getMessage().contains("1 embeddings for 2 inputs"), ex.getMessage());
        }
    }

    @Test
    void a_server_that_does_not_answer_in_time_is_retried_then_reported_as_timed_out() {
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse.Builder().code(200).headersDelay(3, TimeUnit.SECONDS).body("{}").build());
        }
        try (OpenAiEmbedder e = embedder(settings()
                .withRequests(r -> r.withTimeout(Duration.ofMillis(300)).withMaxRetries(1)))) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("slow"));
            assertTrue(ex.getMessage().contains("timed out") && ex.getMessage().contains("2 attempts"),
                    ex.getMessage());
        }
    }

    @Test
    void an_unreachable_endpoint_is_reported_with_its_url() {
        String url = server.url("/v1").toString();
        server.close();
        EmbedderSettings s = EmbedderSettings.openAi(url, "m").withDimensions(3).withRequests(r -> r.withMaxRetries(1));
        try (OpenAiEmbedder e = embedder(s)) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embed("x"));
            assertTrue(ex.getMessage().contains(url + "/embeddings") && ex.getMessage().contains("network error"),
                    ex.getMessage());
        }
    }

    @Test
    void the_dimension_of_an_unknown_model_is_probed_once() throws Exception {
        server.setDispatcher(modelServer());
        EmbedderSettings s = EmbedderSettings.openAi(server.url("/v1").toString(), "nomic-embed-text");
        try (OpenAiEmbedder e = embedder(s)) {
            assertEquals(3, e.dimension());
            assertEquals("openai:nomic-embed-text@3", e.id());
            e.embed("after the probe");
        }
        assertEquals(2, server.getRequestCount());
        assertFalse(JSON.readTree(server.takeRequest().getBody().utf8()).has("dimensions"),
                "no dimensions parameter unless configured");
    }

    @Test
    void an_unknown_models_first_answer_fixes_its_dimension() {
        server.enqueue(ok(response(List.of(new float[] {1, 0, 0}), false)));
        server.enqueue(ok(response(List.of(new float[] {1, 0, 0, 0}), false)));
        EmbedderSettings s = EmbedderSettings.openAi(server.url("/v1").toString(), "local-model")
                .withRequests(r -> r.withBatchSize(1));
        try (OpenAiEmbedder e = embedder(s)) {
            EmbeddingException ex = assertThrows(EmbeddingException.class, () -> e.embedAll(List.of("a", "b")));
            assertTrue(ex.getMessage().contains("4-dimensional") && ex.getMessage().contains("expected 3"),
                    ex.getMessage());
            assertEquals(3, e.dimension());
        }
        assertEquals(2, server.getRequestCount(), "no probe once the dimension is known");
    }

    @Test
    void known_openai_models_need_no_probe() {
        try (OpenAiEmbedder e = embedder(EmbedderSettings.openAi(server.url("/v1").toString(),
                "text-embedding-3-small"))) {
            assertEquals("openai:text-embedding-3-small@1536", e.id());
        }
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void base64_encoded_embeddings_are_accepted() {
        ByteBuffer bytes = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putFloat(0).putFloat(2).putFloat(0);
        String b64 = Base64.getEncoder().encodeToString(bytes.array());
        server.enqueue(ok("{\"data\":[{\"index\":0,\"embedding\":\"" + b64 + "\"}]}"));
        try (OpenAiEmbedder e = embedder(settings())) {
            assertArrayEquals(new float[] {0, 1, 0}, e.embed("x"), 1e-6f);
        }
    }

    @Test
    void blank_text_is_rejected_before_any_request() {
        try (OpenAiEmbedder e = embedder(settings())) {
            assertThrows(IllegalArgumentException.class, () -> e.embedAll(List.of("ok", " ")));
        }
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void a_huge_text_is_cut_before_sending() throws Exception {
        server.setDispatcher(modelServer());
        String huge = "word ".repeat(10_000);
        try (OpenAiEmbedder e = embedder(settings())) {
            e.embed(huge);
        }
        int sent = JSON.readTree(server.takeRequest().getBody().utf8()).get("input").get(0).asText().length();
        assertTrue(sent <= OpenAiEmbedder.MAX_INPUT_CHARS && sent > OpenAiEmbedder.MAX_INPUT_CHARS - 10, "sent " + sent);
    }

    @Test
    void endpoint_urls_accept_base_urls_and_full_urls() {
        assertEquals("https://api.openai.com/v1/embeddings", OpenAiEmbedder.endpointUrl("https://api.openai.com/v1"));
        assertEquals("https://api.openai.com/v1/embeddings", OpenAiEmbedder.endpointUrl("https://api.openai.com/v1/"));
        assertEquals("http://localhost:11434/v1/embeddings", OpenAiEmbedder.endpointUrl("http://localhost:11434"));
        assertEquals("http://h/x/v1/embeddings", OpenAiEmbedder.endpointUrl("http://h/x/v1/embeddings"));
    }

    @Test
    void retry_after_is_read_as_seconds_or_as_an_http_date() {
        assertEquals(Duration.ofSeconds(7), OpenAiEmbedder.retryAfter("7"));
        assertEquals(Duration.ZERO, OpenAiEmbedder.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"));
        assertNull(OpenAiEmbedder.retryAfter("soon"));
        assertNull(OpenAiEmbedder.retryAfter(null));
    }

    /**
     * A local Ollama serving a multilingual model (e.g. {@code ollama pull bge-m3}) through its OpenAI-compatible
     * {@code /v1/embeddings}: no key, no {@code dimensions} (the model's own length, learnt from one probe), and its
     * answer as Ollama writes it ({@code object}, {@code data[].index}, {@code model}, {@code usage}). Texts in
     * German, French and Japanese arrive byte for byte and come back in input order, normalised.
     */
    @Test
    void an_ollama_endpoint_serving_a_multilingual_model_embeds_texts_of_any_language() throws Exception {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    if (!"/v1/embeddings".equals(request.getUrl().encodedPath())
                            || request.getHeaders().get("Authorization") != null) {
                        return new MockResponse.Builder().code(404).body("404 page not found").build();
                    }
                    JsonNode body = JSON.readTree(request.getBody().utf8());
                    if (!"bge-m3".equals(body.path("model").asText()) || body.has("dimensions")) {
                        return new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"bad request\","
                                + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":null}}").build();
                    }
                    ObjectNode root = JSON.createObjectNode();
                    root.put("object", "list");
                    ArrayNode data = root.putArray("data");
                    int i = 0;
                    for (JsonNode t : body.get("input")) {
                        seen.add(t.asText());
                        ObjectNode item = data.addObject();
                        item.put("object", "embedding");
                        ArrayNode emb = item.putArray("embedding");
                        for (float x : fakeModel(t.asText())) {
                            emb.add(x);
                        }
                        emb.add(1);
                        item.put("index", i++);
                    }
                    root.put("model", "bge-m3");
                    root.putObject("usage").put("prompt_tokens", 12).put("total_tokens", 12);
                    return ok(root.toString());
                } catch (Exception e) {
                    return new MockResponse.Builder().code(500).body(e.toString()).build();
                }
            }
        });
        List<String> texts = List.of("Interne Verlinkung für Shops mit Übergrößen",
                "Le maillage interne améliore l'exploration", "内部リンクの最適化");
        try (OpenAiEmbedder e = new OpenAiEmbedder(EmbedderSettings.openAi(server.url("/v1").toString(), "bge-m3"),
                null, Duration.ofMillis(1))) {
            assertEquals("openai:bge-m3@4", e.id());
            List<float[]> vs = e.embedAll(texts);
            assertEquals(3, vs.size());
            for (int k = 0; k < texts.size(); k++) {
                float[] expected = java.util.Arrays.copyOf(fakeModel(texts.get(k)), 4);
                expected[3] = 1;
                assertArrayEquals(unit(expected), vs.get(k), 1e-6f);
            }
        }
        assertTrue(seen.containsAll(texts), "every text arrived intact: " + seen);
    }
}
