package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;

/** A page a retriever found for a source, with what each retriever said of it; the ranking fills in the rest. */
final class Candidate {
    final int doc;
    double bm25;
    double cosine = Double.NaN;
    NameIndex.Mention mention;
    double serp;
    double title;
    /** Rank in the vector search's hits and in BM25's (1 = first), 0 when the retriever did not return it. */
    int vectorRank;
    int lexicalRank;

    Candidate(int doc) {
        this.doc = doc;
    }
}
