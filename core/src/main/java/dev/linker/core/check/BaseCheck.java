package dev.linker.core.check;

import dev.linker.core.result.Severity;

/** A check's id, one-line description and default severity, given once: what every check declares alike. */
abstract class BaseCheck implements Check {
    private final String id;
    private final String description;
    private final Severity severity;

    BaseCheck(String id, String description, Severity severity) {
        this.id = id;
        this.description = description;
        this.severity = severity;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Severity defaultSeverity() {
        return severity;
    }
}
