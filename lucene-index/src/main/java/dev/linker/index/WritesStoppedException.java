package dev.linker.index;

import dev.linker.core.result.LinkerException;

/**
 * A write refused, or stopped between two pages, because the index is closing ({@link PageIndex#stopWrites}): what the
 * write had written is taken back, so the writer may send it again to the next process.
 */
public final class WritesStoppedException extends LinkerException {
    private static final long serialVersionUID = 1L;

    public WritesStoppedException(String where) {
        super(where + " is closing: the write was stopped before it was committed, and nothing of it was kept");
    }
}
