package dev.linker.index.suggest;

import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;

/** Matches the documents of prebuilt per-segment bit sets (a plan's acceptors), so HNSW can use them as is. */
final class BitSetQuery extends Query {
    private final FixedBitSet[] bits;
    /** Set bits per segment, counted once: a recount per donor would scan every segment's bits per query. */
    private final int[] cardinality;

    BitSetQuery(FixedBitSet[] bits) {
        this.bits = bits;
        this.cardinality = new int[bits.length];
        for (int i = 0; i < bits.length; i++) {
            cardinality[i] = bits[i].cardinality();
        }
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
        return new ConstantScoreWeight(this, boost) {
            @Override
            public ScorerSupplier scorerSupplier(LeafReaderContext ctx) {
                FixedBitSet b = bits[ctx.ord];
                int card = cardinality[ctx.ord];
                if (card == 0) {
                    return null;
                }
                Scorer sc = new ConstantScoreScorer(score(), scoreMode,
                        new BitSetIterator(b, card));
                return new Weight.DefaultScorerSupplier(sc);
            }

            @Override
            public boolean isCacheable(LeafReaderContext ctx) {
                return false;
            }
        };
    }

    @Override
    public String toString(String field) {
        return "acceptors";
    }

    @Override
    public void visit(QueryVisitor visitor) {
        visitor.visitLeaf(this);
    }

    @Override
    public boolean equals(Object o) {
        return o == this;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
