package dev.linker.index.suggest;

import dev.linker.core.embed.Embedder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Embeds drafts chunk by chunk ({@link DraftChunks}: whole sentences, at least {@value DraftChunks#MIN_WORDS} words,
 * within a paragraph), caching each chunk's vector by the SHA-256 of its text: while an author types, only the chunk being edited is embedded
 * again (≈ 50 word pieces, ≈ 4 ms on one core), not its paragraph or the whole 2,000-word draft. The draft's vector is
 * the mean of its chunk vectors weighted by length, normalised: close to the model's own whole-text embedding, which
 * mean-pools every word piece (cosines on real pages: BENCHMARKS.md, "Server"; single sentences lose too much
 * context). The cache is an LRU bounded by entry count.
 *
 * <p><b>Reuse across small edits.</b> While an author types, most requests change a word or two of one chunk. For a
 * draft identified by a key (the request's URL, else its title; no key, no reuse), the embedder remembers, for each
 * chunk position of the draft's last request, the words of the text whose vector it computed and that vector. A chunk
 * missing from the cache that differs from a remembered chunk of the same draft by at most {@code reuseWords} words
 * (word-level edit distance: replaced, inserted or removed words) and at most 10 % of its words takes that chunk's
 * vector instead of a model run, as long as the changed words of all reused chunks of the draft together stay within
 * 1 % of its words, 2 % from 1,000 words on (in a short draft one chunk weighs much; past that budget the most-changed
 * chunks are embedded again first). The distance is always to the text the vector was computed from, so edits
 * accumulate: once they pass the threshold the chunk is embedded for real and becomes the new base. A rewritten chunk
 * is never approximated; reused vectors never enter the text cache (it holds model outputs only). The per-draft state
 * is an LRU of {@value #REUSE_DRAFTS} drafts.
 */
public final class DraftEmbedder {

    /**
     * Drafts whose chunk state is remembered for reuse, at most; and at most as many chunks in all as the cache holds
     * entries (each a vector, often the cache's own, and its words' hashes), so reuse at most doubles the cache's
     * memory.
     */
    static final int REUSE_DRAFTS = 2_000;
    /** Reuse only while at most this share of a chunk's words has changed since its vector was computed. */
    static final double REUSE_SHARE = 0.10;
    /**
     * And while the changed words of all reused chunks together are at most this share of the draft's words: in a
     * short draft one chunk is much of the vector, and one word can turn a 70-word chunk's vector by cos 0.92
     * (examples/site): a draft under 100 words never reuses, a 500-word draft reuses up to 5 changed words.
     */
    static final double REUSE_DRAFT_SHARE = 0.01;
    /**
     * The share a long draft may reuse, reached at {@value #REUSE_LONG_WORDS} words (linearly from
     * {@value #REUSE_SHORT_WORDS}): one edit moves
     * a long draft's vector far less (cos 0.9999 per edit on PostgreSQL pages of 300–2,000 words, 0.997 on the example
     * site's pages of about 250), and at 2 % its reused vector stays as close to the exact one as at 1 % (cos mean
     * 0.9998, the same top-5 nearest pages 99.6 % of the time, DraftVectorQualityTest), while a typing author's
     * requests need 38 % fewer model runs (0.52 → 0.32 chunks per edit on the server benchmark's drafts). A flat 2 %
     * fails the example site's bound (cos mean 0.9978).
     */
    static final double REUSE_LONG_SHARE = 0.02;
    static final int REUSE_LONG_WORDS = 1_000;
    /** Up to this many words a draft reuses {@link #REUSE_DRAFT_SHARE}. */
    static final int REUSE_SHORT_WORDS = 500;

    /** The changed words a draft of {@code words} words may carry in reused chunk vectors, all chunks together. */
    static int reuseBudget(int words) {
        double longer = Math.max(0, Math.min(1,
                (words - REUSE_SHORT_WORDS) / (double) (REUSE_LONG_WORDS - REUSE_SHORT_WORDS)));
        return (int) Math.floor((REUSE_DRAFT_SHARE + longer * (REUSE_LONG_SHARE - REUSE_DRAFT_SHARE)) * words);
    }

    private final Embedder embedder;
    private final int maxEntries;
    private final int minWords;
    private final Map<String, float[]> cache;
    private final LongAdder embedded = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder reused = new LongAdder();
    private final LongAdder spans = new LongAdder();
    private final int reuseWords;
    /** Draft key -> its chunks at its last request: the words each vector was computed from, and the vector. */
    private final Map<String, Base[]> bases;
    /** Chunks remembered in {@link #bases}, in all (guarded by it). */
    private int rememberedChunks;

    /**
     * A vector and the words (hashed) and length of the text the model computed it from. A reused vector keeps the
     * weight of that text in the draft's mean, so a draft whose edits all fall in reused chunks keeps the very
     * same vector, and the suggester can answer its vector search from its memo.
     */
    record Base(int[] words, float[] vector, int chars) {
    }

    public DraftEmbedder(Embedder embedder, int maxEntries) {
        this(embedder, maxEntries, DraftChunks.MIN_WORDS, 0);
    }

    public DraftEmbedder(Embedder embedder, int maxEntries, int reuseWords) {
        this(embedder, maxEntries, DraftChunks.MIN_WORDS, reuseWords);
    }

    DraftEmbedder(Embedder embedder, int maxEntries, int minWords, int reuseWords) {
        this.embedder = embedder;
        this.maxEntries = maxEntries;
        this.minWords = minWords;
        this.reuseWords = reuseWords;
        this.bases = new LinkedHashMap<>(64, 0.75f, true);
        this.cache = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > DraftEmbedder.this.maxEntries;
            }
        };
    }

    /** The unit vector of the draft (its paragraphs, whitespace collapsed), or null when it has no text to embed. */
    public float[] embed(List<String> paragraphs) {
        return embed(null, paragraphs);
    }

    /**
     * The unit vector of the draft, reusing vectors of this draft's earlier chunks for chunks changed by a few words
     * (class comment) when {@code draftKey} is not null and reuse is on.
     */
    public float[] embed(String draftKey, List<String> paragraphs) {
        List<String> units = new ArrayList<>();
        for (String p : paragraphs) {
            units.addAll(DraftChunks.chunks(p, minWords));
        }
        // A chunk of only invisible characters (NUL, U+202E, lone surrogates …) has no word piece to embed.
        units.removeIf(u -> !dev.linker.core.embed.WordPieceTokenizer.hasWordPieces(u));
        if (units.isEmpty()) {
            return null;
        }
        float[][] vectors = new float[units.size()][];
        String[] keys = new String[units.size()];
        Map<String, String> missing = new LinkedHashMap<>(); // key -> text, each distinct text once
        for (int i = 0; i < units.size(); i++) {
            keys[i] = dev.linker.core.embed.EmbedText.hash(units.get(i));
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
        boolean reuse = draftKey != null && reuseWords > 0;
        Base[] before = null;
        Base[] now = reuse ? new Base[units.size()] : null;
        int[][] words = reuse ? new int[units.size()][] : null;
        if (reuse) {
            synchronized (bases) {
                before = bases.get(draftKey);
            }
            for (int i = 0; i < units.size(); i++) {
                words[i] = DraftChunks.wordHashes(units.get(i));
            }
        }
        if (before != null && !missing.isEmpty()) {
            int draftWords = 0;
            for (int[] w : words) {
                draftWords += w.length;
            }
            int budget = reuseBudget(draftWords);
            // Candidates by their drift, least first: when the budget runs out, the most-changed chunks are the
            // ones embedded again (one model run then removes the most drift).
            List<int[]> candidates = new ArrayList<>(); // {position, distance}
            Base[] found = new Base[units.size()];
            for (int i = 0; i < units.size(); i++) {
                if (vectors[i] != null || !missing.containsKey(keys[i])) {
                    continue;
                }
                Base b = similar(before, i, words[i]);
                if (b != null) {
                    found[i] = b;
                    candidates.add(new int[] {i, DraftChunks.wordDistance(b.words(), words[i], reuseWords)});
                }
            }
            candidates.sort(java.util.Comparator.comparingInt((int[] c) -> c[1]).thenComparingInt(c -> c[0]));
            for (int[] c : candidates) {
                if (c[1] > budget) {
                    break;
                }
                budget -= c[1];
                vectors[c[0]] = found[c[0]].vector();
                now[c[0]] = found[c[0]];
                reused.increment();
            }
            missing.clear();
            for (int i = 0; i < units.size(); i++) {
                if (vectors[i] == null) {
                    missing.putIfAbsent(keys[i], units.get(i));
                }
            }
        }
        if (!missing.isEmpty()) {
            fill(vectors, keys, missing, embedder::embedAll);
            embedded.add(missing.size());
        }
        if (reuse) {
            for (int i = 0; i < units.size(); i++) {
                if (now[i] == null) {
                    now[i] = new Base(words[i], vectors[i], units.get(i).length()); // exact: this text is its base
                }
            }
            synchronized (bases) {
                Base[] old = bases.put(draftKey, now);
                rememberedChunks += now.length - (old == null ? 0 : old.length);
                var eldest = bases.entrySet().iterator();
                while ((bases.size() > REUSE_DRAFTS || rememberedChunks > maxEntries) && bases.size() > 1) {
                    var e = eldest.next();
                    if (e.getKey().equals(draftKey)) {
                        continue; // the draft just served stays
                    }
                    rememberedChunks -= e.getValue().length;
                    eldest.remove();
                }
            }
        }
        int[] weights = new int[units.size()];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = now != null && now[i] != null ? now[i].chars() : units.get(i).length();
        }
        return DraftChunks.mean(weights, vectors, embedder.dimension());
    }

    /**
     * Vectors of short texts (candidate anchor spans) in input order, through the same cache as chunks: an author's
     * next request asks for mostly the same spans again.
     */
    public List<float[]> embedTexts(List<String> texts) {
        float[][] out = new float[texts.size()][];
        String[] keys = new String[texts.size()];
        Map<String, String> missing = new LinkedHashMap<>();
        synchronized (cache) {
            for (int i = 0; i < texts.size(); i++) {
                keys[i] = dev.linker.core.embed.EmbedText.hash(texts.get(i));
                out[i] = cache.get(keys[i]);
                if (out[i] == null) {
                    missing.putIfAbsent(keys[i], texts.get(i));
                }
            }
        }
        if (!missing.isEmpty()) {
            fill(out, keys, missing, embedder::embedAll);
            spans.add(missing.size());
        }
        return Arrays.asList(out);
    }

    /**
     * Embeds the {@code missing} texts (cache key → text) in one batch, keeps their vectors in the cache, and fills
     * each empty slot of {@code vectors} with its key's.
     */
    private void fill(float[][] vectors, String[] keys, Map<String, String> missing,
                      java.util.function.Function<List<String>, List<float[]>> embed) {
        List<float[]> fresh = embed.apply(new ArrayList<>(missing.values()));
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

    /**
     * A remembered chunk of the draft within the threshold of {@code words}: the one at the same position first, then
     * any other (a paragraph added above shifts positions); null when none is.
     */
    private Base similar(Base[] before, int position, int[] words) {
        if (position < before.length) {
            Base b = before[position];
            if (within(b.words(), words)) {
                return b;
            }
        }
        for (int j = 0; j < before.length; j++) {
            if (j != position && within(before[j].words(), words)) {
                return before[j];
            }
        }
        return null;
    }

    private boolean within(int[] base, int[] words) {
        int limit = Math.min(reuseWords, (int) Math.floor(REUSE_SHARE * base.length));
        return limit > 0 && DraftChunks.wordDistance(base, words, limit) <= limit;
    }

    /** Chunks embedded since start (cache misses). */
    public long embeddedCount() {
        return embedded.sum();
    }

    /** Short texts (candidate anchor spans, page names) embedded since start, apart from chunks. */
    public long spansEmbeddedCount() {
        return spans.sum();
    }

    /** Chunks served from the cache since start. */
    public long cacheHits() {
        return hits.sum();
    }

    /** Chunks whose vector came from an earlier, slightly different version of the same draft since start. */
    public long reusedCount() {
        return reused.sum();
    }

    /** The chunks remembered for a draft (tests). */
    Base[] remembered(String draftKey) {
        synchronized (bases) {
            return bases.get(draftKey);
        }
    }

    /** Chunks remembered for reuse, in all drafts. */
    public int reuseChunks() {
        synchronized (bases) {
            return rememberedChunks;
        }
    }

    /** Drafts whose chunks are remembered for reuse. */
    public int reuseDrafts() {
        synchronized (bases) {
            return bases.size();
        }
    }

    public int cacheSize() {
        synchronized (cache) {
            return cache.size();
        }
    }
}
