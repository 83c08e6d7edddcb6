package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.config.ApiKeys;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageLimits;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Sends a page event to a running {@code linker serve} ({@code POST /api/v1/events}) for {@link EventCommand}, with the
 * API key from {@value #ENV_KEY}, else the first of the server's own {@code LINKER_API_KEYS}.
 */
final class EventClient {
    static final String ENV_KEY = "LINKER_API_KEY";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String server;
    private final Map<String, String> env;

    /** @param server the server's address as the user gave it ({@code --server}) */
    EventClient(String server, Map<String, String> env) {
        this.server = server;
        this.env = env;
    }

    /**
     * The server's answer; its refusal as a usage error in its own words, each field it names said by {@code worded}
     * (field, message) as the option that gave it.
     */
    String send(ObjectNode event, BiFunction<String, String, String> worded) {
        HttpUrl base = HttpUrl.parse(server.endsWith("/") ? server : server + "/");
        if (base == null) {
            throw new LinkerException("--server " + server + ": not an http(s) URL (e.g. http://127.0.0.1:7070)");
        }
        String key = apiKey();
        Request.Builder req = new Request.Builder().url(base.resolve("api/v1/events"))
                .post(RequestBody.create(event.toString(), MediaType.get("application/json")));
        if (key != null) {
            req.header("Authorization", "Bearer " + key);
        }
        OkHttpClient http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(10))
                .readTimeout(Duration.ofSeconds(60)).build();
        try (Response r = http.newCall(req.build()).execute()) {
            String answer = r.body().string();
            if (r.isSuccessful()) {
                return answer.strip();
            }
            String message = serverMessage(r.code(), answer, worded);
            if (r.code() == 401) {
                message += key == null ? " (no API key: set " + ENV_KEY + ")" : " (the key from " + keySource() + ")";
            }
            if (r.code() >= 500) {
                throw new IllegalStateException("the server at " + base + " failed: " + message);
            }
            throw new LinkerException("the server at " + base + " refused the event: " + message);
        } catch (IOException e) {
            throw new LinkerException("--server " + server + ": cannot reach the server: " + e.getMessage(), e);
        } finally {
            http.dispatcher().executorService().shutdown();
            http.connectionPool().evictAll();
        }
    }

    /** The server's error in the CLI's words ("--survivor is required …"), else its status and body. */
    private static String serverMessage(int status, String answer, BiFunction<String, String, String> worded) {
        try {
            JsonNode e = JSON.readTree(answer).path("error");
            if (e.hasNonNull("message")) {
                return worded.apply(e.path("field").asText(null), e.get("message").asText());
            }
        } catch (IOException ignored) {
            // not the API's JSON (a proxy's page): say what came back
        }
        return "HTTP " + status + " " + PageLimits.abbreviate(answer.strip());
    }

    private String apiKey() {
        String one = env.get(ENV_KEY);
        if (one != null && !one.isBlank()) {
            return one.strip();
        }
        String many = env.get(ApiKeys.WRITE);
        List<String> keys = many == null ? List.of() : ApiKeys.split(many);
        return keys.isEmpty() ? null : keys.get(0);
    }

    private String keySource() {
        String one = env.get(ENV_KEY);
        return one != null && !one.isBlank() ? ENV_KEY : ApiKeys.WRITE;
    }
}
