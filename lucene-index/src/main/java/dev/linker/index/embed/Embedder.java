package dev.linker.index.embed;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns text into a unit-length vector. Implementations: the offline local MiniLM model (default) and
 * OpenAI-compatible HTTP endpoints. The index records {@link #id()} and {@link #dimension()} and refuses to be
 * opened with another embedder.
 */
public interface Embedder extends AutoCloseable {

    /** Stable identity of model + settings, e.g. "local:all-minilm-l6-v2-q" or "openai:text-embedding-3-small:512". */
    String id();

    int dimension();

    /** Embeds one text of any length (long texts are windowed and pooled); the result is L2-normalised. */
    float[] embed(String text);

    default List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(embed(t));
        }
        return out;
    }

    @Override
    default void close() {
    }
}
