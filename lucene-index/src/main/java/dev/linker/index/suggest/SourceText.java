package dev.linker.index.suggest;

import dev.linker.core.anchor.Sentences;
import dev.linker.core.anchor.Tokens;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The text of a link's source as anchor placement sees it: its tokens, its sentences, and the places a link may not
 * go — headings, code, markup and existing links ({@code blocked}, as character ranges). Offsets are the text's own,
 * so an anchor found here is at the same offsets in what the author sees.
 */
public final class SourceText {
    private final String text;
    private final List<Tokens.Token> tokens;
    private final Sentences sentences;
    /** Blocked ranges, sorted and merged: [from, to) pairs. */
    private final int[] blocked;

    private SourceText(String text, List<Tokens.Token> tokens, int[] blocked) {
        this.text = text;
        this.tokens = tokens;
        this.sentences = Sentences.of(text);
        this.blocked = blocked;
    }

    /** @param blocked ranges {from, to} where no link may go (may overlap, any order) */
    public static SourceText of(String text, List<int[]> blocked) {
        return of(text, blocked, null);
    }

    /** As {@link #of(String, List)} with the text's tokens already computed ({@link Tokens#tokenize}). */
    static SourceText of(String text, List<int[]> blocked, List<Tokens.Token> tokens) {
        String t = text == null ? "" : text;
        List<int[]> b = new ArrayList<>(blocked == null ? List.of() : blocked);
        b.sort(Comparator.comparingInt(r -> r[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] r : b) {
            int from = Math.max(0, r[0]);
            int to = Math.min(t.length(), r[1]);
            if (to <= from) {
                continue;
            }
            if (!merged.isEmpty() && from <= merged.get(merged.size() - 1)[1]) {
                merged.get(merged.size() - 1)[1] = Math.max(merged.get(merged.size() - 1)[1], to);
            } else {
                merged.add(new int[] {from, to});
            }
        }
        int[] flat = new int[merged.size() * 2];
        for (int i = 0; i < merged.size(); i++) {
            flat[2 * i] = merged.get(i)[0];
            flat[2 * i + 1] = merged.get(i)[1];
        }
        return new SourceText(t, tokens != null ? tokens : Tokens.tokenize(t), flat);
    }

    public String text() {
        return text;
    }

    public List<Tokens.Token> tokens() {
        return tokens;
    }

    public Sentences sentences() {
        return sentences;
    }

    /** True when [from, to) overlaps a blocked range. */
    public boolean isBlocked(int from, int to) {
        // First range whose end is after from.
        int lo = 0;
        int hi = blocked.length / 2 - 1;
        int first = blocked.length / 2;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (blocked[2 * mid + 1] > from) {
                first = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return first < blocked.length / 2 && blocked[2 * first] < to;
    }

    /**
     * Whether a link may be made on [from, to): inside one sentence, clear of blocked ranges, and on word boundaries
     * — never part of a word or of a compound joined by a hyphen or an apostrophe ("pour" of "pour-over", "Go" of
     * "Go's"). A dot or slash does end a word: documentation links "pg_type" in "pg_type.oid". In Japanese and Chinese,
     * written without spaces, the words are the segmenter's ({@code Tokens.Segmenter}), whatever letters are beside.
     */
    public boolean placeable(int from, int to) {
        if (from < 0 || to > text.length() || to <= from || isBlocked(from, to) || sentences.indexOf(from, to) < 0) {
            return false;
        }
        return !joined(from - 1, -1) && !joined(to, 1);
    }

    /** True when the character at {@code at} continues the word on its other side (direction -1: before a span). */
    private boolean joined(int at, int direction) {
        if (at < 0 || at >= text.length()) {
            return false;
        }
        char c = text.charAt(at);
        if (Character.isLetterOrDigit(c) || c == '_') {
            // Japanese and Chinese are written without spaces: their words end where the segmenter says, so a letter
            // of theirs beside a span's own ("インストーラを起動する前に") does not join it.
            int inside = at - direction;
            return !(unspaced(c) && inside >= 0 && inside < text.length() && unspaced(text.charAt(inside)));
        }
        if (c == '-' || c == '\'' || c == '’' || c == '‐') {
            int beyond = at + direction;
            return beyond >= 0 && beyond < text.length() && Character.isLetterOrDigit(text.charAt(beyond));
        }
        return false;
    }

    /** A letter of a script written without spaces between words: Han, hiragana, katakana. */
    private static boolean unspaced(char c) {
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA;
    }

    /** The sentence holding [from, to), or null. */
    public Sentences.Span sentenceOf(int from, int to) {
        int k = sentences.indexOf(from, to);
        return k < 0 ? null : sentences.get(k);
    }

    /** Tokens of sentence {@code k}: [first, last) indexes into {@link #tokens()}. */
    int[] tokenRange(int k) {
        Sentences.Span s = sentences.get(k);
        int first = lowerBound(s.start());
        int last = lowerBound(s.end());
        return new int[] {first, last};
    }

    private int lowerBound(int offset) {
        int lo = 0;
        int hi = tokens.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tokens.get(mid).start() < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public String toString() {
        return "SourceText[" + text.length() + " chars, " + sentences.size() + " sentences, blocked "
                + Arrays.toString(blocked) + "]";
    }
}
