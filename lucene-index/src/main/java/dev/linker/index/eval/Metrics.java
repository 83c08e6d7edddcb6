package dev.linker.index.eval;

import java.util.Locale;

/** Link-prediction quality, macro-averaged over the pages that have at least one real link. */
public record Metrics(int pages, double recallAt5, double precisionAt5, double ndcgAt10, double mrr) {
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "pages=%d recall@5=%.3f precision@5=%.3f nDCG@10=%.3f MRR=%.3f",
                pages, recallAt5, precisionAt5, ndcgAt10, mrr);
    }
}
