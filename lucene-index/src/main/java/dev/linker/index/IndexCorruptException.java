package dev.linker.index;

import dev.linker.core.result.LinkerException;

/**
 * The index on disk is damaged (a checksum or a structure does not verify) or was written by an incompatible Lucene:
 * nothing to do but build it again. A usage error for the CLI (exit 2); the server reports it on its health route.
 */
public final class IndexCorruptException extends LinkerException {
    public IndexCorruptException(String where, String detail, Throwable cause) {
        super("index at " + where + " is corrupt (" + detail + "): delete the folder and run `linker index` again",
                cause);
    }
}
