package dev.linker.index.rank;

/**
 * One signal of a learned ranker's row ({@link RankFeatures}), named once: its place in the row is its ordinal, and
 * its {@link #id} is how models and reports name it. A new one goes last and raises {@link RankFeatures#VERSION}.
 */
public enum RankFeature {
    DEFAULT_SCORE("defaultScore"),
    DEFAULT_RANK("defaultRank"),
    LEXICAL("lexical"),
    BM25("bm25"),
    COSINE("cosine"),
    VECTOR_RANK("vectorRank"),
    LEXICAL_RANK("lexicalRank"),
    NAME("name"),
    TITLE_WORDS("titleWords"),
    TIME("time"),
    DATE_GAP("dateGapYears"),
    AUTHORITY("authority"),
    INBOUND("inbound"),
    CATEGORY_DISTANCE("categoryDistance"),
    TARGET_WORDS("targetWords"),
    SOURCE_WORDS("sourceWords"),
    TITLE_OVERLAP("titleOverlap"),
    TITLE_IN_TEXT("titleInText"),
    LINKS_BACK("linksBack"),
    TARGET_LINKS("targetLinks"),
    SERP("serp"),
    TFIDF("tfidf"),
    SCORE_TO_BEST("scoreToBest"),
    COSINE_TO_BEST("cosineToBest"),
    TFIDF_TO_BEST("tfidfToBest");

    /** The name models and reports use ("dateGapYears"). */
    public final String id;

    RankFeature(String id) {
        this.id = id;
    }
}
