package dev.linker.core.result;

/**
 * A problem the user can fix (bad input, bad config); its message names the file or key and is shown without a
 * stack trace. Anything else escaping a door is a bug ({@link ExitCode#UNEXPECTED}).
 */
public class LinkerException extends RuntimeException {
    public LinkerException(String message) {
        super(message);
    }

    public LinkerException(String message, Throwable cause) {
        super(message, cause);
    }
}
