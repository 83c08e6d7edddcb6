package dev.linker.core.check;

import dev.linker.core.result.Severity;

import java.util.Map;

/** One audit rule. Checks are stateless; {@link Checks#ALL} lists them. */
public interface Check {
    /** Stable id used in config, reports, baselines ("orphan", "broken-link" …). */
    String id();

    /** One line for documentation and SARIF rules. */
    String description();

    Severity defaultSeverity();

    /** Option name → default value; the only options a user may set for this check. */
    default Map<String, Object> defaultOptions() {
        return Map.of();
    }

    void run(CheckContext ctx);
}
