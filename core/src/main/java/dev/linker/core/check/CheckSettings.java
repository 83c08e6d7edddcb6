package dev.linker.core.check;

import dev.linker.core.result.Severity;

import java.util.Map;

/**
 * Per-check configuration. Null fields mean "keep the check's default".
 *
 * @param enabled  whether the check runs
 * @param severity severity its findings get
 * @param options  check-specific options (e.g. maxDepth for deep-page), validated by the check
 */
public record CheckSettings(Boolean enabled, Severity severity, Map<String, Object> options) {
    public CheckSettings {
        options = options == null ? Map.of() : Map.copyOf(options);
    }

    /** These settings over {@code lower}: set values win, options merge. */
    public CheckSettings over(CheckSettings lower) {
        java.util.Map<String, Object> o = new java.util.LinkedHashMap<>(lower.options());
        o.putAll(options);
        return new CheckSettings(enabled != null ? enabled : lower.enabled(),
                severity != null ? severity : lower.severity(), o);
    }
}
