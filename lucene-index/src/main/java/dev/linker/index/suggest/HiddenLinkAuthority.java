package dev.linker.index.suggest;

import dev.linker.core.graph.LinkGraph;
import dev.linker.index.SiteRecords;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Authority as it would be without one page's content links, for a source whose links are hidden ({@code linker
 * eval}, {@code linker tune}). The link-score part of a page's authority is a PageRank over all the site's links, so
 * without this a source's own hidden links would raise the very targets the evaluation asks it to find again: on the
 * Go blog that alone was worth 0.008 of recall@5.
 *
 * <p>The graph is the index's: every page's stored links of any placement, to pages of the index. Taking out a
 * source's links to its content targets (a target it also links from navigation loses that edge too: the evaluation
 * hides all of them) changes the ranks by the solution of a PageRank system whose only input is the change of the
 * source's shares: {@code damping × rank(source)} split over its remaining links, less the same over all of them.
 * That change is pushed along the links (the "forward push" of local PageRank) until what is left at every page is
 * below {@link #PRECISION} of the source's rank, so a source costs what its links reach, not a PageRank over the whole
 * site (BENCHMARKS.md, "Authority without the hidden links"). Link scores are then taken on the
 * site's scale again, whose weakest or strongest page may be one that moved, and a page's authority moves by its link
 * score's change times the link score's share of authority ({@link SiteRecords#LINK_SHARE} when the index holds
 * Search Console clicks). Built once per index version, on the first hidden source.
 */
final class HiddenLinkAuthority {
    /** What is left to push at a page, as a share of the source's rank, when pushing stops. */
    static final double PRECISION = 1e-3;

    private final int[] compact;    // doc -> node, -1 for a hole
    private final int[][] out;      // node -> distinct target nodes
    private final double[] rank;
    private final int[] byRank;     // nodes, weakest first
    private final double share;

    private HiddenLinkAuthority(int[] compact, int[][] out, double share) {
        this.compact = compact;
        this.out = out;
        this.rank = LinkGraph.pageRank(out);
        this.byRank = java.util.stream.IntStream.range(0, rank.length).boxed()
                .sorted(java.util.Comparator.comparingDouble(u -> rank[u])).mapToInt(Integer::intValue).toArray();
        this.share = share;
    }

    static HiddenLinkAuthority of(PageInfo[] infos, Map<String, Integer> docs, boolean searchConsoleClicks) {
        int[] compact = new int[infos.length];
        Arrays.fill(compact, -1);
        int n = 0;
        for (int d = 0; d < infos.length; d++) {
            if (infos[d] != null) {
                compact[d] = n++;
            }
        }
        int[][] out = new int[n][];
        for (int d = 0; d < infos.length; d++) {
            if (infos[d] != null) {
                out[compact[d]] = targets(infos[d], docs, compact, null);
            }
        }
        return new HiddenLinkAuthority(compact, out, searchConsoleClicks ? SiteRecords.LINK_SHARE : 1.0);
    }

    /** Pages' authority as a source with hidden links sees it. */
    interface View {
        View NONE = (doc, stored) -> stored;

        /** The authority of page {@code doc}, whose stored authority is {@code stored}. */
        double authority(int doc, double stored);
    }

    /** How pages' authority looks without {@code doc}'s links to {@code hidden}. */
    View without(int doc, PageInfo info, Map<String, Integer> docs, Set<String> hidden) {
        int s = doc < compact.length ? compact[doc] : -1;
        if (s < 0 || hidden.isEmpty()) {
            return View.NONE;
        }
        int[] kept = targets(info, docs, compact, hidden);
        if (kept.length == out[s].length) {
            return View.NONE;
        }
        double d = LinkGraph.DAMPING;
        // What the change of the source's links sends at first: its new shares less its old ones. (A source left
        // with no links at all would spread its rank over the whole site, a share too small per page to count.)
        Map<Integer, Double> residual = new HashMap<>();
        for (int t : out[s]) {
            residual.merge(t, -d * rank[s] / out[s].length, Double::sum);
        }
        for (int t : kept) {
            residual.merge(t, d * rank[s] / kept.length, Double::sum);
        }
        double eps = PRECISION * rank[s];
        Map<Integer, Double> now = new HashMap<>(); // the pages that moved: their new rank
        ArrayDeque<Integer> todo = new ArrayDeque<>(residual.keySet());
        while (!todo.isEmpty()) {
            int u = todo.poll();
            double r = residual.getOrDefault(u, 0.0);
            if (Math.abs(r) <= eps) {
                continue;
            }
            residual.put(u, 0.0);
            // A page's rank stays positive whatever the rounding of the push (the log scale needs it).
            now.put(u, Math.max(Double.MIN_NORMAL, now.getOrDefault(u, rank[u]) + r));
            int[] next = u == s ? kept : out[u];
            for (int v : next) {
                double before = residual.getOrDefault(v, 0.0);
                double after = before + d * r / next.length;
                residual.put(v, after);
                if (Math.abs(before) <= eps && Math.abs(after) > eps) {
                    todo.add(v);
                }
            }
        }
        // The site's scale runs from its weakest to its strongest page, which may be pages that moved.
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (double v : now.values()) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        for (int i = 0; i < byRank.length; i++) {
            if (!now.containsKey(byRank[i])) {
                lo = Math.min(lo, rank[byRank[i]]);
                break;
            }
        }
        for (int i = byRank.length - 1; i >= 0; i--) {
            if (!now.containsKey(byRank[i])) {
                hi = Math.max(hi, rank[byRank[i]]);
                break;
            }
        }
        double newMin = lo;
        double newMax = hi;
        return (page, stored) -> {
            int u = page < compact.length ? compact[page] : -1;
            if (u < 0) {
                return stored;
            }
            double moved = LinkGraph.linkScoreOf(now.getOrDefault(u, rank[u]), newMin, newMax)
                    - LinkGraph.linkScoreOf(rank[u], rank[byRank[0]], rank[byRank[byRank.length - 1]]);
            return stored + share * moved / 100.0;
        };
    }

    /** The distinct nodes a page links to, itself and {@code leaveOut} (URLs) excepted. */
    private static int[] targets(PageInfo info, Map<String, Integer> docs, int[] compact, Set<String> leaveOut) {
        int self = compact[docs.get(info.url())];
        int[] t = new int[info.allLinks().size()];
        int k = 0;
        for (String url : info.allLinks()) {
            Integer d = docs.get(url);
            if (d == null || compact[d] < 0 || compact[d] == self || leaveOut != null && leaveOut.contains(url)) {
                continue;
            }
            t[k++] = compact[d];
        }
        t = Arrays.copyOf(t, k);
        Arrays.sort(t);
        return t;
    }
}
