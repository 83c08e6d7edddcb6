package dev.linker.index.rank;

import java.util.Arrays;
import java.util.List;

/**
 * The signals a learned ranker sees for one (source, candidate) pair, in a fixed order: each score component, each
 * retriever's rank, and a few plain facts of the two pages. Everything is computed by the suggestion engine for every
 * candidate it ranks, the same way in every door; a source's own links never feed its own row (inbound counts,
 * authority and anchor names are taken without them when they are hidden, as in evaluation). Missing values are NaN
 * (an undated page has no date gap; a page the vector search did not return has no vector rank). The features
 * themselves, in order and by name: {@link RankFeature}.
 */
public final class RankFeatures {
    private RankFeatures() {
    }

    /** The feature set's version: a model trained on another version is not used. */
    public static final int VERSION = 4;

    /**
     * A learned ranker re-ranks the weights' first this many candidates of a source, what it learned from: the
     * weights' order finds the rest, and features cost time. Held-out recall@5 with 40, 60 and 100 (3 splits each):
     * PostgreSQL 0.835, 0.838, 0.837; the Rust blogs 0.839, 0.839, 0.836; go-blog 0.738, 0.746, 0.751.
     */
    public static final int RERANKED = 60;

    /** Names, in order ({@link RankFeature}'s), as models and reports show them. */
    public static final List<String> NAMES = Arrays.stream(RankFeature.values()).map(f -> f.id).toList();

    /** Features in a row. */
    public static final int COUNT = NAMES.size();
}
