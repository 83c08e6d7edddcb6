package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A text's words and word pairs weighted by tf·idf (sublinear tf, as scikit-learn's), each part of unit length: the
 * TF-IDF cosine of two pages, on single words and on pairs of neighbouring words (a pair's rarity is its words'
 * mean). Words on half the pages or more count for nothing. Kept compactly — a 64-bit hash and a weight an entry, at
 * most {@value #MAX_ENTRIES} entries a part (the heaviest, weights made unit again) — as a site's candidates are
 * cached by the suggester.
 */
final class TermVector {
    /** Entries kept per part: enough for the cosine of a long page (the lightest entries barely count). */
    static final int MAX_ENTRIES = 256;
    /** ln(N/df) below this is a word on about half the pages or more. */
    private static final double COMMON = Math.log(2);

    private final Part words;
    private final Part pairs;

    private TermVector(Part words, Part pairs) {
        this.words = words;
        this.pairs = pairs;
    }

    /** The vector of a title and a body; {@code limit}: whether each part keeps only its heaviest entries. */
    static TermVector of(String title, List<Tokens.Token> body, ToDoubleFunction<String> idf, boolean limit) {
        Map<String, Integer> tf = new HashMap<>();
        Map<String, Integer> ptf = new HashMap<>();
        for (String t : Tokens.terms(title)) {
            tf.merge(t, 1, Integer::sum);
        }
        String prev = null;
        for (Tokens.Token t : body) {
            tf.merge(t.term(), 1, Integer::sum);
            if (prev != null) {
                ptf.merge(prev + " " + t.term(), 1, Integer::sum);
            }
            prev = t.term();
        }
        Map<String, Double> idfs = new HashMap<>();
        ToDoubleFunction<String> word = w -> idfs.computeIfAbsent(w, idf::applyAsDouble);
        Part w = Part.of(tf, word, limit);
        Part p = Part.of(ptf, k -> {
            int sp = k.indexOf(' ');
            return 0.5 * (word.applyAsDouble(k.substring(0, sp)) + word.applyAsDouble(k.substring(sp + 1)));
        }, limit);
        return new TermVector(w, p);
    }

    /** TF-IDF cosine on single words ({@code pairs} false) or on word pairs. */
    double cosine(TermVector o, boolean pairs) {
        return pairs ? this.pairs.dot(o.pairs) : words.dot(o.words);
    }

    /** Entries sorted by key, unit length. */
    private record Part(long[] keys, float[] values) {
        static Part of(Map<String, Integer> tf, ToDoubleFunction<String> idf, boolean limit) {
            int n = 0;
            String[] terms = new String[tf.size()];
            double[] weight = new double[tf.size()];
            for (Map.Entry<String, Integer> e : tf.entrySet()) {
                double i = idf.applyAsDouble(e.getKey());
                if (i < COMMON) {
                    continue;
                }
                terms[n] = e.getKey();
                weight[n++] = (1 + Math.log(e.getValue())) * i;
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            if (limit && n > MAX_ENTRIES) {
                Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : weight[b] != weight[a]
                        ? Double.compare(weight[b], weight[a]) : terms[a].compareTo(terms[b]));
                n = MAX_ENTRIES;
            }
            long[][] entries = new long[n][];
            double norm = 0;
            for (int i = 0; i < n; i++) {
                int j = order[i];
                entries[i] = new long[] {hash(terms[j]), Double.doubleToLongBits(weight[j])};
                norm += weight[j] * weight[j];
            }
            Arrays.sort(entries, (a, b) -> Long.compare(a[0], b[0]));
            long[] keys = new long[n];
            float[] values = new float[n];
            double len = Math.sqrt(norm);
            for (int i = 0; i < n; i++) {
                keys[i] = entries[i][0];
                values[i] = (float) (Double.longBitsToDouble(entries[i][1]) / len);
            }
            return new Part(keys, values);
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

    private static long hash(String s) {
        long h = 0xCBF29CE484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b;
            h *= 0x100000001B3L;
        }
        return h;
    }
}
