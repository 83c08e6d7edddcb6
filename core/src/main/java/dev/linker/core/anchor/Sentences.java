package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A text cut into sentences, the unit a link is placed in: an anchor never spans two sentences, and the sentence is
 * what an editor is shown around it.
 *
 * <p>A sentence ends at {@code . ! ?} followed by a space and a word that does not start in lower case (so "e.g. the"
 * and "R. Pike" do not end one), at a blank line, and before a line that opens a list item, a heading or a quote.
 * A single line break is harder: in text made from HTML it separates blocks (a heading from its paragraph, two list
 * items, two table cells), but text exported from Markdown or a CMS keeps the author's soft wraps inside a
 * paragraph ("… the creator of the⏎Go gopher, painted …"). A line break counts as a soft wrap, not a boundary, when
 * the next line goes on in lower case after a line that did not end a sentence, or when the line ends in a word that
 * cannot end one ("of", "the", "and" …).
 */
public final class Sentences {
    /** Words after which a line cannot end a sentence or a block: the line was wrapped. */
    private static final Set<String> CONTINUING = Set.of("a", "an", "the", "of", "to", "in", "on", "and", "or",
            "for", "with", "by", "from", "at", "as", "into", "than", "that", "this", "its", "their", "our", "your",
            "is", "are", "was", "were", "be", "but", "nor", "if", "when", "while", "about", "via", "per", "de", "la",
            "le", "les", "der", "die", "das", "und", "el", "los", "y");

    private final String text;
    private final int[] starts;
    private final int[] ends;

    private Sentences(String text, int[] starts, int[] ends) {
        this.text = text;
        this.starts = starts;
        this.ends = ends;
    }

    /** One sentence: [start, end) in the text, trimmed, never empty. */
    public record Span(int start, int end) {
        public boolean contains(int from, int to) {
            return from >= start && to <= end;
        }
    }

    public static Sentences of(String text) {
        String t = text == null ? "" : text;
        List<int[]> out = new ArrayList<>();
        int n = t.length();
        int start = 0;
        int i = 0;
        while (i < n) {
            char c = t.charAt(i);
            int cut = -1; // end of the sentence (exclusive) when one ends here
            int next = i + 1; // where to look for the next sentence
            if (c == '\n' || c == '\r') {
                int lineEnd = i;
                int j = i;
                int breaks = 0;
                while (j < n && Character.isWhitespace(t.charAt(j))) {
                    if (t.charAt(j) == '\n') {
                        breaks++;
                    }
                    j++;
                }
                if (breaks >= 2 || j >= n || !softWrap(t, lineEnd, j)) {
                    cut = lineEnd;
                }
                next = j;
            } else if ((c == '.' || c == '!' || c == '?') && endsSentence(t, i) || fullWidthStop(c)) {
                int j = i + 1;
                while (j < n && isClosing(t.charAt(j))) {
                    j++;
                }
                cut = j;
                next = j;
            }
            if (cut >= 0) {
                add(out, t, start, cut);
                start = next;
            }
            i = Math.max(next, i + 1);
        }
        add(out, t, start, n);
        int[] s = new int[out.size()];
        int[] e = new int[out.size()];
        for (int k = 0; k < s.length; k++) {
            s[k] = out.get(k)[0];
            e[k] = out.get(k)[1];
        }
        return new Sentences(t, s, e);
    }

    private static void add(List<int[]> out, String t, int from, int to) {
        int a = from;
        int b = Math.min(to, t.length());
        while (a < b && Character.isWhitespace(t.charAt(a))) {
            a++;
        }
        while (b > a && Character.isWhitespace(t.charAt(b - 1))) {
            b--;
        }
        if (b > a) {
            out.add(new int[] {a, b});
        }
    }

    private static boolean isClosing(char c) {
        return c == '"' || c == '\'' || c == ')' || c == ']' || c == '”' || c == '’' || c == '»' || c == '」'
                || c == '』' || c == '）';
    }

