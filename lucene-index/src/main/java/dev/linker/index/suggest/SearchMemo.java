package dev.linker.index.suggest;

import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Hits of recent vector and BM25 searches over one index version, keyed by the exact query. A draft edited by a word
 * often asks the same query again: a chunk whose vector was reused leaves the draft vector as it was, and a word
 * outside the draft's strongest terms leaves its BM25 query as it was. The same query over the same reader gives
 * the same hits, so a hit is exact; a new index version gets a new memo (it lives in the suggester's snapshot).
 */
final class SearchMemo {
    /**
     * Searches remembered, of both kinds: two per draft for ≈ 500 drafts edited at once on one server; ≈ 25 KB each
     * at most (a 128-clause BM25 query and its hits), ≈ 25 MB in all.
     */
    static final int ENTRIES = 1024;

    /** Counters over the suggester's lifetime (every index version), for metrics. */
    static final class Counters {
        final LongAdder vectorHits = new LongAdder();
        final LongAdder vectorSearches = new LongAdder();
        final LongAdder lexicalHits = new LongAdder();
        final LongAdder lexicalSearches = new LongAdder();
    }

    /** A search that can fail on I/O. */
    interface Search {
        ScoreDoc[] run() throws IOException;
    }

    /** A vector query: the vector's values (not the array's identity), k and the filter. */
    record VectorKey(float[] vector, int k, Query filter) {
        @Override
        public boolean equals(Object o) {
            return o instanceof VectorKey other && k == other.k && Arrays.equals(vector, other.vector)
                    && java.util.Objects.equals(filter, other.filter);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * Arrays.hashCode(vector) + k) + java.util.Objects.hashCode(filter);
        }
    }

    /** A BM25 query (Lucene queries compare by structure: terms, boosts, clauses) and the hits asked for. */
    record LexicalKey(Query query, int wanted) {
    }

    private final Map<Object, ScoreDoc[]> hits = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, ScoreDoc[]> eldest) {
            return size() > ENTRIES;
        }
    };

    /**
     * The hits of {@code key}'s query: remembered ones (counted in {@code hits}), else those {@code search} finds
     * (counted in {@code searches}), then remembered under {@code key}. Two threads missing the same key both search:
     * the same hits, and no lock held while searching.
     */
    ScoreDoc[] hits(Object key, LongAdder hitCount, LongAdder searchCount, Search search) throws IOException {
        ScoreDoc[] found;
        synchronized (this) {
            found = hits.get(key);
        }
        if (found != null) {
            hitCount.increment();
            return found;
        }
        searchCount.increment();
        found = search.run(); // not copied: callers only read hits
        synchronized (this) {
            hits.put(key, found);
        }
        return found;
    }
}
