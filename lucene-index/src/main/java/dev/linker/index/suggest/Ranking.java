package dev.linker.index.suggest;

import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.TreeModel;

/**
 * How candidates are ranked: by the index's learned ranker where it earned its place ({@link #AUTO}, the default),
 * always by the weights ({@link #WEIGHTS}: what {@code --weights} and {@code --ranker weights} ask for, and what an
 * evaluation of the weights needs), or by a ranker given from elsewhere (a Spark job's executors get the one
 * {@code linker index} learned).
 */
public record Ranking(Kind kind, LearnedRanker given) {
    public enum Kind { AUTO, WEIGHTS, GIVEN }

    public static final Ranking AUTO = new Ranking(Kind.AUTO, null);
    public static final Ranking WEIGHTS = new Ranking(Kind.WEIGHTS, null);

    public static Ranking of(LearnedRanker r) {
        return r == null ? WEIGHTS : new Ranking(Kind.GIVEN, r);
    }

    /** The model to rank with, given the index's own learned ranker (may be null); null: rank by the weights. */
    TreeModel model(LearnedRanker indexed) {
        LearnedRanker r = switch (kind) {
            case AUTO -> indexed;
            case WEIGHTS -> null;
            case GIVEN -> given;
        };
        return r != null && r.used() ? r.model() : null;
    }
}
