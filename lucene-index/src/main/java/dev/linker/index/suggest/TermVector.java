package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A text's words weighted by tf·idf (sublinear tf, as scikit-learn's), of unit length: the TF-IDF cosine of two
 * pages. Words on half the pages or more count for nothing. Kept compactly — a 64-bit hash and a weight an entry, at
 * most {@value #MAX_ENTRIES} entries (the heaviest, weights made unit again) — as a site's candidates are cached by the
 * suggester. (Word pairs were measured too: they taught a learned ranker nothing the words had not, and cost a draft's
 * edit a third of a millisecond.)
 */
final class TermVector {
    /** Entries kept per part: enough for the cosine of a long page (the lightest entries barely count). */
    static final int MAX_ENTRIES = 256;
    /** ln(N/df) below this is a word on about half the pages or more. */
    private static final double COMMON = Math.log(2);

    private final Part words;

    private TermVector(Part words) {
        this.words = words;
    }

    /**
     * The vector of a text's word counts ({@link #counts}); {@code limit}: whether it keeps only its
     * heaviest entries.
     */
    static TermVector of(Map<String, Integer> counts, ToDoubleFunction<String> idf, boolean limit) {
        return new TermVector(Part.of(counts, idf, limit));
    }

    /** TF-IDF cosine of the two texts. */
    double cosine(TermVector o) {
        return words.dot(o.words);
    }

    /** Entries sorted by key, unit length. */
    private record Part(long[] keys, float[] values) {
        static Part of(Map<String, Integer> tf, ToDoubleFunction<String> idfs, boolean limit) {
            int n = 0;
            long[] keys = new long[tf.size()];
            double[] weight = new double[tf.size()];
            for (Map.Entry<String, Integer> e : tf.entrySet()) {
                double idf = idfs.applyAsDouble(e.getKey());
                if (idf < COMMON) {
                    continue;
                }
                keys[n] = hash(e.getKey());
                weight[n++] = (1 + Math.log(e.getValue())) * idf;
            }
            if (limit && n > MAX_ENTRIES) {
                // The heaviest entries (ties by key, so the same text keeps the same ones).
                Integer[] order = new Integer[n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
                Arrays.sort(order, (a, b) -> weight[a] != weight[b] ? Double.compare(weight[b], weight[a])
                        : Long.compare(keys[a], keys[b]));
                long[] k = new long[MAX_ENTRIES];
                double[] w = new double[MAX_ENTRIES];
                for (int i = 0; i < MAX_ENTRIES; i++) {
                    k[i] = keys[order[i]];
                    w[i] = weight[order[i]];
                }
                System.arraycopy(k, 0, keys, 0, MAX_ENTRIES);
                System.arraycopy(w, 0, weight, 0, MAX_ENTRIES);
                n = MAX_ENTRIES;
            }
            Integer[] byKey = new Integer[n];
            double norm = 0;
            for (int i = 0; i < n; i++) {
                byKey[i] = i;
                norm += weight[i] * weight[i];
            }
            Arrays.sort(byKey, (a, b) -> Long.compare(keys[a], keys[b]));
            long[] sorted = new long[n];
            float[] values = new float[n];
            double len = Math.sqrt(norm);
            for (int i = 0; i < n; i++) {
                sorted[i] = keys[byKey[i]];
                values[i] = (float) (weight[byKey[i]] / len);
            }
            return new Part(sorted, values);
        }

        double dot(Part o) {
            Part small = keys.length <= o.keys.length ? this : o;
            Part large = small == this ? o : this;
            double d = 0;
            for (int i = 0; i < small.keys.length; i++) {
                int j = Arrays.binarySearch(large.keys, small.keys[i]);
                if (j >= 0) {
                    d += small.values[i] * large.values[j];
                }
            }
            return d;
        }
    }

    /** 64 bits of a term (FNV-1a over its characters). */
    private static long hash(String s) {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001B3L;
        }
        return h;
    }

    /** How often each word occurs in a title and a text (the title's words count too). */
    static Map<String, Integer> counts(String title, List<Tokens.Token> body) {
        Map<String, Integer> tf = new HashMap<>();
        for (String t : Tokens.terms(title)) {
            tf.merge(t, 1, Integer::sum);
        }
        for (Tokens.Token t : body) {
            tf.merge(t.term(), 1, Integer::sum);
        }
        return tf;
    }
}
