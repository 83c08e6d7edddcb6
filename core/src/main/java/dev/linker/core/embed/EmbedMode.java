package dev.linker.core.embed;

import dev.linker.core.validate.Choices;

import java.util.Locale;

/** What text of a page is embedded: the title (and H1) only, the content only, or both (default). */
public enum EmbedMode {
    TITLE, CONTENT, BOTH;

    public String text(String title, String h1, String body) {
        String head = h1 == null || h1.isBlank() || h1.equals(title) ? title : title + "\n" + h1;
        return switch (this) {
            case TITLE -> head;
            case CONTENT -> body;
            case BOTH -> head + "\n" + body;
        };
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EmbedMode parse(String s) {
        return Choices.parse(EmbedMode.class, s,
                () -> "unknown --embed value \"" + s + "\" (known: title, content, both)");
    }
}
