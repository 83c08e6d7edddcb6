package dev.linker.index.eval;

import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;

import java.util.Locale;

/**
 * What ranks a site's pages after learning from its links ({@link LearnedRanker.Report#ranks}), and why: its own
 * model, the prior learned from other sites ({@link Prior}) or the weights, each judged on the same held-out pages.
 *
 * @param ranks  {@link LearnedRanker.Report#LEARNED}, {@link LearnedRanker.Report#PRIOR} or
 *               {@link LearnedRanker.Report#WEIGHTS}
 * @param reason why, in words a user can act on
 */
public record RankerDecision(String ranks, String reason) {
    /**
     * One ranking replaces another when its recall@5 on held-out pages beats the other's by at least this much
     * (absolute) and by more than {@link #STANDARD_ERRORS} standard errors of the per-page difference: a gain, not the
     * luck of the split.
     */
    public static final double MARGIN = 0.01;
    public static final double STANDARD_ERRORS = 2;

    /**
     * The prior on the pages the cross-validation judged: its recall@5 and the standard errors of the site's own
     * model's and of the weights' per-page difference from it.
     */
    public record PriorCheck(Metrics prior, double learnedVsPrior, double weightsVsPrior) {
    }

    /**
     * One ranking replaces another when its held-out recall@5 beats it by at least {@link #MARGIN} and by more than
     * {@link #STANDARD_ERRORS} standard errors of the per-page difference. Without a prior (it does not serve the
     * site, or learned from it): the site's own model against the weights. With one, the prior is where the site
     * starts — it won on every group of sites held out of it — and the site's own model replaces it where it beats
     * it, the weights where they beat it.
     */
    public static RankerDecision decide(Metrics weights, Metrics learned, double standardError, PriorCheck pc,
                                        boolean priorServes, Prior.Site trainedOn) {
        double gain = learned.recallAt5() - weights.recallAt5();
        boolean beats = beats(gain, standardError);
        String vsWeights = String.format(Locale.ROOT, "held-out gain %+.3f, standard error %.3f: %s", gain,
                standardError, verdict(gain, standardError));
        if (pc == null) {
            String ranks = beats ? LearnedRanker.Report.LEARNED : priorServes ? LearnedRanker.Report.PRIOR
                    : LearnedRanker.Report.WEIGHTS;
            return new RankerDecision(ranks, vsWeights + (trainedOn != null && priorServes ? "; the prior learned from "
                    + "this site (" + trainedOn.name() + "), so its figure here is not held out" : ""));
        }
        double overPrior = learned.recallAt5() - pc.prior().recallAt5();
        double weightsOver = weights.recallAt5() - pc.prior().recallAt5();
        String ranks = beats(overPrior, pc.learnedVsPrior()) ? LearnedRanker.Report.LEARNED
                : beats(weightsOver, pc.weightsVsPrior()) ? LearnedRanker.Report.WEIGHTS : LearnedRanker.Report.PRIOR;
        return new RankerDecision(ranks, String.format(Locale.ROOT, "against the prior: held-out gain %+.3f, "
                        + "standard error %.3f: %s; the weights against the prior %+.3f, standard error %.3f: %s",
                overPrior, pc.learnedVsPrior(), verdict(overPrior, pc.learnedVsPrior()), weightsOver,
                pc.weightsVsPrior(), verdict(weightsOver, pc.weightsVsPrior())));
    }

    private static boolean beats(double gain, double standardError) {
        return gain >= MARGIN && gain > STANDARD_ERRORS * standardError;
    }

    private static String verdict(double gain, double standardError) {
        return beats(gain, standardError) ? "a gain" : gain < MARGIN ? "less than " + MARGIN
                : "within " + (int) STANDARD_ERRORS + " standard errors";
    }
}
