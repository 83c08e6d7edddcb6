package dev.linker.index.suggest;

import dev.linker.core.result.LinkerException;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TreeModel;

/**
 * How candidates are ranked, decided here for every door: by what earned its place ({@link #AUTO}, the default) — the
 * index's own learned ranker where it beat the prior and the weights on the site's held-out pages, else the prior
 * learned from other sites ({@link Prior}) on a site it serves, else the weights; always by the weights
 * ({@link #WEIGHTS}: {@code --weights}, {@code --ranker weights}, and what an evaluation of the weights needs); by
 * the index's model or the prior whatever the decision ({@link #LEARNED}, {@link #PRIOR}); or by a ranker given from
 * elsewhere, in the index's place (a Spark job's executors get the one its driver learned).
 */
public record Ranking(Kind kind, LearnedRanker given) {
    public enum Kind { AUTO, WEIGHTS, GIVEN, LEARNED, PRIOR }

    public static final Ranking AUTO = new Ranking(Kind.AUTO, null);
    public static final Ranking WEIGHTS = new Ranking(Kind.WEIGHTS, null);
    /**
     * The index's learned model whatever its held-out decision, for drafts too ({@code --ranker learned}); an index
     * without a model this version can read is refused ({@link #check}).
     */
    public static final Ranking LEARNED = new Ranking(Kind.LEARNED, null);
    /** The bundled prior whatever the site, for drafts too ({@code --ranker prior}). */
    public static final Ranking PRIOR = new Ranking(Kind.PRIOR, null);

    /** A ranker from elsewhere in the index's place: its model where it was chosen, else as {@link #AUTO} goes on. */
    public static Ranking of(LearnedRanker r) {
        return r == null ? WEIGHTS : new Ranking(Kind.GIVEN, r);
    }

    /**
     * The model indexed pages rank by, given the index's own learned ranker (may be null) and whether the prior
     * serves the site ({@link Prior#serves}: its pages are mostly undated); null: the weights.
     */
    TreeModel model(LearnedRanker indexed, boolean priorServes) {
        return switch (kind) {
            case AUTO -> chosen(indexed, priorServes);
            case GIVEN -> chosen(given, priorServes);
            case LEARNED -> readable(indexed) ? indexed.model() : null;
            case PRIOR -> prior().model();
            case WEIGHTS -> null;
        };
    }

    /**
     * The model drafts (the editor, {@code suggest --text-file}, briefs' queries) rank by. A site's own model learned
     * how its pages link each other; a draft, whose own subject should come first, is another kind of query: on the
     * PostgreSQL drafts the learned ranker put the wanted page lower in 12 of 28 (23 in the top 5 against 24 for the
     * weights). So drafts rank by the prior where it serves and measured better on held-out drafts
     * ({@link Prior#drafts}), else by the weights; a given, forced or asked-for ranker ranks them too.
     */
    TreeModel draftModel(LearnedRanker indexed, boolean priorServes) {
        return switch (kind) {
            case AUTO -> priorHere(indexed, priorServes) && prior().drafts() ? prior().model() : null;
            case GIVEN -> given.used() ? given.model() : null;
            default -> model(indexed, priorServes);
        };
    }

    /**
     * What ranks: what learning chose from the site's links (its own model, the prior or the weights), else — nothing
     * learned, too few links, a report from before the prior — the prior where it serves the site as it is now (a
     * site that grows past {@link Prior#MIN_CONTENT} pages through the API is ranked by it from then on).
     */
    private static TreeModel chosen(LearnedRanker r, boolean priorServes) {
        if (r != null && r.used()) {
            return r.model();
        }
        return priorHere(r, priorServes) ? prior().model() : null;
    }

    /** Whether the prior ranks here (see {@link #chosen}). */
    private static boolean priorHere(LearnedRanker r, boolean priorServes) {
        // Only a held-out comparison decides against the census: too few links to learn from (no model), or a model
        // learned by a version reading other features, decided nothing, and the site as it is now decides.
        String ranks = r == null || r.used() || r.model() == null || r.features() != RankFeatures.VERSION ? null
                : r.report().ranks();
        return Prior.bundled() != null && (LearnedRanker.Report.PRIOR.equals(ranks) || ranks == null && priorServes);
    }

    private static Prior prior() {
        return Prior.bundled();
    }

    /**
     * Refuses {@link #LEARNED} over an index ({@code where}) that has no model to force: never learned, too few links
     * to learn from, or learned by a version that reads other features; and {@link #PRIOR} where none is bundled. A
     * {@link LinkerException}: the user's to fix.
     */
    public void check(LearnedRanker indexed, String where) {
        if (kind == Kind.PRIOR && Prior.bundled() == null) {
            throw new LinkerException(where + ": --ranker prior, but this build of Linker carries no prior for "
                    + "features version " + RankFeatures.VERSION + "; use --ranker auto or --ranker weights");
        }
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
