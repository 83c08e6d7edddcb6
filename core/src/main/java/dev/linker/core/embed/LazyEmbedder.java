package dev.linker.core.embed;

import java.util.List;
import java.util.function.Supplier;

/**
 * An embedder whose model loads on first use: for a run that may embed nothing at all (a page event that only changes
 * a status), where loading the local model is most of the run's time. Its id and dimension are known up front.
 */
public final class LazyEmbedder implements Embedder {
    private final String id;
    private final int dimension;
    private final Supplier<Embedder> load;
    private Embedder loaded;

    public LazyEmbedder(String id, int dimension, Supplier<Embedder> load) {
        this.id = id;
        this.dimension = dimension;
        this.load = load;
    }

    /** The bundled local model on all cores, loaded when the first text is embedded. */
    public static LazyEmbedder local() {
        return local(0);
    }

    /** The bundled local model on {@code threads} threads (0: all cores), loaded when the first text is embedded. */
    public static LazyEmbedder local(int threads) {
        EmbedderSettings settings = EmbedderSettings.local().withThreads(threads);
        return new LazyEmbedder(LocalMiniLmEmbedder.ID, LocalMiniLmEmbedder.DIMENSION, () -> Embedders.create(settings));
    }

    private synchronized Embedder model() {
        if (loaded == null) {
            loaded = load.get();
        }
        return loaded;
    }

    /** Whether the model was loaded (something was embedded). */
    public synchronized boolean loaded() {
        return loaded != null;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public float[] embed(String text) {
        return model().embed(text);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        return model().embedAll(texts);
    }

    @Override
    public synchronized void close() {
        if (loaded != null) {
            loaded.close();
        }
    }
}
