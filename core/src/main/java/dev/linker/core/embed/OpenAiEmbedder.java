package dev.linker.core.embed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Embeds through any OpenAI-compatible {@code POST /v1/embeddings} endpoint: OpenAI, Azure-style proxies, Ollama,
 * vLLM, LM Studio, llama.cpp server ...
 *
 * <p>Texts go in batches of {@link EmbedderSettings.Requests#batchSize()} (and at most {@value #MAX_REQUEST_CHARS}
 * characters per request); a text longer than {@value #MAX_INPUT_CHARS} characters is cut at a word boundary
 * before that length, so that it stays under OpenAI's 8,192-token input limit for ordinary prose and code (the
 * start of a page carries its topic). A 429, a 5xx or a network error is retried up to
 * {@link EmbedderSettings.Requests#maxRetries()} times with exponential backoff, or after the delay the server asks for
 * in {@code Retry-After}; other errors fail at once. Errors name the endpoint and the HTTP status; the API key is
 * sent only in the {@code Authorization} header and never appears in messages.
 *
 * <p>Vectors are L2-normalised here whatever the server returns (OpenAI's already are; some local servers' are
 * not), and their length is checked against {@link #dimension()}.
 */
public final class OpenAiEmbedder implements Embedder {

    /** Longest text sent as one input; longer ones are cut (about 5k tokens of English). */
    public static final int MAX_INPUT_CHARS = 20_000;
    /** Most characters in one request, so a batch of long pages stays under request token limits. */
    public static final int MAX_REQUEST_CHARS = 400_000;
    /** Longest Retry-After honoured; a server asking for more (e.g. a daily quota) makes the call fail. */
    static final Duration MAX_RETRY_AFTER = Duration.ofMinutes(2);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    /** Default vector lengths of well-known models, so {@link #dimension()} needs no request for them. */
    private static final Map<String, Integer> KNOWN_DIMENSIONS = Map.of(
            "text-embedding-3-small", 1536,
            "text-embedding-3-large", 3072,
            "text-embedding-ada-002", 1536);

    private final EmbedderSettings settings;
    private final String endpoint;
    private final String apiKey;
    private final OkHttpClient http;
    private final Duration firstBackoff;
    private final ObjectMapper json = new ObjectMapper();
    private volatile int dimension;

    /** Uses the key from the settings, else from the environment (see {@link EmbedderSettings#resolveApiKey()}). */
    public OpenAiEmbedder(EmbedderSettings settings) {
        this(settings, settings.resolveApiKey(), Duration.ofMillis(500));
    }

    OpenAiEmbedder(EmbedderSettings settings, String apiKey, Duration firstBackoff) {
        if (settings.type() != EmbedderSettings.Type.OPENAI) {
            throw new IllegalArgumentException("OpenAiEmbedder needs settings of type openai, got " + settings.type());
        }
        this.settings = settings;
        this.endpoint = endpointUrl(settings.url());
        this.apiKey = apiKey;
        this.firstBackoff = firstBackoff;
        Duration timeout = settings.requests().timeout();
        Duration connect = timeout.compareTo(Duration.ofSeconds(10)) < 0 ? timeout : Duration.ofSeconds(10);
        this.http = new OkHttpClient.Builder()
                .connectTimeout(connect)
                .readTimeout(timeout)
                .writeTimeout(timeout)
                .callTimeout(timeout)
                .retryOnConnectionFailure(false) // retries are ours, counted and backed off
                .build();
        this.dimension = settings.dimensions() > 0 ? settings.dimensions()
                : KNOWN_DIMENSIONS.getOrDefault(settings.model(), 0);
    }

    /**
     * {@code .../embeddings} stays as given; a URL with a path (such as {@code .../v1}) gets {@code /embeddings};
     * a bare host gets {@code /v1/embeddings}.
     */
    static String endpointUrl(String url) {
        String u = url.strip();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        if (u.endsWith("/embeddings")) {
            return u;
        }
        if (u.matches("https?://[^/]+/.+")) {
            return u + "/embeddings";
        }
        return u + "/v1/embeddings";
    }

    /** The URL requests go to. */
    public String endpoint() {
        return endpoint;
    }

    /** {@code openai:<model>@<dimension>}, e.g. {@code openai:text-embedding-3-small@1536}. */
    @Override
    public String id() {
        return "openai:" + settings.model() + "@" + dimension();
    }

    /**
     * The configured dimensions, else the known length of an OpenAI model, else the length of a vector fetched
     * once from the endpoint (so this may make one request).
     */
    @Override
    public int dimension() {
        int d = dimension;
        if (d == 0) {
            synchronized (this) {
                if (dimension == 0) {
                    learnDimension(request(List.of("dimension probe"), 0));
                }
                d = dimension;
            }
        }
        return d;
    }

    @Override
    public float[] embed(String text) {
        return embedAll(List.of(text)).get(0);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        Vectors.Distinct distinct = Vectors.Distinct.of(texts);
        List<String> inputs = distinct.texts().stream().map(OpenAiEmbedder::clip).toList();
        List<float[]> vectors = new ArrayList<>(inputs.size());
        int from = 0;
        while (from < inputs.size()) {
            int to = from;
            long chars = 0;
            while (to < inputs.size() && to - from < settings.requests().batchSize()
                    && (to == from || chars + inputs.get(to).length() <= MAX_REQUEST_CHARS)) {
                chars += inputs.get(to).length();
                to++;
            }
            List<float[]> batch = request(inputs.subList(from, to), dimension);
            if (dimension == 0) {
                learnDimension(batch);
            }
            vectors.addAll(batch);
            from = to;
        }
        return distinct.spread(vectors);
    }

    /** The first answer of a model of unknown length fixes it; later answers must match. */
    private synchronized void learnDimension(List<float[]> vectors) {
        if (dimension == 0) {
            dimension = vectors.get(0).length;
        }
    }

    static String clip(String text) {
        if (text.length() <= MAX_INPUT_CHARS) {
            return text;
        }
        int cut = MAX_INPUT_CHARS;
        int space = text.lastIndexOf(' ', cut);
        if (space > MAX_INPUT_CHARS * 9 / 10) {
            cut = space;
        } else if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut);
    }

    /** One request with retries; {@code expectedDimension} 0 accepts any length (the probe). */
    private List<float[]> request(List<String> inputs, int expectedDimension) {
        byte[] body = requestBody(inputs);
        Request.Builder builder = new Request.Builder().url(endpoint)
                .header("Accept", "application/json")
                .header("User-Agent", "linker-embedder")
                .post(RequestBody.create(body, JSON));
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        Request request = builder.build();
        int attempts = settings.requests().maxRetries() + 1;
        String lastProblem = "";
        for (int attempt = 1; ; attempt++) {
            Duration wait;
            try (Response response = http.newCall(request).execute()) {
                String text = response.body().string();
                int code = response.code();
                if (response.isSuccessful()) {
                    return parse(text, inputs.size(), expectedDimension);
                }
                lastProblem = "HTTP " + code + serverMessage(text);
                if (!retryable(code)) {
                    throw new EmbeddingException("embedding endpoint " + endpoint + " rejected the request: "
                            + lastProblem + hint(code));
                }
                Duration asked = retryAfter(response.header("Retry-After"));
                if (asked != null && asked.compareTo(MAX_RETRY_AFTER) > 0) {
                    throw new EmbeddingException("embedding endpoint " + endpoint + " answered " + lastProblem
                            + " and asks to retry after " + asked.toSeconds() + " s; giving up (quota exhausted?)");
                }
                wait = asked != null ? asked : backoff(attempt);
            } catch (InterruptedIOException e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new EmbeddingException("interrupted while calling embedding endpoint " + endpoint, e);
                }
                lastProblem = "timed out after " + settings.requests().timeout().toMillis() + " ms";
                wait = backoff(attempt);
            } catch (IOException e) {
                lastProblem = "network error: " + scrub(String.valueOf(e.getMessage()));
                wait = backoff(attempt);
            }
            if (attempt >= attempts) {
                throw new EmbeddingException("embedding endpoint " + endpoint + " failed after " + attempts
                        + (attempts == 1 ? " attempt: " : " attempts: ") + lastProblem);
            }
            sleep(wait);
        }
    }

    private byte[] requestBody(List<String> inputs) {
        ObjectNode root = json.createObjectNode();
        root.put("model", settings.model());
        ArrayNode input = root.putArray("input");
        inputs.forEach(input::add);
        if (settings.dimensions() > 0) {
            root.put("dimensions", settings.dimensions());
        }
        try {
            return json.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<float[]> parse(String text, int count, int expectedDimension) {
        JsonNode root;
        try {
            root = json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " returned invalid JSON: "
                    + excerpt(text));
        }
        JsonNode data = root == null ? null : root.get("data");
        if (data == null || !data.isArray()) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " returned JSON without a \"data\" list"
                    + " of embeddings: " + excerpt(text));
        }
        if (data.size() != count) {
            throw new EmbeddingException("embedding endpoint " + endpoint + " returned " + data.size()
                    + " embeddings for " + count + " inputs");
        }
        float[][] out = new float[count][];
        int probed = 0;
        for (int i = 0; i < count; i++) {
            JsonNode item = data.get(i);
            int index = item.path("index").isInt() ? item.get("index").asInt() : i;
            if (index < 0 || index >= count || out[index] != null) {
                throw new EmbeddingException("embedding endpoint " + endpoint + " returned a bad or repeated index "
                        + index + " for " + count + " inputs");
            }
            float[] v = vector(item.get("embedding"), index);
            // The probe (expectedDimension 0) accepts any length, but the same for all vectors.
            int want = expectedDimension > 0 ? expectedDimension : (probed == 0 ? v.length : probed);
            probed = want;
            if (v.length != want) {
                throw new EmbeddingException("embedding endpoint " + endpoint + " returned " + v.length
                        + "-dimensional vectors for model " + settings.model() + ", expected " + want
                        + (settings.dimensions() > 0 ? " (the configured dimensions)"
                        : " (set dimensions to the model's, or rebuild the index for this model)"));
            }
            try {
                out[index] = Vectors.normalizeInPlace(v);
            } catch (IllegalArgumentException e) {
                throw new EmbeddingException("embedding endpoint " + endpoint + " returned a zero or non-finite"
                        + " vector for input " + index);
            }
        }
        return List.of(out);
    }

    /** A JSON number array, or a base64 string of little-endian float32 (encoding_format=base64 servers). */
    private float[] vector(JsonNode node, int index) {
        if (node != null && node.isArray() && !node.isEmpty()) {
            float[] v = new float[node.size()];
            for (int j = 0; j < v.length; j++) {
                JsonNode x = node.get(j);
                if (!x.isNumber()) {
                    throw new EmbeddingException("embedding endpoint " + endpoint + " returned a non-number in"
                            + " embedding " + index + ": " + excerpt(x.toString()));
                }
                v[j] = x.floatValue();
            }
            return v;
        }
        if (node != null && node.isTextual()) {
            try {
                ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(node.asText()))
                        .order(ByteOrder.LITTLE_ENDIAN);
                float[] v = new float[bytes.remaining() / 4];
                bytes.asFloatBuffer().get(v);
                if (v.length > 0) {
                    return v;
                }
            } catch (IllegalArgumentException e) {
                // fall through to the error below
            }
        }
        throw new EmbeddingException("embedding endpoint " + endpoint + " returned no usable \"embedding\" for input "
                + index + ": " + excerpt(String.valueOf(node)));
    }

    static boolean retryable(int code) {
        return code == 408 || code == 429 || code >= 500;
    }

    private static String hint(int code) {
        return switch (code) {
            case 401, 403 -> " (check the API key: settings apiKey, or env " + EmbedderSettings.ENV_KEY + " / "
                    + EmbedderSettings.ENV_OPENAI_KEY + ")";
            case 404 -> " (check the URL and the model name)";
            default -> "";
        };
    }

    /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.trim();
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(h)));
        } catch (NumberFormatException e) {
            try {
                Instant at = ZonedDateTime.parse(h, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration d = Duration.between(Instant.now(), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }

    /** Exponential, capped, with jitter so that parallel clients do not retry in lockstep. */
    private Duration backoff(int attempt) {
        long base = firstBackoff.toMillis() << Math.min(attempt - 1, 16);
        long capped = Math.min(base, MAX_BACKOFF.toMillis());
        return Duration.ofMillis(capped + ThreadLocalRandom.current().nextLong(capped / 4 + 1));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddingException("interrupted while waiting to retry an embedding request", e);
        }
    }

    /** The server's own error message, if it sent the usual {"error": {"message": ...}}, else the body start. */
    private String serverMessage(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String message = body;
        try {
            JsonNode root = json.readTree(body);
            JsonNode error = root == null ? null : root.get("error");
            if (error != null && error.isObject() && error.hasNonNull("message")) {
                message = error.get("message").asText();
            } else if (error != null && error.isTextual()) {
                message = error.asText();
            }
        } catch (JsonProcessingException e) {
            // not JSON: show the raw start
        }
        return ": " + excerpt(message);
    }

    private String excerpt(String s) {
        String flat = scrub(s).replaceAll("\\s+", " ").strip();
        return flat.length() <= 300 ? flat : flat.substring(0, 300) + "...";
    }

    /** Servers sometimes echo the key in errors; it must not reach logs. */
    private String scrub(String s) {
        return apiKey == null || apiKey.isEmpty() ? s : s.replace(apiKey, "***");
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @Override
    public String toString() {
        return "OpenAiEmbedder[" + endpoint + ", model " + settings.model() + ", key "
                + (apiKey == null ? "none" : "set") + "]";
    }
}
