package dev.linker.core.history;

import dev.linker.core.result.LinkerException;

/** A git problem the user can fix (not a repository, shallow clone, unknown ref …); doors exit with code 2. */
public final class GitException extends LinkerException {
    public GitException(String message) {
        super(message);
    }
}
