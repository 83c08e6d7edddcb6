package dev.linker.core.model;

import java.util.Locale;

/**
 * A stretch of a page's main text that is not plain prose: a heading, code, or the text of an existing link. Anchor
 * placement keeps new links out of these (a link inside a heading or inside code reads wrong, one inside a link is
 * invalid HTML).
 *
 * @param kind  what the stretch is
 * @param start first character, an offset into {@link Page#text()}
 * @param end   one past the last character
 */
public record TextRegion(Kind kind, int start, int end) {

    public enum Kind {
        /** h1 to h6. */
        HEADING,
        /** pre, code, kbd, samp. */
        CODE,
        /** The text of an {@code <a href>}. */
        LINK;

        /** One letter, for compact storage ("h", "c", "l"). */
        public char letter() {
            return name().toLowerCase(Locale.ROOT).charAt(0);
        }

        public static Kind ofLetter(char c) {
            for (Kind k : values()) {
                if (k.letter() == c) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown text region kind '" + c + "'");
        }
    }

    public TextRegion {
        if (kind == null || start < 0 || end < start) {
            throw new IllegalArgumentException("bad text region " + kind + " [" + start + ", " + end + ")");
        }
    }

    /** Whether [from, to) overlaps this region. */
    public boolean overlaps(int from, int to) {
        return from < end && to > start;
    }
}
