package dev.linker.core.anchor;

import java.util.List;
import java.util.Set;
import java.util.HashSet;

/**
 * Turns a name mention into an anchor with its sentence; without a mention, falls back to the cleaned target title
 * and the source sentence sharing the most rare words with it.
 */
public final class AnchorFinder {
    private AnchorFinder() {
    }

    public static Anchor fromMention(String text, NameIndex.Mention m) {
        int[] s = sentenceAround(text, m.startChar(), m.endChar());
        return new Anchor(text.substring(m.startChar(), m.endChar()), text.substring(s[0], s[1]).strip(),
                m.startChar(), m.endChar(), true);
    }

    /** A source text cut into sentences once, each with its terms, for many fallback anchors. */
    public static final class Sentences {
        final String text;
        final List<String> sentences = new java.util.ArrayList<>();
        final List<Set<String>> terms = new java.util.ArrayList<>();

        public Sentences(String text) {
            this.text = text == null ? "" : text;
            int from = 0;
            while (from < this.text.length()) {
                int[] s = sentenceAround(this.text, from, from);
                String sentence = this.text.substring(s[0], s[1]);
                if (!sentence.isBlank()) {
                    sentences.add(sentence.strip());
                    terms.add(new HashSet<>(Tokens.terms(sentence)));
                }
                from = Math.max(s[1], from + 1);
                while (from < this.text.length() && Character.isWhitespace(this.text.charAt(from))) {
                    from++;
                }
            }
        }
    }

    /** As {@link #fallback(String, String, NameIndex)} over sentences cut once. */
    public static Anchor fallback(Sentences source, String cleanTitle, NameIndex names) {
        Set<String> want = new HashSet<>(Tokens.terms(cleanTitle));
        String best = "";
        double bestScore = 0;
        for (int i = 0; i < source.sentences.size(); i++) {
            double score = 0;
            for (String t : want) {
                if (source.terms.get(i).contains(t)) {
                    score += names.rarity(t);
                }
            }
            if (score > bestScore) {
                bestScore = score;
                best = source.sentences.get(i);
            }
        }
        return new Anchor(cleanTitle, best, -1, -1, false);
    }

    /** @param cleanTitle the target's title with template and numbering removed */
    public static Anchor fallback(String text, String cleanTitle, NameIndex names) {
        Set<String> want = new HashSet<>(Tokens.terms(cleanTitle));
        String best = "";
        double bestScore = 0;
        if (!want.isEmpty() && text != null) {
            int from = 0;
            while (from < text.length()) {
                int[] s = sentenceAround(text, from, from);
                String sentence = text.substring(s[0], s[1]);
                double score = 0;
                Set<String> seen = new HashSet<>();
                for (String t : Tokens.terms(sentence)) {
                    if (want.contains(t) && seen.add(t)) {
                        score += names.rarity(t);
                    }
                }
                if (score > bestScore) {
                    bestScore = score;
                    best = sentence.strip();
                }
                from = Math.max(s[1], from + 1);
                while (from < text.length() && Character.isWhitespace(text.charAt(from))) {
                    from++;
                }
            }
        }
        return new Anchor(cleanTitle, best, -1, -1, false);
    }

    /** [start, end) of the sentence holding [from, to): bounded by . ! ? followed by space, or a line break. */
    static int[] sentenceAround(String text, int from, int to) {
        int start = from;
        while (start > 0) {
            char c = text.charAt(start - 1);
            if (c == '\n' || c == '\r') {
                break;
            }
            if ((c == ' ' || c == '\t') && start >= 2 && isStop(text.charAt(start - 2))) {
                break;
            }
            start--;
        }
        int end = Math.max(to, from);
        int n = text.length();
        while (end < n) {
            char c = text.charAt(end);
            if (c == '\n' || c == '\r') {
                break;
            }
            if (isStop(c) && (end + 1 == n || Character.isWhitespace(text.charAt(end + 1)))) {
                end++;
                break;
            }
            end++;
        }
        return new int[] {start, end};
    }

    private static boolean isStop(char c) {
        return c == '.' || c == '!' || c == '?';
    }

    static List<String> terms(String s) {
        return Tokens.terms(s);
    }
}
