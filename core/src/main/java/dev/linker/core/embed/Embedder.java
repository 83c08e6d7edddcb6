package dev.linker.core.embed;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into a unit-length (L2-normalised) vector, so cosine similarity is a dot product. Implementations: the
 * offline local MiniLM model ({@link LocalMiniLmEmbedder}, the default) and OpenAI-compatible HTTP endpoints
 * ({@link OpenAiEmbedder}); {@link Embedders#create(EmbedderSettings)} picks one from settings.
 *
 * <p>The index records {@link #id()} and {@link #dimension()} and refuses to be opened with another embedder.
 *
 * <p>Blank text (nothing but whitespace and control characters) has no meaning to embed: {@link #embed} throws
 * {@link IllegalArgumentException} rather than return a zero vector, which a cosine index cannot store. Callers
 * skip such pages. Failures of the model or endpoint throw {@link EmbeddingException} with a message naming it.
 *
 * <p>Implementations are thread-safe.
 */
public interface Embedder extends AutoCloseable {

    /**
     * Stable identity of model + settings that change vectors, e.g. {@code local:all-minilm-l6-v2-q} or
     * {@code openai:text-embedding-3-small@1536}. Two embedders with the same id give the same vectors.
     */
    String id();

    /** Length of every vector this embedder returns. */
    int dimension();

    /**
     * Embeds one text of any length (long texts are windowed and pooled); the result is L2-normalised.
     *
     * @throws IllegalArgumentException if the text is blank
     * @throws EmbeddingException       if the model or endpoint fails
     */
    float[] embed(String text);

    /**
     * Embeds many texts, results in input order. Implementations batch requests and embed a text that occurs
     * several times only once. Any blank text fails the whole call with {@link IllegalArgumentException}.
     */
    default List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(embed(t));
        }
        return out;
    }

    /**
     * Threads one call may run on: the local model's setting ({@link EmbedderSettings#threads()}); 1 for an
     * embedder that does not run on this machine's cores.
     */
    default int threads() {
        return 1;
    }

    /**
     * This embedder (the same model, the same vectors) running one call on at most {@code threads} threads: the
     * local model gives a view sharing its session, which closes with it; others return themselves.
     */
    default Embedder withThreads(int threads) {
        return this;
    }

    /** Releases the model or HTTP resources; the embedder cannot be used afterwards. */
    @Override
    default void close() {
    }
}
