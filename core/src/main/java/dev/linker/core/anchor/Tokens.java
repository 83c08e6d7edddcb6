package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one tokenizer shared by name matching and the Lucene text fields, so that a name's rarity can be read from
 * the index's document frequencies. Tokens are runs of letters, digits and '_' (so {@code max_wal_senders} stays
 * whole), lower-cased, with a light plural strip ("expressions" = "expression") because titles and running text
 * disagree on number.
 */
public final class Tokens {
    private Tokens() {
    }

    /**
     * One token with its character span in the original text; {@code upper} when it is written in capitals (two or
     * more letters, no lower case): "VACUUM", "CLUSTER", "ICU".
     */
    public record Token(String term, int start, int end, boolean upper) {
        public Token(String term, int start, int end) {
            this(term, start, end, false);
        }
    }

    public static List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        int n = text.length();
        int i = 0;
        while (i < n) {
            int c = text.codePointAt(i);
            if (isWordChar(c)) {
                int start = i;
                while (i < n) {
                    int d = text.codePointAt(i);
                    if (!isWordChar(d)) {
                        break;
                    }
                    i += Character.charCount(d);
                }
                String word = text.substring(start, i);
                out.add(new Token(normalize(word), start, i, capitals(word)));
            } else {
                i += Character.charCount(c);
            }
        }
        return out;
    }

    /** Two or more letters and none in lower case. */
    static boolean capitals(String word) {
        int letters = 0;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isLowerCase(c)) {
                return false;
            }
            if (Character.isLetter(c)) {
                letters++;
            }
        }
        return letters >= 2;
    }

    public static List<String> terms(String text) {
        List<Token> toks = tokenize(text);
        List<String> out = new ArrayList<>(toks.size());
        for (Token t : toks) {
            out.add(t.term());
        }
        return out;
    }

    /** The normalised form of a phrase: its terms joined by single spaces. */
    public static String phrase(String text) {
        return String.join(" ", terms(text));
    }

    static boolean isWordChar(int c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    public static String normalize(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        int n = w.length();
        // Light plural stemming: keeps "class", "status", "analysis" intact, folds "tables" -> "table".
        if (n > 3 && w.charAt(n - 1) == 's' && w.charAt(n - 2) != 's' && w.charAt(n - 2) != 'u'
                && w.charAt(n - 2) != 'i' && Character.isLetter(w.charAt(n - 2))) {
            if (w.endsWith("ies") && n > 4) {
                return w.substring(0, n - 3) + "y";
            }
            return w.substring(0, n - 1);
        }
        return w;
    }
}
