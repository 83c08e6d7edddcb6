package dev.linker.core.site;

/** Progress of a long read; called from the reading thread. */
public interface ReadListener {
    ReadListener NONE = (done, total) -> { };

    /** {@code done} of {@code total} pages read. */
    void progress(int done, int total);
}
