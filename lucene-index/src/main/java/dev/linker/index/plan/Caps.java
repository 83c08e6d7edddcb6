package dev.linker.index.plan;

import java.util.HashMap;
import java.util.Map;

/**
 * How many links of a plan each donor gives and each acceptor takes, against the caps of {@link PlanSettings}: the
 * one bookkeeping of the greedy and equal assignments and of a plan kept stable from run to run (Spark's rounds keep
 * the same counts as columns, and {@code RoundsTest} compares the two).
 */
final class Caps {
    private final int maxDonorLinks;
    private final int maxAcceptorLinks;
    private final Map<String, Integer> perDonor = new HashMap<>();
    private final Map<String, Integer> perAcceptor = new HashMap<>();

    Caps(PlanSettings ps) {
        this.maxDonorLinks = ps.maxDonorLinks();
        this.maxAcceptorLinks = ps.maxAcceptorLinks();
    }

    boolean donorFree(String donor) {
        return perDonor.getOrDefault(donor, 0) < maxDonorLinks;
    }

    boolean acceptorFree(String acceptor) {
        return perAcceptor.getOrDefault(acceptor, 0) < maxAcceptorLinks;
    }

    /** Whether both ends of the link have room for one more. */
    boolean free(PlannedLink p) {
        return donorFree(p.donor()) && acceptorFree(p.acceptor());
    }

    /** Counts the link at both ends. */
    void take(PlannedLink p) {
        perDonor.merge(p.donor(), 1, Integer::sum);
        perAcceptor.merge(p.acceptor(), 1, Integer::sum);
    }

    /** Gives the link's places back at both ends. */
    void release(PlannedLink p) {
        perDonor.merge(p.donor(), -1, Integer::sum);
        perAcceptor.merge(p.acceptor(), -1, Integer::sum);
    }
}
