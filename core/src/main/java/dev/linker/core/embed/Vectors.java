package dev.linker.core.embed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Small vector helpers shared by the embedders. */
public final class Vectors {

    private Vectors() {
    }

    /** Dot product; for the unit vectors embedders return this is the cosine similarity. */
    public static float dot(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vector lengths differ: " + a.length + " vs " + b.length);
        }
        float s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /**
     * Dot product with the products in float and their sum in double: what suggestions rank and place anchors by
     * (steadier than {@link #dot} over 384 terms, and the figures of the corpora are measured with it).
     */
    public static double dotDouble(float[] a, float[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            d += a[i] * b[i];
        }
        return d;
    }

    /** Cosine similarity of any two non-zero vectors. */
    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        if (a.length != b.length) {
            throw new IllegalArgumentException("vector lengths differ: " + a.length + " vs " + b.length);
        }
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }

    public static double norm(float[] v) {
        double s = 0;
        for (float x : v) {
            s += (double) x * x;
        }
        return Math.sqrt(s);
    }

    /** Scales {@code v} in place to unit length (float arithmetic, as the reference model does); returns it. */
    static float[] normalizeInPlace(float[] v) {
        float sumSquare = 0;
        for (float x : v) {
            sumSquare += x * x;
        }
        float norm = (float) Math.sqrt(sumSquare);
        if (!(norm > 0) || Float.isInfinite(norm)) {
            throw new IllegalArgumentException("cannot normalise a zero or non-finite vector");
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= norm;
        }
        return v;
    }

    static String requireText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text to embed is null");
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("text to embed is blank (" + text.length() + " whitespace chars)");
        }
        return text;
    }

    /**
     * The word-piece ids of a text to embed (what the model and the static embedder read).
     *
     * @throws IllegalArgumentException if the text is blank or has no word pieces (only control characters)
     */
    static int[] wordPieces(WordPieceTokenizer tokenizer, String text) {
        requireText(text);
        int[] pieces = tokenizer.wordPieceIds(text);
        if (pieces.length == 0) {
            throw new IllegalArgumentException("text to embed has no tokens (only whitespace/control characters)");
        }
        return pieces;
    }

    /** Distinct texts in first-seen order, and for each input its position among them. */
    record Distinct(List<String> texts, int[] positionOf) {
        static Distinct of(List<String> texts) {
            Map<String, Integer> seen = new HashMap<>(texts.size() * 2);
            ArrayList<String> distinct = new ArrayList<>();
            int[] positionOf = new int[texts.size()];
            for (int i = 0; i < texts.size(); i++) {
                String t = requireText(texts.get(i));
                Integer at = seen.putIfAbsent(t, distinct.size());
                if (at == null) {
                    at = distinct.size();
                    distinct.add(t);
                }
                positionOf[i] = at;
            }
            return new Distinct(distinct, positionOf);
        }

        /** Spreads vectors of the distinct texts back to input order; repeats get their own copy. */
        List<float[]> spread(List<float[]> distinctVectors) {
            boolean[] used = new boolean[distinctVectors.size()];
            ArrayList<float[]> out = new ArrayList<>(positionOf.length);
            for (int p : positionOf) {
                float[] v = distinctVectors.get(p);
                out.add(used[p] ? v.clone() : v);
                used[p] = true;
            }
            return out;
        }
    }
}
