package dev.linker.index;

/**
 * Vectors made elsewhere (a Spark job, an earlier run) that {@link PageIndex#sync} takes instead of embedding a page.
 */
@FunctionalInterface
public interface VectorSource {
    /** The vector of {@code url} when it was made from the text with {@code contentHash}, else null. */
    float[] vector(String url, String contentHash);
}
