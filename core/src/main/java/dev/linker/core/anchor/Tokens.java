package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one tokenizer shared by name matching and the Lucene text fields, so that a name's rarity can be read from
 * the index's document frequencies. Tokens are runs of letters, digits and '_' (so {@code max_wal_senders} stays
 * whole), lower-cased, with a light plural strip ("expressions" = "expression") because titles and running text
 * disagree on number. Words of a language with a stemmer of its own (German, French, Spanish, Italian, Portuguese:
 * {@link Stemmers}) are read by it instead, in the scope of {@link #readingAs}.
 */
public final class Tokens {
    /** What the thread reads words as: null for English and languages without an analysis of their own. */
    private static final ThreadLocal<Analysis> READING = new ThreadLocal<>();

    private Tokens() {
    }

    /**
     * A language's word normalisation: the lower-cased word in {@code w[0..n)} rewritten in place to its stem; returns
     * the stem's length; {@code w} has room for {@code 2n} chars (German's "ß" becomes "ss"). Must be safe to
     * call from several threads.
     */
    @FunctionalInterface
    public interface Stemmer {
        int stem(char[] w, int n);
    }

    /**
     * A language written without spaces between words (Japanese): the words of the run {@code text[start, end)} as
     * pairs of offsets into {@code text} ({@code {s0, e0, s1, e1, ...}}, in order, within the run); none when it
     * cannot tell. Must be safe to call from several threads.
     */
    @FunctionalInterface
    public interface Segmenter {
        int[] words(char[] text, int start, int end);
    }

    /**
     * The analyses of languages other than English, found with {@link java.util.ServiceLoader} (lucene-index provides
     * Lucene's), so every door reads a language the same way without a start-up call.
     */
    public interface Stemmers {
        /** The stemmer of each primary language subtag ("de", "fr") this provider knows. */
        java.util.Map<String, Stemmer> stemmers();

        /** The segmenter of each primary language subtag ("ja") this provider knows. */
        default java.util.Map<String, Segmenter> segmenters() {
            return java.util.Map.of();
        }
    }

    /** How a language's words are read: its stemmer and its segmenter, either null. */
    private record Analysis(Stemmer stemmer, Segmenter segmenter) {
    }

    private static final class Registry {
        static final java.util.Map<String, Analysis> LANGUAGES = load();

        private static java.util.Map<String, Analysis> load() {
            java.util.Map<String, Stemmer> stemmers = new java.util.HashMap<>();
            java.util.Map<String, Segmenter> segmenters = new java.util.HashMap<>();
            for (Stemmers s : java.util.ServiceLoader.load(Stemmers.class, Tokens.class.getClassLoader())) {
                stemmers.putAll(s.stemmers());
                segmenters.putAll(s.segmenters());
            }
            java.util.Map<String, Analysis> all = new java.util.HashMap<>();
            for (String l : stemmers.keySet()) {
                all.put(l, new Analysis(stemmers.get(l), segmenters.get(l)));
            }
            for (String l : segmenters.keySet()) {
                all.putIfAbsent(l, new Analysis(null, segmenters.get(l)));
            }
            return java.util.Map.copyOf(all);
        }
    }

    /** The primary subtag of a BCP 47 tag, lower-cased ("pt-BR" gives "pt"); "" for null or blank. */
    public static String primary(String language) {
        if (language == null || language.isBlank()) {
            return "";
        }
        String t = language.strip().toLowerCase(Locale.ROOT);
        int cut = t.indexOf('-') >= 0 ? t.indexOf('-') : t.indexOf('_');
        return cut < 0 ? t : t.substring(0, cut);
    }

    /**
     * Whether words of {@code language} (a BCP 47 tag) are read by an analysis of their own (a stemmer, a segmenter),
     * not as English.
     */
    public static boolean analysed(String language) {
        return Registry.LANGUAGES.containsKey(primary(language));
    }

    /** The languages read by an analysis of their own (primary subtags). */
    public static java.util.Set<String> analysedLanguages() {
        return Registry.LANGUAGES.keySet();
    }

    /**
     * Reads the words this thread tokenizes, until the returned scope is closed, as words of {@code language} (a BCP
     * 47 tag such as "de-DE", or "" when unknown): by its stemmer and segmenter, or by English's plural strip when it
     * has none. The index, the query and names read a page's words in the page's language this way, so they agree.
     */
    public static Reading readingAs(String language) {
        Analysis before = READING.get();
        READING.set(Registry.LANGUAGES.get(primary(language)));
        return () -> READING.set(before);
    }

    /** A scope of {@link #readingAs}; closing it reads words as before it was opened. */
    @FunctionalInterface
    public interface Reading extends AutoCloseable {
        @Override
        void close();
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
        private Stemmer stemmer;
        private Segmenter segmenter;
        /** The words of the run being split by the segmenter (offset pairs), and the next one's index. */
        private int[] split;
        private int splitAt;

        /**
         * Starts over on {@code text[0..length)}, which the cursor reads in place (not copied), in the language the
         * thread reads as now ({@link #readingAs}).
         */
        public void reset(char[] text, int length) {
            this.text = text;
            Analysis a = READING.get();
            this.stemmer = a == null ? null : a.stemmer();
            this.segmenter = a == null ? null : a.segmenter();
            split = null;
            this.length = length;
            at = 0;
            start = 0;
            end = 0;
            termLength = 0;
        }

        /** Moves to the next word; false when there is none. */
        public boolean next() {
            if (split != null && splitAt < split.length) {
                return word(split[splitAt++], split[splitAt++], false);
            }
            split = null;
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
            if (segmenter != null && !ascii) {
                int[] words = segmenter.words(text, start, at);
                if (words.length >= 2) {
                    split = words;
                    splitAt = 2;
                    return word(words[0], words[1], false);
                }
            }
            return word(start, at, ascii);
        }

        /** Makes {@code text[from, to)} the current word, lower-cased and stemmed. */
        private boolean word(int from, int to, boolean ascii) {
            start = from;
            end = to;
            if (ascii) {
                int n = end - start;
                ensure(2 * n);
                for (int i = 0; i < n; i++) {
                    char ch = text[start + i];
                    term[i] = ch >= 'A' && ch <= 'Z' ? (char) (ch + ('a' - 'A')) : ch;
                }
                termLength = stem(stemmer, term, n);
            } else {
                String lower = new String(text, start, end - start).toLowerCase(Locale.ROOT);
                ensure(2 * lower.length());
                lower.getChars(0, lower.length(), term, 0);
                termLength = stem(stemmer, term, lower.length());
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

    /**
     * Whether two tokens, one ending at {@code end} and the next starting at {@code start}, are one written word: a
     * single joiner between them, as in "TPC-B-like", "postgresql.auto.conf", "pour-over", "1.16", "don't".
     */
    public static boolean joined(CharSequence text, int end, int start) {
        if (start - end != 1) {
            return false;
        }
        char c = text.charAt(end);
        return c == '-' || c == '.' || c == '/' || c == '\'' || c == '’' || c == '_';
    }

    /** The written words of a phrase, as a reader counts them: tokens {@link #joined} into one word count once. */
    public static int writtenWords(String text) {
        List<Token> toks = tokenize(text);
        int n = 0;
        for (int i = 0; i < toks.size(); i++) {
            if (i == 0 || !joined(text, toks.get(i - 1).end(), toks.get(i).start())) {
                n++;
            }
        }
        return n;
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
        Analysis a = READING.get();
        return new String(w, 0, stem(a == null ? null : a.stemmer(), w, lower.length()));
    }

    /**
     * The light plural strip of the lower-cased word in {@code w[0..n)}, in place; returns its new length. Keeps
     * "class", "status", "analysis" intact, folds "tables" to "table" and "queries" to "query".
     */
    private static int stem(Stemmer s, char[] w, int n) {
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
