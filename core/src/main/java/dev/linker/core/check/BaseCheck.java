package dev.linker.core.check;

import dev.linker.core.result.Severity;

import java.util.Map;

/** A check's id, one-line description, default severity and options, given once: what every check declares alike. */
abstract class BaseCheck implements Check {
    private final String id;
    private final String description;
    private final Severity severity;
    private final Map<String, Object> options;

    BaseCheck(String id, String description, Severity severity) {
        this(id, description, severity, Map.of());
    }

    BaseCheck(String id, String description, Severity severity, Map<String, Object> options) {
        this.id = id;
        this.description = description;
        this.severity = severity;
        this.options = Map.copyOf(options);
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

    @Override
    public final Map<String, Object> defaultOptions() {
        return options;
    }
}
