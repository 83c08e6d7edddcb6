package dev.linker.index;

import dev.linker.core.result.LinkerException;

import java.util.Locale;

/**
 * A page lifecycle event, as a CMS reports it: {@code survivor} for merged and redirected (the page that takes this
 * one's place), {@code page} optionally for created and updated (the page's new content; without it the page, already
 * indexed, becomes live again). {@link PageIndex#apply(PageEvent)} applies it.
 */
public record PageEvent(Type type, String url, String survivor, PageRecord page) {

    public enum Type {
        CREATED, UPDATED, MERGED, REDIRECTED, KILLED;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Known ids in the order users read them. */
        public static final String KNOWN = "created, updated, merged, redirected, killed";

        public static Type parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new LinkerException("unknown event type \"" + s + "\" (known: " + KNOWN + ")");
            }
        }

        /** Whether the event hands the page's place to a survivor. */
        public boolean handsOver() {
            return this == MERGED || this == REDIRECTED;
        }
    }
}
