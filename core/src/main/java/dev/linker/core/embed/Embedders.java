package dev.linker.core.embed;

/** Creates the {@link Embedder} that {@link EmbedderSettings} describe. */
public final class Embedders {

    private Embedders() {
    }

    /**
     * The local model for type local (loads it: about half a second) on {@link EmbedderSettings#threads()}, the
     * {@link StaticEmbedder} for type static (its table is read once per process), an {@link OpenAiEmbedder} for type
     * openai (no request is made until it is used).
     *
     * @throws EmbeddingException if the local model cannot be loaded
     */
    public static Embedder create(EmbedderSettings settings) {
        return switch (settings.type()) {
            case LOCAL -> LocalMiniLmEmbedder.load(settings.threads());
            case STATIC -> StaticEmbedder.load();
            case OPENAI -> new OpenAiEmbedder(settings);
        };
    }

    /**
     * The bundled embedder that wrote vectors recorded as {@code id} (an index's embedder): the local model on
     * {@code threads} threads (0: all cores) for its id or none recorded (null or empty), the static embedder for its
     * id; null for any other id (an endpoint, which needs its url and key from the user).
     */
    public static Embedder bundled(String id, int threads) {
        if (id == null || id.isEmpty() || id.equals(LocalMiniLmEmbedder.ID)) {
            return create(EmbedderSettings.local().withThreads(threads));
        }
        return id.equals(StaticEmbedder.ID) ? StaticEmbedder.load() : null;
    }

    /** The default embedder: the bundled, offline all-MiniLM-L6-v2 model, on all cores. */
    public static Embedder createDefault() {
        return create(EmbedderSettings.local());
    }
}
