package dev.linker.index.suggest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.LinkerException;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Serper-compatible SERP API ({@code POST /search} with {@code X-API-KEY}, JSON {@code {"q": …, "num": …}},
 * answer {@code {"organic": [{"link": …}, …]}}), asked for {@code site:DOMAIN query}: the pages a search engine
 * itself ranks for the source's topic. Off unless a key is given.
 */
public final class SerpClient {
    public static final String DEFAULT_ENDPOINT = "https://google.serper.dev/search";
    private static final MediaType JSON_TYPE = MediaType.get("application/json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String endpoint;
    private final String apiKey;
    private final String domain;
    private final int results;
    private final OkHttpClient http;

    public SerpClient(String endpoint, String apiKey, String domain, int results, Duration timeout) {
        if (apiKey == null || apiKey.isBlank()) {
            throw new LinkerException("SERP candidates need an API key (--serp-key or LINKER_SERP_API_KEY)");
        }
        if (domain == null || domain.isBlank()) {
            throw new LinkerException("SERP candidates need the site's domain (--serp-domain example.com)");
        }
        this.endpoint = endpoint == null ? DEFAULT_ENDPOINT : endpoint;
        this.apiKey = apiKey;
        this.domain = domain;
        this.results = results;
        this.http = new OkHttpClient.Builder().callTimeout(timeout).build();
    }

    /** Result URLs, best first, for {@code site:DOMAIN query}; retried once on 429/5xx. */
    public List<String> search(String query) {
        String body;
        try {
            body = JSON.writeValueAsString(Map.of("q", "site:" + domain + " " + query, "num", results));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        for (int attempt = 0; ; attempt++) {
            Request req = new Request.Builder().url(endpoint).header("X-API-KEY", apiKey)
                    .post(RequestBody.create(body, JSON_TYPE)).build();
            try (Response r = http.newCall(req).execute()) {
                if ((r.code() == 429 || r.code() >= 500) && attempt == 0) {
                    sleep(500);
                    continue;
                }
                if (!r.isSuccessful()) {
                    throw new LinkerException("SERP API " + endpoint + " answered HTTP " + r.code()
                            + (r.code() == 401 || r.code() == 403 ? " (check the API key)" : ""));
                }
                JsonNode root = JSON.readTree(r.body().string());
                List<String> out = new ArrayList<>();
                for (JsonNode o : root.path("organic")) {
                    String link = o.path("link").asText("");
                    if (!link.isEmpty()) {
                        out.add(link);
                    }
                }
                return out;
            } catch (IOException e) {
                if (attempt == 0) {
                    sleep(500);
                    continue;
                }
                throw new LinkerException("SERP API " + endpoint + " failed: " + e.getMessage(), e);
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
