package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.core.validate.Choices;

/**
 * @param maxDonorLinks     new links per donor page at most
 * @param maxAcceptorLinks  new links per acceptor page at most
 * @param minSimilarity     embedding cosine a pair needs, unless the donor's text names the acceptor
 * @param algorithm         greedy (best pairs first) or equal (acceptors take turns, fewest inbound first)
 * @param candidatesPerDonor acceptor candidates kept per donor before assignment
 * @param replaceMargin     a previous link is replaced only by a candidate scoring this much higher (0.2 = 20 %)
 * @param maxReplaceShare   at most this share of the plan is replaced per run
 */
public record PlanSettings(int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, Algorithm algorithm,
                           int candidatesPerDonor, double replaceMargin, double maxReplaceShare) {

    public enum Algorithm {
        GREEDY, EQUAL;

        public static Algorithm parse(String s) {
            return Choices.parse(Algorithm.class, s, () -> "unknown --algorithm '" + s + "' (known: greedy, equal)");
        }
    }

    /** Acceptor candidates kept per donor before assignment: a few times any sensible cap. */
    public static final int CANDIDATES_PER_DONOR = 20;
    /** A previous link is replaced only by a candidate scoring 20 % higher: plans do not churn. */
    public static final double REPLACE_MARGIN = 0.2;

    public static final PlanSettings DEFAULT = of(5, 5, 0.6, "greedy", 0.05);

    /** The settings a door's options give: caps, similarity bar, algorithm and replacement share. */
    public static PlanSettings of(int maxDonorLinks, int maxAcceptorLinks, double minSimilarity, String algorithm,
                                  double maxReplaceShare) {
        return new PlanSettings(maxDonorLinks, maxAcceptorLinks, minSimilarity, Algorithm.parse(algorithm),
                CANDIDATES_PER_DONOR, REPLACE_MARGIN, maxReplaceShare);
    }

    public PlanSettings {
        if (maxDonorLinks < 1 || maxAcceptorLinks < 1) {
            throw new LinkerException("--max-donor-links and --max-acceptor-links must be at least 1");
        }
        if (minSimilarity < -1 || minSimilarity > 1) {
            throw new LinkerException("--min-similarity must be between -1 and 1, was " + minSimilarity);
        }
        if (maxReplaceShare < 0 || maxReplaceShare > 1) {
            throw new LinkerException("--max-replacements must be between 0 and 1, was " + maxReplaceShare);
        }
    }
}
