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
    /** The stemmers of languages other than English, by primary language subtag ("de"), registered at start-up. */
    private static final java.util.Map<String, Stemmer> STEMMERS = new java.util.concurrent.ConcurrentHashMap<>();
    /** The stemmer of the site's language, or null for English and unknown languages (the plural strip). */
    private static volatile Stemmer site;

    private Tokens() {
    }

    /**
     * A language's word normalisation: the lower-cased word in {@code w[0..n)} rewritten in place to its stem; returns
     * the stem's length; {@code w} has room for {@code 2n} chars (German's "ß" becomes "ss"). Must be safe to call
     * from several threads.
     */
    @FunctionalInterface
    public interface Stemmer {
        int stem(char[] w, int n);
    }

    /** Registers the stemmer of a primary language subtag ("de", "fr"); core has none but English's plural strip. */
    public static void register(String language, Stemmer stemmer) {
        STEMMERS.put(language.toLowerCase(Locale.ROOT), stemmer);
    }

    /**
     * Reads every word from now on as a word of {@code language} (a BCP 47 tag such as "de-DE"): its registered
     * stemmer, or English's plural strip when it has none, is empty or null. Returns whether a stemmer was found.
     */
    public static boolean useLanguage(String language) {
        if (language == null || language.isBlank()) {
            site = null;
            return false;
        }
        String t = language.strip().toLowerCase(Locale.ROOT);
        int cut = t.indexOf('-') >= 0 ? t.indexOf('-') : t.indexOf('_');
        site = STEMMERS.get(cut < 0 ? t : t.substring(0, cut));
        return site != null;
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
        Words words = new Words();
        words.reset(text.toCharArray(), text.length());
        while (words.next()) {
            out.add(new Token(words.term(), words.start(), words.end(),
                    capitals(text.substring(words.start(), words.end()))));
        }
        return out;
    }

    /**
     * The words of a text one at a time, as {@link #tokenize} gives them, each term written into a buffer the cursor
     * reuses: no object per word, for Lucene's analysis of every page's text. A word of ASCII only is lower-cased
     * here; any other goes through {@link String#toLowerCase(Locale)}, as {@link #normalize} does.
     */
    public static final class Words {
        private char[] text = new char[0];
        private int length;
        private int at;
        private int start;
        private int end;
        private char[] term = new char[32];
        private int termLength;

        /** Starts over on {@code text[0..length)}, which the cursor reads in place (not copied). */
        public void reset(char[] text, int length) {
            this.text = text;
            this.length = length;
            at = 0;
            start = 0;
            end = 0;
            termLength = 0;
        }

        /** Moves to the next word; false when there is none. */
        public boolean next() {
            while (at < length) {
                int c = Character.codePointAt(text, at, length);
                if (isWordChar(c)) {
                    break;
                }
                at += Character.charCount(c);
            }
            if (at >= length) {
                return false;
            }
            start = at;
            boolean ascii = true;
            while (at < length) {
                int d = Character.codePointAt(text, at, length);
                if (!isWordChar(d)) {
                    break;
                }
                ascii &= d < 128;
                at += Character.charCount(d);
            }
            end = at;
            if (ascii) {
                int n = end - start;
                ensure(2 * n);
                for (int i = 0; i < n; i++) {
                    char ch = text[start + i];
                    term[i] = ch >= 'A' && ch <= 'Z' ? (char) (ch + ('a' - 'A')) : ch;
                }
                termLength = stem(term, n);
            } else {
                String lower = new String(text, start, end - start).toLowerCase(Locale.ROOT);
                ensure(2 * lower.length());
                lower.getChars(0, lower.length(), term, 0);
                termLength = stem(term, lower.length());
            }
            return true;
        }

        private void ensure(int n) {
            if (term.length < n) {
                term = new char[Math.max(n, 2 * term.length)];
            }
        }

        /** The current word's term, in {@code termBuffer()[0..termLength())}. */
        public char[] termBuffer() {
            return term;
        }

        public int termLength() {
            return termLength;
        }

        public String term() {
            return new String(term, 0, termLength);
        }

        /** Where the current word starts in the text. */
        public int start() {
            return start;
        }

        /** Where the current word ends in the text (exclusive). */
        public int end() {
            return end;
        }
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

    /**
     * The words of {@code s[from, to)} as a page's length is counted (its stored word count, the hub rules): runs of
     * letters and digits, so "pg_dump" counts two, unlike the terms above.
     */
    public static int countWords(CharSequence s, int from, int to) {
        int n = 0;
        boolean in = false;
        for (int i = from; i < to; i++) {
            boolean w = Character.isLetterOrDigit(s.charAt(i));
            if (w && !in) {
                n++;
            }
            in = w;
        }
        return n;
    }

    static boolean isWordChar(int c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** A word's term: lower-cased ({@code Locale.ROOT}) and without its plural {@code s}. */
    public static String normalize(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        char[] w = java.util.Arrays.copyOf(lower.toCharArray(), 2 * lower.length());
        return new String(w, 0, stem(w, lower.length()));
    }

    /**
     * The light plural strip of the lower-cased word in {@code w[0..n)}, in place; returns its new length. Keeps
     * "class", "status", "analysis" intact, folds "tables" to "table" and "queries" to "query".
     */
    private static int stem(char[] w, int n) {
        Stemmer s = site;
        if (s != null) {
            return s.stem(w, n);
        }
        if (n > 3 && w[n - 1] == 's' && w[n - 2] != 's' && w[n - 2] != 'u' && w[n - 2] != 'i'
                && Character.isLetter(w[n - 2])) {
            if (n > 4 && w[n - 2] == 'e' && w[n - 3] == 'i') {
                w[n - 3] = 'y';
                return n - 2;
            }
            return n - 1;
        }
        return n;
    }
}
