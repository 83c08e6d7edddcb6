package dev.linker.index.suggest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How {@link DraftEmbedder} cuts a draft into chunks and tells a changed chunk from a new one: sentence chunks of a
 * paragraph, a chunk's words as hashes, the word edit distance between two versions, the length-weighted mean of
 * chunk vectors, and the hash a chunk's vector is cached under.
 */
public final class DraftChunks {
    /**
     * Words per chunk, at least: sentences are added to a chunk until it has this many. On real pages 40 keeps the
     * draft vector as close to the whole-text embedding as paragraphs did (20: 0.936 instead of 0.977 on the example
     * site), at under half a paragraph's model time.
     */
    static final int MIN_WORDS = 40;

    private DraftChunks() {
    }

    /** The words of a text (split on whitespace), each as a hash of its characters (String.hashCode of the word). */
    static int[] wordHashes(String text) {
        int[] out = new int[16];
        int n = 0;
        int h = 0;
        boolean inWord = false;
        for (int i = 0, len = text.length(); i < len; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, n * 2);
                    }
                    out[n++] = h;
                    inWord = false;
                    h = 0;
                }
            } else {
                h = 31 * h + c;
                inWord = true;
            }
        }
        if (inWord) {
            if (n == out.length) {
                out = Arrays.copyOf(out, n + 1);
            }
            out[n++] = h;
        }
        return Arrays.copyOf(out, n);
    }

    /** Length-weighted mean, normalised: a whole-text embedding mean-pools every word piece alike. */
    static float[] mean(int[] weights, float[][] vectors, int dim) {
        float[] sum = new float[dim];
        for (int i = 0; i < vectors.length; i++) {
            float w = weights[i];
            float[] v = vectors[i];
            for (int d = 0; d < dim; d++) {
                sum[d] += w * v[d];
            }
        }
        double norm = 0;
        for (float x : sum) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return null;
        }
        for (int d = 0; d < dim; d++) {
            sum[d] /= (float) norm;
        }
        return sum;
    }

    /**
     * The chunks of a paragraph: split after . ! ? followed by a space, sentences joined until a chunk has
     * {@code minWords} words, a short remainder joined to the chunk before. Replacing a word never moves a boundary;
     * adding or removing one rarely does, and then only within its paragraph.
     */
    public static List<String> chunks(String paragraph) {
        return chunks(paragraph, MIN_WORDS);
    }

    static List<String> chunks(String paragraph, int minWords) {
        List<String> out = new ArrayList<>();
        String p = paragraph.strip();
        StringBuilder pending = new StringBuilder();
        int start = 0;
        int n = p.length();
        for (int i = 0; i < n; i++) {
            char c = p.charAt(i);
            boolean end = i + 1 == n
                    || (c == '.' || c == '!' || c == '?') && Character.isWhitespace(p.charAt(i + 1));
            if (!end) {
                continue;
            }
            String s = p.substring(start, i + 1).strip();
            start = i + 1;
            if (s.isEmpty()) {
                continue;
            }
            if (!pending.isEmpty()) {
                pending.append(' ');
            }
            pending.append(s);
            if (words(pending) >= minWords) {
                out.add(pending.toString());
                pending.setLength(0);
            }
        }
        if (!pending.isEmpty()) {
            if (out.isEmpty()) {
                out.add(pending.toString());
            } else {
                out.set(out.size() - 1, out.get(out.size() - 1) + " " + pending);
            }
        }
        return out;
    }

    private static int words(CharSequence s) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < s.length(); i++) {
            boolean space = Character.isWhitespace(s.charAt(i));
            if (!space && !in) {
                n++;
            }
            in = !space;
        }
        return n;
    }

    /**
     * Word-level edit distance (replace, insert, remove a word) between {@code a} and {@code b}, computed in a band of
     * width {@code limit}: any result above {@code limit} is reported as {@code limit + 1}. Time grows with
     * {@code a.length * limit}, not with both lengths: drafts compare each new chunk with every remembered one.
     */
    static int wordDistance(int[] a, int[] b, int limit) {
        if (Math.abs(a.length - b.length) > limit) {
            return limit + 1;
        }
        int n = a.length;
        int m = b.length;
        int big = limit + 1;
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j <= limit ? j : big;
        }
        for (int i = 1; i <= n; i++) {
            cur[0] = i <= limit ? i : big;
            int lo = Math.max(1, i - limit);
            int hi = Math.min(m, i + limit);
            // Only the band is computed: the two cells beside it are all this row and the next read of the rest.
            if (lo > 1) {
                cur[lo - 1] = big;
            }
            if (hi < m) {
                cur[hi + 1] = big;
            }
            int rowMin = cur[0];
            for (int j = lo; j <= hi; j++) {
                int d = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                d = Math.min(d, prev[j] + 1);
                d = Math.min(d, cur[j - 1] + 1);
                cur[j] = Math.min(d, big);
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (rowMin > limit) {
                return big;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[m], big);
    }
}
