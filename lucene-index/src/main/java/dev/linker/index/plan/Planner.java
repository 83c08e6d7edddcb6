package dev.linker.index.plan;

import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A site-wide link plan: which donor pages get a new link to which acceptor pages. Each donor's candidates come from
 * the suggester restricted to the acceptors (so filters, category bound and "never an existing link" hold), then
 * links are assigned under per-donor and per-acceptor caps. Memory is one small candidate list per donor, so a plan
 * over a million pages needs no n² structure.
 */
public final class Planner {
    private Planner() {
    }

    /**
     * @param kept      links carried over from the previous plan
     * @param replaced  previous links replaced by a candidate scoring at least the margin higher
     * @param dropped   previous links no longer valid (page gone, not live, or the link now exists)
     */
    public record Result(List<PlannedLink> links, int donors, int kept, int replaced, int dropped) {
    }

    public static Result plan(Suggester suggester, PageIndex index, Collection<String> donors, Set<String> acceptors,
                              PlanSettings ps, Map<String, Integer> crawlHits, List<PlannedLink> previous,
                              Consumer<String> progress) {
        List<String> order = new ArrayList<>(donors);
        int maxHits = 0;
        if (crawlHits != null && !crawlHits.isEmpty()) {
            order.sort(Comparator.comparingInt((String d) -> -CrawlLog.hitsOf(crawlHits, d))
                    .thenComparing(Comparator.naturalOrder()));
            for (String d : order) {
                maxHits = Math.max(maxHits, CrawlLog.hitsOf(crawlHits, d));
            }
        }
        Set<String> indexed = new HashSet<>(index.urls(true));
        List<PlannedLink> pairs = new ArrayList<>();
        int n = 0;
        for (String donor : order) {
            if (!indexed.contains(donor)) {
                continue;
            }
            n++;
            double bonus = maxHits == 0 ? 0 : 0.2 * Math.log1p(CrawlLog.hitsOf(crawlHits, donor)) / Math.log1p(maxHits);
            for (Suggestion s : suggester.candidates(donor, false, acceptors, ps.candidatesPerDonor(), true)) {
                boolean named = s.components().name() > 0;
                if (s.components().vector() < ps.minSimilarity() && !named) {
                    continue;
                }
                pairs.add(new PlannedLink(donor, s.anchor().phrase(), s.url(), s.score() + bonus,
                        s.anchor().sentence(), s.components().vector()));
            }
            if (progress != null && n % 1000 == 0) {
                progress.accept(n + " donors, " + pairs.size() + " candidate links");
            }
        }
        List<PlannedLink> fresh = ps.algorithm() == PlanSettings.Algorithm.GREEDY ? greedy(pairs, ps)
                : equal(pairs, ps, index);
        if (previous == null || previous.isEmpty()) {
            return new Result(fresh, n, 0, 0, 0);
        }
        return stabilise(fresh, pairs, previous, ps, index, acceptors, indexed, n);
    }

    static List<PlannedLink> greedy(List<PlannedLink> pairs, PlanSettings ps) {
        List<PlannedLink> sorted = new ArrayList<>(pairs);
        sorted.sort(ORDER);
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        List<PlannedLink> out = new ArrayList<>();
        for (PlannedLink p : sorted) {
            if (perDonor.getOrDefault(p.donor(), 0) < ps.maxDonorLinks()
                    && perAcceptor.getOrDefault(p.acceptor(), 0) < ps.maxAcceptorLinks()) {
                out.add(p);
                perDonor.merge(p.donor(), 1, Integer::sum);
                perAcceptor.merge(p.acceptor(), 1, Integer::sum);
            }
        }
        return out;
    }

