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
 * Embeds drafts paragraph by paragraph, caching each paragraph's vector by the SHA-256 of its text: while an author
 * types, only the paragraph being edited is embedded again, not the whole 2,000-word draft. The draft's vector is the
 * mean of its paragraph vectors weighted by length, normalised. The cache is an LRU bounded by entry count.
 */
public final class DraftEmbedder {

    private final Embedder embedder;
    private final int maxEntries;
    private final Map<String, float[]> cache;
    private final LongAdder embedded = new LongAdder();
    private final LongAdder hits = new LongAdder();

    public DraftEmbedder(Embedder embedder, int maxEntries) {
        this.embedder = embedder;
        this.maxEntries = maxEntries;
        this.cache = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > DraftEmbedder.this.maxEntries;
            }
        };
    }

    /** The unit vector of the draft, or null when it has no text to embed. */
    public float[] embed(List<String> paragraphs) {
        int dim = embedder.dimension();
        float[] sum = new float[dim];
        double weightSum = 0;
        List<String> missing = new ArrayList<>();
        List<String> missingKeys = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>(paragraphs.size());
        List<String> keys = new ArrayList<>(paragraphs.size());
        for (String p : paragraphs) {
            String key = hash(p);
            keys.add(key);
            float[] v;
            synchronized (cache) {
                v = cache.get(key);
            }
            if (v == null && !missingKeys.contains(key)) {
                missing.add(p);
                missingKeys.add(key);
            } else if (v != null) {
                hits.increment();
            }
            vectors.add(v);
        }
        if (!missing.isEmpty()) {
            List<float[]> fresh = embedder.embedAll(missing);
            embedded.add(missing.size());
            synchronized (cache) {
                for (int i = 0; i < missing.size(); i++) {
                    cache.put(missingKeys.get(i), fresh.get(i));
                }
            }
            for (int i = 0; i < vectors.size(); i++) {
                if (vectors.get(i) == null) {
                    vectors.set(i, fresh.get(missingKeys.indexOf(keys.get(i))));
                }
            }
        }
        for (int i = 0; i < paragraphs.size(); i++) {
            double w = Math.sqrt(paragraphs.get(i).length()); // long paragraphs count more, but not linearly
            float[] v = vectors.get(i);
            for (int d = 0; d < dim; d++) {
                sum[d] += (float) (w * v[d]);
            }
            weightSum += w;
        }
        if (weightSum == 0) {
            return null;
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

    /** Paragraphs embedded since start (cache misses). */
    public long embeddedCount() {
        return embedded.sum();
    }

    /** Paragraphs served from the cache since start. */
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
