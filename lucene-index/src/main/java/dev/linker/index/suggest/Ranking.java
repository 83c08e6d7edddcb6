package dev.linker.index.suggest;

import dev.linker.core.result.LinkerException;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TreeModel;

/**
 * How candidates are ranked: by the index's learned ranker where it earned its place ({@link #AUTO}, the default),
 * always by the weights ({@link #WEIGHTS}: what {@code --weights} and {@code --ranker weights} ask for, and what an
 * evaluation of the weights needs), or by a ranker given from elsewhere (a Spark job's executors get the one
 * {@code linker index} learned).
 */
public record Ranking(Kind kind, LearnedRanker given) {
    public enum Kind { AUTO, WEIGHTS, GIVEN, LEARNED }

    public static final Ranking AUTO = new Ranking(Kind.AUTO, null);
    public static final Ranking WEIGHTS = new Ranking(Kind.WEIGHTS, null);
    /**
     * The index's learned model whatever its held-out decision, for drafts too ({@code --ranker learned}); an index
     * without a model this version can read is refused ({@link #check}).
     */
    public static final Ranking LEARNED = new Ranking(Kind.LEARNED, null);

    public static Ranking of(LearnedRanker r) {
        return r == null ? WEIGHTS : new Ranking(Kind.GIVEN, r);
    }

    /**
     * How drafts are ranked: by the weights, unless a ranker is given. The learned ranker is fitted on how the site's
     * pages link each other; a draft is a page not written yet, whose own subject should come first. On the
     * PostgreSQL drafts (lucene-index/README.md) the learned ranker put the wanted page lower in 12 of 28 drafts: 23 in
     * the top 5 against 24, acceptable anchors 15 against 18; learning from openings as drafts did not change that.
     */
    public Ranking forDrafts() {
        return kind == Kind.AUTO ? WEIGHTS : this;
    }

    /** The model to rank with, given the index's own learned ranker (may be null); null: rank by the weights. */
    TreeModel model(LearnedRanker indexed) {
        return switch (kind) {
            case AUTO -> indexed != null && indexed.used() ? indexed.model() : null;
            case LEARNED -> readable(indexed) ? indexed.model() : null;
            case WEIGHTS -> null;
            case GIVEN -> given.used() ? given.model() : null;
        };
    }

    /**
     * Refuses {@link #LEARNED} over an index ({@code where}) that has no model to force: never learned, too few links
     * to learn from, or learned by a version that reads other features. A {@link LinkerException}: the user's to fix.
     */
    public void check(LearnedRanker indexed, String where) {
        if (kind != Kind.LEARNED || readable(indexed)) {
            return;
        }
        String why = indexed == null ? "has not learned a ranker (indexed with --no-learn, or by an older Linker)"
                : indexed.model() == null ? "learned no model (" + indexed.report().reason() + ")"
                : "holds a model of features version " + indexed.features() + ", not " + RankFeatures.VERSION;
        throw new LinkerException(where + ": --ranker learned, but the index " + why + "; run 'linker index' on it "
                + "again, or use --ranker auto or --ranker weights");
    }

    private static boolean readable(LearnedRanker r) {
        return r != null && r.model() != null && r.features() == RankFeatures.VERSION;
    }
}
