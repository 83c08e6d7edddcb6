package dev.linker.core.audit;

import java.util.Locale;

/** How bad a finding is; ordered from most to least severe. */
public enum Severity {
    ERROR, WARNING, INFO;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String s) {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
    }
}
