package dev.linker.core.result;

import java.util.Locale;

/** The lowest severity that fails a run. */
public enum FailOn {
    ERROR, WARNING, NEVER;

    public boolean fails(Severity s) {
        return switch (this) {
            case ERROR -> s == Severity.ERROR;
            case WARNING -> s == Severity.ERROR || s == Severity.WARNING;
            case NEVER -> false;
        };
    }

    public static FailOn parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new LinkerException("fail-on '" + s + "' is not one of: error, warning, never");
        }
    }
}
