package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.Parallel;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.suggest.PlanPass;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

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
        return forPlans(suggester).planPass(acceptors, pass -> plan(pass, index, donors, acceptors, ps, crawlHits,
                previous, progress));
    }

    /**
     * The suggester as plans use it. Publication dates do not steer a plan: an old post with authority should pass
     * it to a new one as readily as to one of its own season.
     */
    public static Suggester forPlans(Suggester suggester) {
        return suggester.with(suggester.settings().withWeights(suggester.settings().weights().with("time", 0)));
    }

    /**
     * Whether a page needs links when no acceptors are given: live, with at most one inbound content link, and not a
     * hub unless hubs may be targets.
     */
    public static boolean underLinked(PageRecord r, boolean hubTargets) {
        return r != null && r.status() == Status.LIVE && r.inbound() <= 1 && (hubTargets || !r.hub());
    }

    /** Live pages of the index that need links ({@link #underLinked(PageRecord, boolean)}), in URL order. */
    public static Set<String> underLinked(PageIndex index, boolean hubTargets) {
        Set<String> out = new LinkedHashSet<>();
        for (String u : index.urls(true)) {
            if (underLinked(index.get(u), hubTargets)) {
                out.add(u);
            }
        }
        return out;
    }

    /** The URLs a list file names ({@link #listedUrl}); one that is not among {@code live} is an error naming a few. */
    public static Set<String> listed(Path file, List<String> live) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LinkerException(file + ": cannot read: " + e.getMessage());
        }
        Set<String> known = Set.copyOf(live);
        Set<String> out = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String line : lines) {
            String u = listedUrl(line);
            if (u == null) {
                continue;
            }
            if (known.contains(u)) {
                out.add(u);
            } else {
                unknown.add(u);
            }
        }
        if (!unknown.isEmpty()) {
            throw new LinkerException(file + ": " + unknown.size() + " URL(s) are not live pages of the index, e.g. "
                    + unknown.subList(0, Math.min(3, unknown.size())));
        }
        return out;
    }

    /**
     * The URL a line of an acceptors or donors list names: the line, or a CSV row's first cell; null for a blank line,
     * a {@code #} comment or a {@code url}/{@code address} header.
     */
    public static String listedUrl(String line) {
        String u = line.strip();
        int comma = u.indexOf(',');
        if (comma >= 0) {
            u = u.substring(0, comma).replace("\"", "").strip();
        }
        if (u.isEmpty() || u.startsWith("#") || u.equalsIgnoreCase("url") || u.equalsIgnoreCase("address")) {
            return null;
        }
        return u;
    }

    private static Result plan(PlanPass pass, PageIndex index, Collection<String> donors,
                               Set<String> acceptors, PlanSettings ps, Map<String, Integer> crawlHits,
                               List<PlannedLink> previous, Consumer<String> progress) {
        // One index version for the whole plan (this pass): candidates, assignment and anchors see the same pages.
        List<String> order = new ArrayList<>(donors);
        int maxHits = 0;
        if (crawlHits != null && !crawlHits.isEmpty()) {
            order.sort(Comparator.comparingInt((String d) -> -CrawlLog.hitsOf(crawlHits, d))
                    .thenComparing(Comparator.naturalOrder()));
            for (String d : order) {
                maxHits = Math.max(maxHits, CrawlLog.hitsOf(crawlHits, d));
            }
        }
        int mh = maxHits;
        List<PlannedLink> pairs = candidates(pass, order, ps,
                d -> mh == 0 ? 0 : CrawlLog.bonus(CrawlLog.hitsOf(crawlHits, d), mh), Parallel.THREADS, progress);
        int n = (int) order.stream().filter(pass::live).count();
        List<PlannedLink> fresh = ps.algorithm() == PlanSettings.Algorithm.GREEDY ? greedy(pairs, ps)
                : equal(pairs, ps, a -> {
                    PageRecord rec = index.get(a);
                    return rec == null ? 0 : rec.inbound();
                });
        Result r = previous == null || previous.isEmpty() ? new Result(fresh, n, 0, 0, 0)
                : stabilise(fresh, pairs, previous, ps, index, acceptors, new HashSet<>(index.urls(true)), n);
        return new Result(withAnchors(pass, r.links(), Parallel.THREADS), r.donors(), r.kept(), r.replaced(), r.dropped());
    }

    /**
     * Each live donor's acceptor candidates (at most {@link PlanSettings#candidatesPerDonor()}), without anchors: those
     * with an embedding cosine of at least {@link PlanSettings#minSimilarity()} or named in the donor's text, scored as
     * suggestions are plus the donor's {@code bonus}; in donor order.
     *
     * @param threads workers (a Spark task takes 1: its executor runs other tasks on the other cores)
     */
    public static List<PlannedLink> candidates(PlanPass pass, List<String> donors, PlanSettings ps,
                                               ToDoubleFunction<String> bonus, int threads,
                                               Consumer<String> progress) {
        List<String> todo = new ArrayList<>();
        for (String d : donors) {
            if (pass.live(d)) {
                todo.add(d);
            }
        }
        int n = todo.size();
        long t0 = System.nanoTime();
        List<List<PlannedLink>> perDonor = new ArrayList<>(Collections.nCopies(n, null));
        AtomicInteger done = new AtomicInteger();
        Parallel.run("linker-plan", n, threads, i -> {
            String donor = todo.get(i);
            double b = bonus.applyAsDouble(donor);
            List<PlannedLink> mine = new ArrayList<>();
            for (Suggestion s : pass.candidates(donor, ps.candidatesPerDonor())) {
                boolean named = s.components().name() > 0;
                if (s.components().vector() < ps.minSimilarity() && !named) {
                    continue;
                }
                mine.add(new PlannedLink(donor, null, s.url(), s.score() + b, null, s.components().vector()));
            }
            perDonor.set(i, mine);
            int d = done.incrementAndGet();
            if (progress != null && (d % 10_000 == 0 || d == n && n >= 10_000)) {
                double secs = (System.nanoTime() - t0) / 1e9;
                progress.accept(String.format(java.util.Locale.ROOT, "%,d/%,d donors (%.0f/s, about %.0f s left)",
                        d, n, d / secs, (n - d) / (d / secs)));
            }
        });
        List<PlannedLink> pairs = new ArrayList<>();
        for (List<PlannedLink> l : perDonor) {
            pairs.addAll(l);
        }
        return pairs;
    }

    /** Anchors and sentences for the planned links only (a few per donor, not every candidate). */
    public static List<PlannedLink> withAnchors(PlanPass pass, List<PlannedLink> links, int threads) {
        Map<String, List<Integer>> byDonor = new LinkedHashMap<>();
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).anchor() == null) {
                byDonor.computeIfAbsent(links.get(i).donor(), k -> new ArrayList<>()).add(i);
            }
        }
        List<String> donors = new ArrayList<>(byDonor.keySet());
        PlannedLink[] out = links.toArray(new PlannedLink[0]);
        Parallel.run("linker-plan", donors.size(), threads, k -> {
            List<Integer> mine = byDonor.get(donors.get(k));
            List<String> targets = new ArrayList<>();
            for (int i : mine) {
                targets.add(out[i].acceptor());
            }
            Map<String, dev.linker.core.anchor.Anchor> anchors = pass.anchors(donors.get(k), targets);
            for (int i : mine) {
                PlannedLink p = out[i];
                dev.linker.core.anchor.Anchor a = anchors.get(p.acceptor());
                out[i] = new PlannedLink(p.donor(), a == null ? "" : a.text(), p.acceptor(), p.score(),
                        a == null ? "" : a.sentence(), p.similarity(), a != null && a.inText());
            }
        });
        return List.of(out);
    }

    /**
     * Best pairs first: the candidates in {@link #ORDER}, each taken while its donor and its acceptor have room.
     * Spark's plan job takes the same set in rounds.
     */
    public static List<PlannedLink> greedy(List<PlannedLink> pairs, PlanSettings ps) {
        List<PlannedLink> sorted = new ArrayList<>(pairs);
        sorted.sort(ORDER);
        Caps caps = new Caps(ps);
        List<PlannedLink> out = new ArrayList<>();
        for (PlannedLink p : sorted) {
            if (caps.free(p)) {
                out.add(p);
                caps.take(p);
            }
        }
        return out;
    }

    /**
     * Acceptors take turns, the least linked first, so links spread evenly. In passes: in each pass every acceptor
     * below its cap, in the order of fewest inbound links then URL, takes its best candidate ({@link #ORDER}) whose
     * donor still has room when its turn comes (a donor full by then is never asked again); passes go on until one
     * takes nothing. Spark's plan job takes the same set, each pass in rounds of deferred acceptance.
     */
    public static List<PlannedLink> equal(List<PlannedLink> pairs, PlanSettings ps, ToIntFunction<String> inbound) {
        Map<String, Deque<PlannedLink>> byAcceptor = new LinkedHashMap<>();
        List<PlannedLink> sorted = new ArrayList<>(pairs);
        sorted.sort(ORDER);
        for (PlannedLink p : sorted) {
            byAcceptor.computeIfAbsent(p.acceptor(), k -> new ArrayDeque<>()).add(p);
        }
        Map<String, Integer> in = new HashMap<>();
        for (String a : byAcceptor.keySet()) {
            in.put(a, inbound.applyAsInt(a));
        }
        List<String> acceptors = new ArrayList<>(byAcceptor.keySet());
        acceptors.sort(Comparator.comparingInt((String a) -> in.get(a)).thenComparing(Comparator.naturalOrder()));
        Caps caps = new Caps(ps);
        List<PlannedLink> out = new ArrayList<>();
        boolean progress = true;
        while (progress) {
            progress = false;
            for (String a : acceptors) {
                if (!caps.acceptorFree(a)) {
                    continue;
                }
                Deque<PlannedLink> q = byAcceptor.get(a);
                while (!q.isEmpty()) {
                    PlannedLink p = q.poll();
                    if (caps.donorFree(p.donor())) {
                        out.add(p);
                        caps.take(p);
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
        Caps caps = new Caps(ps);
        for (PlannedLink old : previous) {
            PageRecord donor = live.contains(old.donor()) ? index.get(old.donor()) : null;
            boolean valid = donor != null && donor.status() == Status.LIVE && live.contains(old.acceptor())
                    && (acceptors == null || acceptors.contains(old.acceptor()))
                    && !donor.allLinks().contains(old.acceptor())
                    && caps.free(old);
            if (!valid) {
                dropped++;
                continue;
            }
            PlannedLink now = current.getOrDefault(key(old), old);
            plan.add(now);
            caps.take(now);
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
            boolean donorFree = caps.donorFree(cand.donor());
            boolean acceptorFree = caps.acceptorFree(cand.acceptor());
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
                caps.release(w);
                replaced++;
                kept--;
                plan.add(cand);
            }
            inPlan.add(key(cand));
            caps.take(cand);
        }
        plan.sort(ORDER);
        return new Result(plan, donors, kept, replaced, dropped);
    }

    private static String key(PlannedLink p) {
        return p.donor() + '\n' + p.acceptor();
    }

    /** A plan's order: best score first, then donor and acceptor (a total order: ties break the same way). */
    public static final Comparator<PlannedLink> ORDER = Comparator.comparingDouble((PlannedLink p) -> -p.score())
            .thenComparing(PlannedLink::donor).thenComparing(PlannedLink::acceptor);
}
