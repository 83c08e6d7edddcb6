package dev.linker.core.embed;

/** Creates the {@link Embedder} that {@link EmbedderSettings} describe. */
public final class Embedders {

    private Embedders() {
    }

    /**
     * The local model for type local (loads it: about half a second) on {@link EmbedderSettings#threads()}, an {@link OpenAiEmbedder} for type openai
     * (no request is made until it is used).
     *
     * @throws EmbeddingException if the local model cannot be loaded
     */
    public static Embedder create(EmbedderSettings settings) {
        return switch (settings.type()) {
            case LOCAL -> LocalMiniLmEmbedder.load(settings.threads());
            case OPENAI -> new OpenAiEmbedder(settings);
        };
    }

    /** The default embedder: the bundled, offline all-MiniLM-L6-v2 model, on all cores. */
    public static Embedder createDefault() {
        return create(EmbedderSettings.local());
    }
}
