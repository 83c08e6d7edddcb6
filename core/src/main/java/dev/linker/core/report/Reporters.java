package dev.linker.core.report;

import java.util.List;

/** The reporter registry. */
public final class Reporters {
    private Reporters() {
    }

    /** Every format id, in documentation order. */
    public static List<String> formats() {
        return List.of("text", "json", "markdown", "sarif", "github", "html");
    }

    /** @throws dev.linker.core.audit.LinkerException naming the format and the valid ones when unknown */
    public static Reporter forFormat(String format) {
        throw new UnsupportedOperationException("CONTRACT ONLY — implemented on the audit branch");
    }
}