    /** Acceptors take turns, the least linked first, each taking its best remaining donor: links spread evenly. */
    static List<PlannedLink> equal(List<PlannedLink> pairs, PlanSettings ps, PageIndex index) {
        Map<String, Deque<PlannedLink>> byAcceptor = new LinkedHashMap<>();
        List<PlannedLink> sorted = new ArrayList<>(pairs);
        sorted.sort(ORDER);
        for (PlannedLink p : sorted) {
            byAcceptor.computeIfAbsent(p.acceptor(), k -> new ArrayDeque<>()).add(p);
        }
        Map<String, Integer> inbound = new HashMap<>();
        for (String a : byAcceptor.keySet()) {
            PageRecord r = index.get(a);
            inbound.put(a, r == null ? 0 : r.inbound());
        }
        List<String> acceptors = new ArrayList<>(byAcceptor.keySet());
        acceptors.sort(Comparator.comparingInt((String a) -> inbound.get(a)).thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        List<PlannedLink> out = new ArrayList<>();
        boolean progress = true;
        while (progress) {
            progress = false;
            for (String a : acceptors) {
                if (perAcceptor.getOrDefault(a, 0) >= ps.maxAcceptorLinks()) {
                    continue;
                }
                Deque<PlannedLink> q = byAcceptor.get(a);
                while (!q.isEmpty()) {
                    PlannedLink p = q.poll();
                    if (perDonor.getOrDefault(p.donor(), 0) < ps.maxDonorLinks()) {
                        out.add(p);
                        perDonor.merge(p.donor(), 1, Integer::sum);
                        perAcceptor.merge(a, 1, Integer::sum);
                        progress = true;
                        break;
                    }
                }
            }
        }
        out.sort(ORDER);
        return out;
    }

    /**
     * Keeps the previous plan's links unless a new candidate for the same slot scores at least
     * {@link PlanSettings#replaceMargin()} higher, replacing at most {@link PlanSettings#maxReplaceShare()} of the
     * plan per run; free capacity is then filled with the best new links.
     */
    static Result stabilise(List<PlannedLink> fresh, List<PlannedLink> pairs, List<PlannedLink> previous,
                            PlanSettings ps, PageIndex index, Set<String> acceptors, Set<String> live, int donors) {
        Map<String, PlannedLink> current = new HashMap<>();
        for (PlannedLink p : pairs) {
            current.putIfAbsent(key(p), p);
        }
        List<PlannedLink> plan = new ArrayList<>();
        int dropped = 0;
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        for (PlannedLink old : previous) {
            PageRecord donor = live.contains(old.donor()) ? index.get(old.donor()) : null;
            boolean valid = donor != null && donor.status() == Status.LIVE && live.contains(old.acceptor())
                    && (acceptors == null || acceptors.contains(old.acceptor()))
                    && !donor.links().contains(old.acceptor())
                    && perDonor.getOrDefault(old.donor(), 0) < ps.maxDonorLinks()
                    && perAcceptor.getOrDefault(old.acceptor(), 0) < ps.maxAcceptorLinks();
            if (!valid) {
                dropped++;
                continue;
            }
            PlannedLink now = current.getOrDefault(key(old), old);
            plan.add(now);
            perDonor.merge(now.donor(), 1, Integer::sum);
            perAcceptor.merge(now.acceptor(), 1, Integer::sum);
        }
        int kept = plan.size();
        int cap = (int) Math.floor(ps.maxReplaceShare() * Math.max(plan.size(), fresh.size()));
        int replaced = 0;
        Set<String> inPlan = new HashSet<>();
        for (PlannedLink p : plan) {
            inPlan.add(key(p));
        }
        for (PlannedLink cand : fresh) {
            if (inPlan.contains(key(cand))) {
                continue;
            }
            boolean donorFree = perDonor.getOrDefault(cand.donor(), 0) < ps.maxDonorLinks();
            boolean acceptorFree = perAcceptor.getOrDefault(cand.acceptor(), 0) < ps.maxAcceptorLinks();
            if (donorFree && acceptorFree) {
                plan.add(cand);
            } else {
                // The weakest previous link holding a slot the candidate needs.
                PlannedLink weakest = null;
                for (PlannedLink p : plan) {
                    boolean blocks = !donorFree && p.donor().equals(cand.donor())
                            || !acceptorFree && p.acceptor().equals(cand.acceptor());
                    if (blocks && (weakest == null || p.score() < weakest.score())) {
                        weakest = p;
                    }
                }
                if (weakest == null || replaced >= cap || cand.score() < (1 + ps.replaceMargin()) * weakest.score()) {
                    continue;
                }
                // Only a swap that frees every slot the candidate needs.
                PlannedLink w = weakest;
                boolean frees = (donorFree || w.donor().equals(cand.donor()))
                        && (acceptorFree || w.acceptor().equals(cand.acceptor()));
                if (!frees) {
                    continue;
                }
                plan.remove(w);
                inPlan.remove(key(w));
                perDonor.merge(w.donor(), -1, Integer::sum);
                perAcceptor.merge(w.acceptor(), -1, Integer::sum);
                replaced++;
                kept--;
                plan.add(cand);
            }
            inPlan.add(key(cand));
            perDonor.merge(cand.donor(), 1, Integer::sum);
            perAcceptor.merge(cand.acceptor(), 1, Integer::sum);
        }
        plan.sort(ORDER);
        return new Result(plan, donors, kept, replaced, dropped);
    }

    private static String key(PlannedLink p) {
        return p.donor() + '\n' + p.acceptor();
    }

    static final Comparator<PlannedLink> ORDER = Comparator.comparingDouble((PlannedLink p) -> -p.score())
            .thenComparing(PlannedLink::donor).thenComparing(PlannedLink::acceptor);
}
