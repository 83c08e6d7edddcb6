package dev.linker.core.embed;

/**
 * An embedder could not produce vectors: the model could not be loaded, or an endpoint failed or answered
 * something unusable. The message names the model or endpoint and is fit to show to a user as is.
 */
public class EmbeddingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EmbeddingException(String message) {
        super(message);
    }

    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }
}
