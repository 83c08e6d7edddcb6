package dev.linker.core.result;

import java.util.Locale;

/** How bad a finding is; ordered from most to least severe. */
public enum Severity {
    ERROR, WARNING, INFO;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new LinkerException("severity '" + s + "' is not one of: error, warning, info");
        }
    }
}
