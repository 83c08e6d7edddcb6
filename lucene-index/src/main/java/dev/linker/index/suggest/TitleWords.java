package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * How much of a page's title a source says in its own words ({@link dev.linker.core.score.ScoreComponents#title}):
 * prose rarely writes a title as it is ("replacing godoc.org with pkg.go.dev" for "Redirecting godoc.org requests to
 * pkg.go.dev", "the new API for protocol buffers" for "A new Go API for Protocol Buffers"), but it writes its rare words
 * close together. The score is the summed rarity (ln N/df) of the title's words found within {@value #WINDOW} words of
 * each other — at least two of them, of a title of at least {@value #MIN_TITLE_WORDS} such words — relative to what
 * counts as a full name ({@code fullWeight}, as for name mentions), times the share of the title's rarity they cover.
 * Words on more than half the pages count for nothing.
 */
final class TitleWords {
    /** Words of the source a title's words must fall within. */
    static final int WINDOW = 12;
    /**
     * Titles need this many words that are not on most pages: the two words of a short title found apart say little
     * (on documentation they cost ranking: "Password Authentication" is not meant by "the password … authentication
     * method"), and a short title written whole is a name mention already.
     */
    static final int MIN_TITLE_WORDS = 3;

    /** Token positions in the source of each of the titles' words it has. */
    private final Map<String, int[]> positions = new HashMap<>();

    /** @param words the words of every title to be scored (only their positions are kept) */
    TitleWords(List<Tokens.Token> tokens, java.util.Set<String> words) {
        Map<String, int[]> at = new HashMap<>(); // {count, positions...}
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i).term();
            if (!words.contains(t)) {
                continue;
            }
            int[] p = at.get(t);
            if (p == null) {
                p = new int[5];
            } else if (p[0] + 1 == p.length) {
                p = Arrays.copyOf(p, p.length * 2);
            }
            p[++p[0]] = i;
            at.put(t, p);
        }
        at.forEach((t, p) -> positions.put(t, Arrays.copyOfRange(p, 1, p[0] + 1)));
    }

    /**
     * A title's words that are not on most pages, with their rarity (ln N/df); {@link #NONE} when it has fewer than
     * {@value #MIN_TITLE_WORDS}. The same for every source: computed once per page and index version.
     */
    record Title(String[] terms, double[] idf, double total) {
        static final Title NONE = new Title(new String[0], new double[0], 0);

        /** Every distinct word of a title with its rarity (ln N/df), however common or few. */
        static Title all(String title, ToIntFunction<String> docFreq, int docCount) {
            List<String> words = new ArrayList<>(new LinkedHashSet<>(Tokens.terms(title)));
            double[] idf = new double[words.size()];
            double total = 0;
            for (int i = 0; i < idf.length; i++) {
                idf[i] = Math.log((double) Math.max(1, docCount) / Math.max(1, docFreq.applyAsInt(words.get(i))));
                total += idf[i];
            }
            return new Title(words.toArray(String[]::new), idf, total);
        }

        /**
         * @param docFreq document frequency of a term over {@code docCount} pages
         */
        static Title of(String title, ToIntFunction<String> docFreq, int docCount) {
            List<String> words = new ArrayList<>(new LinkedHashSet<>(Tokens.terms(title)));
            List<String> rare = new ArrayList<>(words.size());
            double[] idf = new double[words.size()];
            double total = 0;
            for (String w : words) {
                int df = Math.max(1, docFreq.applyAsInt(w));
                if (df <= docCount / 2) {
                    idf[rare.size()] = Math.log((double) docCount / df);
                    total += idf[rare.size()];
                    rare.add(w);
                }
            }
            if (rare.size() < MIN_TITLE_WORDS || total <= 0) {
                return NONE;
            }
            return new Title(rare.toArray(String[]::new), Arrays.copyOf(idf, rare.size()), total);
        }
    }

    /** @param fullWeight rarity that counts as a full name */
    double score(Title title, double fullWeight) {
        String[] terms = title.terms();
        double[] idf = title.idf();
        int k = terms.length;
        int found = 0;
        for (String t : terms) {
            if (positions.containsKey(t)) {
                found++;
            }
        }
        if (found < 2) {
            return 0;
        }
        // Every occurrence of a title word, by position.
        List<Occurrence> occ = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            int[] p = positions.get(terms[i]);
            if (p != null) {
                for (int x : p) {
                    occ.add(new Occurrence(x, i));
                }
            }
        }
        occ.sort(java.util.Comparator.comparingInt(Occurrence::position));
        // The window ending at each occurrence: distinct title words within WINDOW positions.
        int[] count = new int[k];
        double sum = 0;
        int distinct = 0;
        int lo = 0;
        double bestSum = 0;
        for (int hi = 0; hi < occ.size(); hi++) {
            int w = occ.get(hi).word();
            if (count[w]++ == 0) {
                sum += idf[w];
                distinct++;
            }
            while (occ.get(hi).position() - occ.get(lo).position() >= WINDOW) {
                int v = occ.get(lo).word();
                if (--count[v] == 0) {
                    sum -= idf[v];
                    distinct--;
                }
                lo++;
            }
            if (distinct >= 2 && sum > bestSum) {
                bestSum = sum;
            }
        }
        if (bestSum <= 0) {
            return 0;
        }
        return Math.min(1.0, bestSum / fullWeight) * (bestSum / title.total());
    }

    /** A title word (its index in the title's terms) at a position of the text. */
    private record Occurrence(int position, int word) {
    }

    @Override
    public String toString() {
        return "TitleWords" + Arrays.toString(positions.keySet().toArray());
    }
}
