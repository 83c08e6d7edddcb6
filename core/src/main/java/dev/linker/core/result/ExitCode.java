package dev.linker.core.result;

/** Process exit codes shared by every door (CLI, action); documented in the README. */
public enum ExitCode {
    /** No finding at or above the fail-on severity. */
    OK(0),
    /** At least one (new, not baselined) finding at or above the fail-on severity. */
    FINDINGS(1),
    /** Bad command line, config, or input (missing folder, bad selector, unknown key …). */
    USAGE(2),
    /** A bug or an environment failure; rerun with --verbose and report it. */
    UNEXPECTED(3);

    /** The codes of a command that reports no findings, as its help's footer says them (linker's and linker-spark's). */
    public static final String HELP = "Exit codes: 0 ok, 2 usage or input error, 3 unexpected error.";

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
