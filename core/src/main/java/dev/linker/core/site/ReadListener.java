package dev.linker.core.site;

/** Progress of a long read; called from the reading thread. */
public interface ReadListener {
    ReadListener NONE = (done, total) -> { };

    /** {@code done} of {@code total} pages read. */
    void progress(int done, int total);

    /** A note the user should see (git history unavailable, a step's figures); doors print it on stderr. */
    default void note(String message) {
    }

    /** Something the user must see even when progress is silenced (input that will be left unused); on stderr. */
    default void warning(String message) {
        note("warning: " + message);
    }
}
