package dev.linker.core.embed;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Which embedder to use and how; {@link Embedders#create(EmbedderSettings)} turns it into an {@link Embedder}.
 * Start from {@link #local()} (the default: offline, no key) or {@link #openAi(String, String)} and adjust with the
 * {@code with...} methods. {@link #toString()} never shows the API key.
 *
 * @param type       {@code local} (the bundled MiniLM model), {@code static} (a vector a word piece derived from it,
 *                   for catalogues: {@link StaticEmbedder}) or {@code openai} (any OpenAI-compatible
 *                   {@code /v1/embeddings} endpoint: OpenAI, Ollama, vLLM, LM Studio, ...)
 * @param url        openai: base URL such as {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1},
 *                   or the full {@code .../embeddings} URL; ignored for local
 * @param model      model name; for local only {@value #LOCAL_MODEL} exists; static has none of its own
 * @param apiKey     openai: bearer token; null or blank means the environment variable
 *                   {@code LINKER_EMBEDDINGS_API_KEY}, then {@code OPENAI_API_KEY}, then none (fine for Ollama)
 * @param dimensions openai: vector length to request (only models that support shortening, e.g.
 *                   text-embedding-3-*); 0 means the model's own length
 * @param requests   openai: how texts are sent to the endpoint (texts per request, time limit, retries); null
 *                   means the defaults with no retries
 * @param threads    local: threads one call of {@link Embedder#embedAll} (or a long text's windows) runs on, each
 *                   model run on one core with batch size 1, so the vectors are the same at any count; 0 means
 *                   all cores ({@link Runtime#availableProcessors()}); ignored for openai
 */
public record EmbedderSettings(Type type, String url, String model, String apiKey, int dimensions,
                               Requests requests, int threads) {

    public static final String LOCAL_MODEL = "all-minilm-l6-v2-q";
    public static final String DEFAULT_OPENAI_URL = "https://api.openai.com/v1";
    public static final String DEFAULT_OPENAI_MODEL = "text-embedding-3-small";
    public static final int DEFAULT_BATCH_SIZE = 64;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_RETRIES = 4;
    /** Environment variables read for the key, in this order, when the settings carry none. */
    public static final String ENV_KEY = "LINKER_EMBEDDINGS_API_KEY";
    public static final String ENV_OPENAI_KEY = "OPENAI_API_KEY";
    /** Most threads a local embedder may be given: far above any core count, low enough to catch a typo. */
    public static final int MAX_THREADS = 1024;
    /** What a thread count must be, as messages say it. */
    public static final String THREADS_RANGE = "must be 0 (all cores) or 1.." + MAX_THREADS;

    /** The kinds of embedder. */
    public enum Type {
        LOCAL, STATIC, OPENAI;

        /** What the error for an unknown type lists. */
        public static final String KNOWN = "local, static or openai";

        /** Parses {@code local}, {@code static} or {@code openai}, any case; the error lists the valid values. */
        public static Type parse(String value) {
            if (value != null) {
                for (Type t : values()) {
                    if (t.name().equalsIgnoreCase(value.trim())) {
                        return t;
                    }
                }
            }
            throw new IllegalArgumentException("unknown embedder type '" + value + "': use " + KNOWN);
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How an OpenAI-compatible embedder sends texts; the local model ignores it.
     *
     * @param batchSize  texts per request, 1..2048; 0 means {@value EmbedderSettings#DEFAULT_BATCH_SIZE}
     * @param timeout    limit for one HTTP call; null means {@link EmbedderSettings#DEFAULT_TIMEOUT}
     * @param maxRetries retries after a 429, a 5xx or a network error, 0..20 (0 = try once)
     */
    public record Requests(int batchSize, Duration timeout, int maxRetries) {
        /** Fills defaults and rejects impossible values with a message naming the setting. */
        public Requests {
            if (batchSize == 0) {
                batchSize = DEFAULT_BATCH_SIZE;
            }
            if (batchSize < 0 || batchSize > 2048) {
                throw new IllegalArgumentException("embedder batchSize must be 1..2048, was " + batchSize);
            }
            if (timeout == null) {
                timeout = DEFAULT_TIMEOUT;
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("embedder timeout must be positive, was " + timeout);
            }
            if (maxRetries < 0 || maxRetries > 20) {
                throw new IllegalArgumentException("embedder maxRetries must be 0..20, was " + maxRetries);
            }
        }

        /** These requests with {@code size} texts in each. */
        public Requests withBatchSize(int size) {
            return new Requests(size, timeout, maxRetries);
        }

        /** These requests with {@code t} as the limit of one HTTP call. */
        public Requests withTimeout(Duration t) {
            return new Requests(batchSize, t, maxRetries);
        }

        /** These requests retried at most {@code retries} times. */
        public Requests withMaxRetries(int retries) {
            return new Requests(batchSize, timeout, retries);
        }
    }

    /** Fills defaults and rejects impossible values with a message naming the setting. */
    public EmbedderSettings {
        if (type == null) {
            type = Type.LOCAL;
        }
        if (type == Type.STATIC) {
            if (model != null && !model.isBlank()) {
                throw new IllegalArgumentException("embedder model '" + model + "' is not possible for the static"
                        + " embedder, which has its own table (" + StaticEmbedder.ID + ")");
            }
            if (dimensions != 0 && dimensions != StaticEmbedder.DIMENSION) {
                throw new IllegalArgumentException("embedder dimensions " + dimensions + " is not possible for the"
                        + " static embedder, whose vectors have " + StaticEmbedder.DIMENSION);
            }
        } else if (type == Type.LOCAL) {
            if (model != null && !model.isBlank() && !model.trim().equalsIgnoreCase(LOCAL_MODEL)) {
                throw new IllegalArgumentException("embedder model '" + model + "' is not available locally: the local"
                        + " embedder has only " + LOCAL_MODEL + " (use type openai for other models)");
            }
            model = LOCAL_MODEL;
            if (dimensions != 0 && dimensions != LocalMiniLmEmbedder.DIMENSION) {
                throw new IllegalArgumentException("embedder dimensions " + dimensions + " is not possible for "
                        + LOCAL_MODEL + ", whose vectors have " + LocalMiniLmEmbedder.DIMENSION);
            }
        } else {
            url = url == null || url.isBlank() ? DEFAULT_OPENAI_URL : url.trim();
            if (!url.startsWith("http://") && !url.startsWith("https://")) {
                throw new IllegalArgumentException("embedder url '" + url + "' must start with http:// or https://");
            }
            model = model == null || model.isBlank() ? DEFAULT_OPENAI_MODEL : model.trim();
        }
        if (dimensions < 0) {
            throw new IllegalArgumentException("embedder dimensions must be positive (or 0 for the model's own), was "
                    + dimensions);
        }
        if (requests == null) {
            requests = new Requests(0, null, 0);
        }
        if (threads < 0 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("embedder threads " + THREADS_RANGE + ", was " + threads);
        }
    }

    /** {@link #threads()} with 0 resolved to this machine's cores. */
    public int resolvedThreads() {
        return resolveThreads(threads);
    }

    /** {@code threads}, or this machine's cores ({@link Runtime#availableProcessors()}) for 0. */
    public static int resolveThreads(int threads) {
        return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
    }

    /**
     * The settings a door's options name: {@code type} local (or null) for the bundled model, static for its static
     * table, openai for an OpenAI-compatible endpoint with {@code url}, {@code model} and {@code dimensions} (0: the
     * model's own).
     *
     * @throws IllegalArgumentException for another type, naming the known ones
     */
    public static EmbedderSettings of(String type, String url, String model, int dimensions) {
        return switch (type == null ? Type.LOCAL : Type.parse(type)) {
            case LOCAL -> local();
            case STATIC -> new EmbedderSettings(Type.STATIC, null, model, null, dimensions, null, 0);
            case OPENAI -> openAi(url, model).withDimensions(dimensions);
        };
    }

    /** The default: the bundled local model. */
    public static EmbedderSettings local() {
        return new EmbedderSettings(Type.LOCAL, null, LOCAL_MODEL, null, 0,
                new Requests(DEFAULT_BATCH_SIZE, DEFAULT_TIMEOUT, 0), 0);
    }

    /**
     * An OpenAI-compatible endpoint with default batch size, timeout and retries; null url or model take
     * {@value #DEFAULT_OPENAI_URL} and {@value #DEFAULT_OPENAI_MODEL}.
     */
    public static EmbedderSettings openAi(String url, String model) {
        return new EmbedderSettings(Type.OPENAI, url, model, null, 0,
                new Requests(DEFAULT_BATCH_SIZE, DEFAULT_TIMEOUT, DEFAULT_MAX_RETRIES), 0);
    }

    public EmbedderSettings withApiKey(String key) {
        return new EmbedderSettings(type, url, model, key, dimensions, requests, threads);
    }

    public EmbedderSettings withDimensions(int dims) {
        return new EmbedderSettings(type, url, model, apiKey, dims, requests, threads);
    }

    /** These settings with {@code r} as how texts are sent to an OpenAI-compatible endpoint. */
    public EmbedderSettings withRequests(Requests r) {
        return new EmbedderSettings(type, url, model, apiKey, dimensions, r, threads);
    }

    /** These settings with the requests {@code change} makes, e.g. {@code r -> r.withMaxRetries(3)}. */
    public EmbedderSettings withRequests(UnaryOperator<Requests> change) {
        return withRequests(change.apply(requests));
    }

    /** The local model's threads per call (0: all cores); see {@link #threads()}. */
    public EmbedderSettings withThreads(int n) {
        return new EmbedderSettings(type, url, model, apiKey, dimensions, requests, n);
    }

    /** The key to send: the configured one, else {@value #ENV_KEY}, else {@value #ENV_OPENAI_KEY}, else null. */
    public String resolveApiKey() {
        return resolveApiKey(System.getenv());
    }

    String resolveApiKey(Map<String, String> env) {
        for (String candidate : new String[] {apiKey, env.get(ENV_KEY), env.get(ENV_OPENAI_KEY)}) {
            if (candidate != null && !candidate.isBlank()) {
                return candidate.trim();
            }
        }
        return null;
    }

    /** Like the generated one, but the key shows only whether it is set. */
    @Override
    public String toString() {
        return "EmbedderSettings[type=" + type + ", url=" + url + ", model=" + model
                + ", apiKey=" + (apiKey == null || apiKey.isBlank() ? "(from environment, if any)" : "***")
                + ", dimensions=" + dimensions + ", batchSize=" + requests.batchSize()
                + ", timeout=" + requests.timeout() + ", maxRetries=" + requests.maxRetries()
                + ", threads=" + threads + "]";
    }
}
