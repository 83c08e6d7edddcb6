package dev.linker.server.engine;

import dev.linker.index.embed.Embedder;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Embeds drafts chunk by chunk — whole sentences, at least {@value #MIN_WORDS} words, within a paragraph — caching
 * each chunk's vector by the SHA-256 of its text: while an author types, only the chunk being edited is embedded
 * again (≈ 50 word pieces, ≈ 4 ms on one core), not its paragraph or the whole 2,000-word draft. The draft's vector is
 * the mean of its chunk vectors weighted by length, normalised: close to the model's own whole-text embedding, which
 * mean-pools every word piece (cosines on real pages: BENCHMARKS.md, "Server"; single sentences lose too much
 * context). The cache is an LRU bounded by entry count.
 */
public final class DraftEmbedder {

    /**
     * Words per chunk, at least: sentences are added to a chunk until it has this many. On real pages 40 keeps the
     * draft vector as close to the whole-text embedding as paragraphs did (20: 0.936 instead of 0.977 on the example
     * site), at under half a paragraph's model time.
     */
    static final int MIN_WORDS = 40;

    private final Embedder embedder;
    private final int maxEntries;
    private final int minWords;
    private final Map<String, float[]> cache;
    private final LongAdder embedded = new LongAdder();
    private final LongAdder hits = new LongAdder();

    public DraftEmbedder(Embedder embedder, int maxEntries) {
        this(embedder, maxEntries, MIN_WORDS);
    }

    DraftEmbedder(Embedder embedder, int maxEntries, int minWords) {
        this.embedder = embedder;
        this.maxEntries = maxEntries;
        this.minWords = minWords;
        this.cache = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > DraftEmbedder.this.maxEntries;
            }
        };
    }

    /** The unit vector of the draft (its paragraphs, whitespace collapsed), or null when it has no text to embed. */
    public float[] embed(List<String> paragraphs) {
        List<String> units = new ArrayList<>();
        for (String p : paragraphs) {
            units.addAll(chunks(p, minWords));
        }
        if (units.isEmpty()) {
            return null;
        }
        float[][] vectors = new float[units.size()][];
        String[] keys = new String[units.size()];
        Map<String, String> missing = new LinkedHashMap<>(); // key -> text, each distinct text once
        for (int i = 0; i < units.size(); i++) {
            keys[i] = hash(units.get(i));
        }
        synchronized (cache) {
            for (int i = 0; i < units.size(); i++) {
                vectors[i] = cache.get(keys[i]);
                if (vectors[i] == null) {
                    missing.putIfAbsent(keys[i], units.get(i));
                } else {
                    hits.increment();
                }
            }
        }
        if (!missing.isEmpty()) {
            List<String> texts = new ArrayList<>(missing.values());
            List<float[]> fresh = embedder.embedAll(texts);
            embedded.add(texts.size());
            Map<String, float[]> byKey = new java.util.HashMap<>();
            int k = 0;
            for (String key : missing.keySet()) {
                byKey.put(key, fresh.get(k++));
            }
            synchronized (cache) {
                cache.putAll(byKey);
            }
            for (int i = 0; i < vectors.length; i++) {
                if (vectors[i] == null) {
                    vectors[i] = byKey.get(keys[i]);
                }
            }
        }
        return mean(units, vectors, embedder.dimension());
    }

    /** Length-weighted mean, normalised: a whole-text embedding mean-pools every word piece alike. */
    static float[] mean(List<String> units, float[][] vectors, int dim) {
        float[] sum = new float[dim];
        for (int i = 0; i < vectors.length; i++) {
            float w = units.get(i).length();
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

    /** Chunks embedded since start (cache misses). */
    public long embeddedCount() {
        return embedded.sum();
    }

    /** Chunks served from the cache since start. */
    public long cacheHits() {
        return hits.sum();
    }

    public int cacheSize() {
        synchronized (cache) {
            return cache.size();
        }
    }

    static String hash(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
