package dev.linker.index.rank;

import java.util.List;

/**
 * The signals a learned ranker sees for one (source, candidate) pair, in a fixed order: each score component, each
 * retriever's rank, and a few plain facts of the two pages. Everything is computed by the suggestion engine for every
 * candidate it ranks, the same way in every door; a source's own links never feed its own row (inbound counts,
 * authority and anchor names are taken without them when they are hidden, as in evaluation). Missing values are NaN
 * (an undated page has no date gap; a page the vector search did not return has no vector rank).
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

    public static final int DEFAULT_SCORE = 0;
    public static final int DEFAULT_RANK = 1;
    public static final int LEXICAL = 2;
    public static final int BM25 = 3;
    public static final int COSINE = 4;
    public static final int VECTOR_RANK = 5;
    public static final int LEXICAL_RANK = 6;
    public static final int NAME = 7;
    public static final int TITLE_WORDS = 8;
    public static final int TIME = 9;
    public static final int DATE_GAP = 10;
    public static final int AUTHORITY = 11;
    public static final int INBOUND = 12;
    public static final int CATEGORY_DISTANCE = 13;
    public static final int TARGET_WORDS = 14;
    public static final int SOURCE_WORDS = 15;
    public static final int TITLE_OVERLAP = 16;
    public static final int TITLE_IN_TEXT = 17;
    public static final int LINKS_BACK = 18;
    public static final int TARGET_LINKS = 19;
    public static final int SERP = 20;
    public static final int TFIDF = 21;
    public static final int SCORE_TO_BEST = 22;
    public static final int COSINE_TO_BEST = 23;
    public static final int TFIDF_TO_BEST = 24;

    /** Names, in order, as models and reports show them. */
    public static final List<String> NAMES = List.of("defaultScore", "defaultRank", "lexical", "bm25", "cosine",
            "vectorRank", "lexicalRank", "name", "titleWords", "time", "dateGapYears", "authority", "inbound",
            "categoryDistance", "targetWords", "sourceWords", "titleOverlap", "titleInText", "linksBack",
            "targetLinks", "serp", "tfidf", "scoreToBest", "cosineToBest", "tfidfToBest");

    public static final int COUNT = NAMES.size();
}