    /**
     * The full stop, exclamation and question marks of Japanese and Chinese ("。", "！", "？"): each ends a sentence,
     * with no space after it, as those languages write.
     */
    private static boolean fullWidthStop(char c) {
        return c == '\u3002' || c == '\uff01' || c == '\uff1f';
    }

    /** A stop at {@code i} ends a sentence: a space follows, then no lower-case word; and it is no initial. */
    private static boolean endsSentence(String t, int i) {
        int n = t.length();
        int j = i + 1;
        while (j < n && isClosing(t.charAt(j))) {
            j++;
        }
        if (j < n && !Character.isWhitespace(t.charAt(j))) {
            return false; // "1.16", "pkg.go.dev", "e.g"
        }
        if (t.charAt(i) == '.') {
            // "R. Pike", "A. Smith": a single capital before the dot is an initial.
            if (i >= 1 && Character.isUpperCase(t.charAt(i - 1)) && (i < 2 || !Character.isLetterOrDigit(t.charAt(i - 2)))) {
                return false;
            }
        }
        while (j < n && (t.charAt(j) == ' ' || t.charAt(j) == '\t')) {
            j++;
        }
        return j >= n || !Character.isLowerCase(t.charAt(j));
    }

    /**
     * Whether the line break between {@code lineEnd} (the break) and {@code next} (the next line's first
     * character) is a wrap inside one sentence.
     */
    private static boolean softWrap(String t, int lineEnd, int next) {
        if (opensBlock(t, next)) {
            return false;
        }
        int p = lineEnd;
        while (p > 0 && (t.charAt(p - 1) == ' ' || t.charAt(p - 1) == '\t')) {
            p--;
        }
        if (p == 0) {
            return false;
        }
        char last = t.charAt(p - 1);
        if (last == '.' || last == '!' || last == '?' || last == ':' || isClosing(last) && last != ')') {
            return false;
        }
        char first = t.charAt(next);
        if (Character.isLowerCase(first) && (Character.isLetterOrDigit(last) || last == ',' || last == ';'
                || last == '-' || last == '–' || last == '(' || last == ')')) {
            return true;
        }
        if (last == ',' || last == '(' || last == '–') {
            return true;
        }
        // "… the creator of the⏎Go gopher": the line ends in a word that cannot end a sentence.
        int w = p;
        while (w > 0 && Character.isLetter(t.charAt(w - 1))) {
            w--;
        }
        return w < p && CONTINUING.contains(t.substring(w, p).toLowerCase(java.util.Locale.ROOT));
    }

    /** A line starting a list item, a heading, a quote or a table row. */
    private static boolean opensBlock(String t, int i) {
        int n = t.length();
        char c = t.charAt(i);
        if (c == '#' || c == '>' || c == '|' || c == '•' || c == '·') {
            return true;
        }
        if ((c == '-' || c == '*' || c == '+') && i + 1 < n && t.charAt(i + 1) == ' ') {
            return true;
        }
        int j = i;
        while (j < n && Character.isDigit(t.charAt(j))) {
            j++;
        }
        return j > i && j + 1 < n && (t.charAt(j) == '.' || t.charAt(j) == ')') && t.charAt(j + 1) == ' ';
    }

    public String text() {
        return text;
    }

    public int size() {
        return starts.length;
    }

    public Span get(int k) {
        return new Span(starts[k], ends[k]);
    }

    public String sentence(int k) {
        return text.substring(starts[k], ends[k]);
    }

    /** Index of the sentence holding [from, to), or -1 when the span is outside every sentence or crosses two. */
    public int indexOf(int from, int to) {
        int lo = 0;
        int hi = starts.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] > from) {
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        int k = hi;
        return k >= 0 && to <= ends[k] && from >= starts[k] ? k : -1;
    }

    /** The sentence around a span, or "" when it has none. */
    public String around(int from, int to) {
        int k = indexOf(from, to);
        return k < 0 ? "" : sentence(k);
    }
}
