package dev.linker.spark;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.EmbedderSettings;
import dev.linker.core.embed.Embedders;

import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which embedder a job uses, as shipped to executors: the local model ({@code type} local), the static embedder
 * ({@code type} static), or an OpenAI-compatible
 * endpoint (url, model, dimensions; the API key is read on each executor from {@code LINKER_EMBEDDINGS_API_KEY} or
 * {@code OPENAI_API_KEY}, e.g. set with {@code spark.executorEnv.*}, so it never travels with the job).
 * {@code threads}: the local model's threads per task, 1 by default: Spark already runs a task per core, so more
 * threads a task only pay off when each task is given that many cores ({@code spark.task.cpus}).
 */
public record EmbedderSpec(String type, String url, String model, int dimensions, int threads) implements Serializable {
    private static final Map<EmbedderSpec, Embedder> LOADED = new ConcurrentHashMap<>();

    /** One thread a task. */
    public EmbedderSpec(String type, String url, String model, int dimensions) {
        this(type, url, model, dimensions, 1);
    }

    public static EmbedderSpec local() {
        return new EmbedderSpec("local", null, null, 0);
    }

    EmbedderSettings settings() {
        return EmbedderSettings.of(type, url, model, dimensions).withThreads(threads);
    }

    /** This JVM's one embedder for the spec: an executor loads the model once and every task shares it. */
    public Embedder shared() {
        return LOADED.computeIfAbsent(this, s -> Embedders.create(s.settings()));
    }
}
