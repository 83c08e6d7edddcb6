package dev.linker.index.suggest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.LinkerException;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against a real HTTP server on loopback speaking the Serper protocol. */
class SerpClientTest {
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

    private SerpClient client() {
        return new SerpClient(server.url("/search").toString(), "k-123", "brew.example", 10, Duration.ofSeconds(5));
    }

    @Test
    void serp_results_that_are_live_pages_join_the_candidates_with_their_rank() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body("{\"organic\":[{\"link\":\"https://other.example/x\"},"
                        + "{\"link\":\"https://brew.example/beans/decaf.html\"},"
                        + "{\"link\":\"https://brew.example/gear/scales.html\"}]}").build());
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT.withCandidates(c -> c.withSerp(client())));
            List<Suggestion> got = s.forUrl("https://brew.example/guides/cold-brew.html", 10);
            Suggestion decaf = got.stream().filter(x -> x.url().endsWith("decaf.html")).findFirst().orElseThrow();
            Suggestion scales = got.stream().filter(x -> x.url().endsWith("scales.html")).findFirst().orElseThrow();
            assertEquals(1.0, decaf.components().serp(), 1e-9, "first result that is a page of the site");
            assertEquals(0.5, scales.components().serp(), 1e-9);
        }
        RecordedRequest r = server.takeRequest();
        assertEquals("k-123", r.getHeaders().get("X-API-KEY"));
        JsonNode body = new ObjectMapper().readTree(r.getBody().utf8());
        assertEquals("site:brew.example Cold Brew Concentrate — Brew Notes\nCold Brew Concentrate",
                body.get("q").asText());
    }

    @Test
    void a_rejected_key_is_an_error_that_says_so() {
        server.enqueue(new MockResponse.Builder().code(403).body("{\"message\":\"Unauthorized\"}").build());
        LinkerException e = assertThrows(LinkerException.class, () -> client().search("espresso"));
        assertTrue(e.getMessage().contains("HTTP 403 (check the API key)"), e.getMessage());
    }

    @Test
    void a_server_error_is_retried_once() {
        server.enqueue(new MockResponse.Builder().code(503).build());
        server.enqueue(new MockResponse.Builder().code(200).body("{\"organic\":[{\"link\":\"https://brew.example/\"}]}").build());
        assertEquals(List.of("https://brew.example/"), client().search("coffee"));
        assertEquals(2, server.getRequestCount());
    }
}
