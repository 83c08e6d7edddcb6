package dev.linker.core.report;

/**
 * Makes invisible control characters visible in reports meant for people (text, Markdown, HTML, GitHub
 * annotations): bidirectional overrides, isolates and marks ("Trojan Source": U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C) would reorder what a reviewer reads, and NUL or other C0/C1 controls corrupt terminals and logs.
 * Each becomes a {@code \}{@code u202E}-style escape; tab and newline stay. JSON and SARIF write the same characters
 * as JSON escapes ({@link JsonEscapes}): the exact text for a program, nothing reordered for a person.
 */
final class Visible {
    private Visible() {
    }

    static boolean hidden(char c) {
        return c < 0x20 && c != '\t' && c != '\n'
                || c >= 0x7F && c <= 0x9F
                || c >= '\u202A' && c <= '\u202E'
                || c >= '\u2066' && c <= '\u2069'
                || c == '\u200E' || c == '\u200F' || c == '\u061C';
    }

    /** {@code s} with every hidden character written as {@code \}{@code uXXXX}. */
    static String of(CharSequence s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (hidden(c)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(String.format("\\u%04X", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s.toString() : b.toString();
    }

    /** An Appendable that writes to {@code out} what {@link #of} would: a report streams through it. */
    static Appendable to(Appendable out) {
        return new Appendable() {
            @Override
            public Appendable append(CharSequence csq) throws java.io.IOException {
                CharSequence c = csq == null ? "null" : csq;
                return append(c, 0, c.length());
            }

            @Override
            public Appendable append(CharSequence csq, int start, int end) throws java.io.IOException {
                CharSequence c = csq == null ? "null" : csq;
                int from = start;
                for (int i = start; i < end; i++) {
                    if (hidden(c.charAt(i))) {
                        out.append(c, from, i).append(String.format("\\u%04X", (int) c.charAt(i)));
                        from = i + 1;
                    }
                }
                out.append(c, from, end);
                return this;
            }

            @Override
            public Appendable append(char ch) throws java.io.IOException {
                if (hidden(ch)) {
                    out.append(String.format("\\u%04X", (int) ch));
                } else {
                    out.append(ch);
                }
                return this;
            }
        };
    }
}
