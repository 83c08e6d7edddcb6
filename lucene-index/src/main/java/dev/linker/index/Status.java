package dev.linker.index;

import dev.linker.core.validate.Choices;

import java.util.Locale;

/** Page lifecycle: only live pages are suggested; the others keep their record so events can be replayed. */
public enum Status {
    LIVE, MERGED, REDIRECTED, KILLED;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Status parse(String s) {
        return Choices.parse(Status.class, s,
                () -> "unknown page status \"" + s + "\" (known: live, merged, redirected, killed)");
    }
}
