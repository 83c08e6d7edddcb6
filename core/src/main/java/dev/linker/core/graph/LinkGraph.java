package dev.linker.core.graph;

import dev.linker.core.model.Page;
import dev.linker.core.model.PageLinks;
import dev.linker.core.model.Site;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The link graph of a site: unique page→page links (self links dropped, fragments and queries stripped), each
 * flagged content or boilerplate; inbound/outbound counts; BFS click depth from an entry page; internal PageRank
 * scaled 0–100 as the link score. Built once, then read-only and cheap to query: the unique links are held as
 * one int and one bit each (a page's targets side by side, sorted), the pages' keys in one sorted array with an
 * open-addressing index into it.
 */
public final class LinkGraph {
    /** PageRank damping, the usual 0.85. */
    public static final double DAMPING = 0.85;
    /** PageRank iterations at most; it stops earlier once ranks move less than {@link #TOLERANCE} in sum. */
    public static final int MAX_ITERATIONS = 100;
    public static final double TOLERANCE = 1e-10;

    /**
     * One unique page→page link.
     *
     * @param content whether at least one instance of it is in content (not nav, header, footer …)
     */
    public record Edge(String source, String target, boolean content) {
    }

    private final Site site;
    private final String entry;
    private final String[] urls;
    private final int[] slots;          // open addressing over urls: index + 1, 0 where free
    private final int[] outStart;       // page s's targets are outTargets[outStart[s] .. outStart[s + 1])
    private final int[] outTargets;     // sorted per source
    private final long[] outContent;    // bit e: edge e has an instance in content
    private final int[] inCount;
    private final int[] contentIn;
    private final int[] depth;          // -1 = unreachable
    private final double[] rank;
    private final double[] score;
    private final int contentEdgeCount;

    private LinkGraph(Site site, String entry) {
        this.site = site;
        int n = site.pages().size();
        urls = site.pages().keySet().toArray(new String[0]);
        Arrays.sort(urls);
        slots = new int[Math.max(2, Integer.highestOneBit(Math.max(1, n) * 2) * 2)];
        for (int i = 0; i < n; i++) {
            int h = slot(urls[i]);
            while (slots[h] != 0) {
                h = (h + 1) & (slots.length - 1);
            }
            slots[h] = i + 1;
        }
        this.entry = entry != null ? entry : defaultEntry();

        // Each page's distinct targets, as target << 1 | content, sorted; every edge held once, as ints.
        long bound = 0;
        for (Page p : site.pages().values()) {
            bound += p.links().size();
        }
        int[] targets = new int[(int) Math.min(bound, Integer.MAX_VALUE - 8)];
        outStart = new int[n + 1];
        inCount = new int[n];
        contentIn = new int[n];
        int edges = 0;
        int contentEdges = 0;
        for (int s = 0; s < n; s++) {
            Page p = site.page(urls[s]);
            PageLinks links = (PageLinks) p.links();
            int from = edges;
            for (int i = 0; i < links.size(); i++) {
                String target = links.targetUrl(i);
                int t = target == null || target.equals(p.url()) ? -1 : indexOf(target);
                if (t >= 0) {
                    targets[edges++] = t << 1 | (links.content(i) ? 1 : 0);
                }
            }
            Arrays.sort(targets, from, edges);
            int w = from;
            for (int k = from; k < edges; k++) {
                if (w > from && targets[w - 1] >> 1 == targets[k] >> 1) {
                    targets[w - 1] |= targets[k];
                } else {
                    targets[w++] = targets[k];
                }
            }
            edges = w;
            outStart[s + 1] = edges;
        }
        outTargets = new int[edges];
        outContent = new long[(edges + 63) / 64];
        for (int e = 0; e < edges; e++) {
            int t = targets[e] >> 1;
            outTargets[e] = t;
            inCount[t]++;
            if ((targets[e] & 1) != 0) {
                outContent[e >> 6] |= 1L << e;
                contentIn[t]++;
                contentEdges++;
            }
        }
        contentEdgeCount = contentEdges;
        depth = bfs();
        rank = pageRank(outStart, outTargets);
        score = scale(rank);
    }

    /** @param entryUrl page key BFS depth is measured from; null means the root index page (or the first page). */
    public static LinkGraph build(Site site, String entryUrl) {
        if (entryUrl != null && !site.contains(entryUrl)) {
            throw new dev.linker.core.result.LinkerException("entry page '" + entryUrl + "' is not a page of the site"
                    + " (pages are keyed like '/', '/docs/', '/a/b.html')");
        }
        return new LinkGraph(site, entryUrl);
    }

    private int slot(String url) {
        int h = url.hashCode() * 0x9E3779B9;
        return (h ^ h >>> 16) & (slots.length - 1);
    }

    private String defaultEntry() {
        if (indexOf("/") >= 0) {
            return "/";
        }
        return urls.length == 0 ? null : urls[0];
    }

    public Site site() {
        return site;
    }

    /** The page click depth is measured from, or null for an empty site. */
    public String entry() {
        return entry;
    }

    /** Page keys, sorted. */
    public List<String> urls() {
        return Collections.unmodifiableList(Arrays.asList(urls));
    }

    public int size() {
        return urls.length;
    }

    /** The page's index in {@link #urls()}, or -1 when it is not a page of the site. */
    public int indexOf(String url) {
        if (url == null) {
            return -1;
        }
        for (int h = slot(url); slots[h] != 0; h = (h + 1) & (slots.length - 1)) {
            if (urls[slots[h] - 1].equals(url)) {
                return slots[h] - 1;
            }
        }
        return -1;
    }

    public boolean contains(String url) {
        return indexOf(url) >= 0;
    }

    /** Unique page→page links. */
    public int edgeCount() {
        return outTargets.length;
    }

    /** Unique page→page links with at least one instance in content. */
    public int contentEdgeCount() {
        return contentEdgeCount;
    }

    public List<Edge> edges() {
        List<Edge> e = new ArrayList<>(outTargets.length);
        for (int s = 0; s < urls.length; s++) {
            for (int i = outStart[s]; i < outStart[s + 1]; i++) {
                e.add(new Edge(urls[s], urls[outTargets[i]], content(i)));
            }
        }
        return e;
    }

    /** Pages linking to {@code url} (unique, any placement). */
    public int inbound(String url) {
        return inCount[id(url)];
    }

    /** Pages linking to {@code url} from their content. */
    public int contentInbound(String url) {
        return contentIn[id(url)];
    }

    /** Pages {@code url} links to (unique). */
    public int outbound(String url) {
        int s = id(url);
        return outStart[s + 1] - outStart[s];
    }

    public boolean hasContentEdge(String source, String target) {
        int s = indexOf(source);
        int t = indexOf(target);
        if (s < 0 || t < 0) {
            return false;
        }
        int i = Arrays.binarySearch(outTargets, outStart[s], outStart[s + 1], t);
        return i >= 0 && content(i);
    }

    /** Clicks from the entry page, or -1 when unreachable. */
    public int depth(String url) {
        return depth[id(url)];
    }

    /** Click depth → number of reachable pages. */
    public SortedMap<Integer, Integer> depthHistogram() {
        SortedMap<Integer, Integer> h = new TreeMap<>();
        for (int d : depth) {
            if (d >= 0) {
                h.merge(d, 1, Integer::sum);
            }
        }
        return h;
    }

    /** Internal PageRank (sums to 1 over the site). */
    public double pageRank(String url) {
        return rank[id(url)];
    }

    /**
     * Link score 0–100: PageRank on a log scale between the site's weakest (0) and strongest (100) page, so
     * differences stay visible on large sites where raw PageRank is tiny everywhere.
     */
    public double linkScore(String url) {
        return score[id(url)];
    }

    /** Pages with no inbound link from another page ({@code contentOnly}: no inbound content link). */
    public List<String> orphans(boolean contentOnly) {
        List<String> o = new ArrayList<>();
        for (int i = 0; i < urls.length; i++) {
            if ((contentOnly ? contentIn[i] : inCount[i]) == 0) {
                o.add(urls[i]);
            }
        }
        return o;
    }

    /** Pages the entry page does not reach. */
    public List<String> unreachable() {
        List<String> u = new ArrayList<>();
        for (int i = 0; i < urls.length; i++) {
            if (depth[i] < 0) {
                u.add(urls[i]);
            }
        }
        return u;
    }

    /** Unordered pairs linked both ways, each once as [smaller key, larger key]. */
    public List<Edge> reciprocalPairs(boolean contentOnly) {
        List<Edge> pairs = new ArrayList<>();
        for (int s = 0; s < urls.length; s++) {
            for (int i = outStart[s]; i < outStart[s + 1]; i++) {
                int t = outTargets[i];
                if (t <= s || (contentOnly && !content(i))) {
                    continue;
                }
                int j = Arrays.binarySearch(outTargets, outStart[t], outStart[t + 1], s);
                if (j >= 0 && (!contentOnly || content(j))) {
                    pairs.add(new Edge(urls[s], urls[t], content(i) && content(j)));
                }
            }
        }
        return pairs;
    }

    /** Whether edge {@code e} has an instance in content. */
    private boolean content(int e) {
        return (outContent[e >> 6] & 1L << e) != 0;
    }

    private int id(String url) {
        int i = indexOf(url);
        if (i < 0) {
            throw new IllegalArgumentException("not a page of this site: " + url);
        }
        return i;
    }

    private int[] bfs() {
        int n = urls.length;
        int[] d = new int[n];
        Arrays.fill(d, -1);
        if (entry == null) {
            return d;
        }
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        int e = indexOf(entry);
        d[e] = 0;
        queue[tail++] = e;
        while (head < tail) {
            int s = queue[head++];
            for (int i = outStart[s]; i < outStart[s + 1]; i++) {
                int t = outTargets[i];
                if (d[t] < 0) {
                    d[t] = d[s] + 1;
                    queue[tail++] = t;
                }
            }
        }
        return d;
    }

    /**
     * PageRank over pages {@code 0..out.length-1} ({@code out}: each page's distinct targets), as this graph computes
     * it: damping {@value #DAMPING}, dangling pages' rank spread evenly, until ranks move less than
     * {@link #TOLERANCE} in sum or {@value #MAX_ITERATIONS} rounds.
     */
    public static double[] pageRank(int[][] out) {
        int[] start = new int[out.length + 1];
        for (int s = 0; s < out.length; s++) {
            start[s + 1] = start[s] + out[s].length;
        }
        int[] targets = new int[start[out.length]];
        for (int s = 0; s < out.length; s++) {
            System.arraycopy(out[s], 0, targets, start[s], out[s].length);
        }
        return pageRank(start, targets);
    }

    /** {@link #pageRank(int[][])} over page {@code s}'s targets {@code targets[start[s] .. start[s + 1])}. */
    private static double[] pageRank(int[] start, int[] targets) {
        int n = start.length - 1;
        double[] pr = new double[n];
        if (n == 0) {
            return pr;
        }
        Arrays.fill(pr, 1.0 / n);
        double[] next = new double[n];
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double dangling = 0;
            for (int s = 0; s < n; s++) {
                if (start[s + 1] == start[s]) {
                    dangling += pr[s];
                }
            }
            double base = (1 - DAMPING) / n + DAMPING * dangling / n;
            Arrays.fill(next, base);
            for (int s = 0; s < n; s++) {
                int k = start[s + 1] - start[s];
                if (k > 0) {
                    double share = DAMPING * pr[s] / k;
                    for (int i = start[s]; i < start[s + 1]; i++) {
                        next[targets[i]] += share;
                    }
                }
            }
            double delta = 0;
            for (int i = 0; i < n; i++) {
                delta += Math.abs(next[i] - pr[i]);
            }
            double[] tmp = pr;
            pr = next;
            next = tmp;
            if (delta < TOLERANCE) {
                break;
            }
        }
        return pr;
    }

    private static double[] scale(double[] pr) {
        double[] s = new double[pr.length];
        if (pr.length == 0) {
            return s;
        }
        double min = Double.MAX_VALUE;
        double max = 0;
        for (double v : pr) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        for (int i = 0; i < pr.length; i++) {
            s[i] = linkScoreOf(pr[i], min, max);
        }
        return s;
    }

    /**
     * The link score (0–100, one decimal) of a page with PageRank {@code pr} on a site whose PageRanks span
     * {@code min}..{@code max}: what {@link #linkScore(String)} gives, for a PageRank computed elsewhere (on Spark).
     */
    public static double linkScoreOf(double pr, double min, double max) {
        double lo = Math.log(min);
        double span = Math.log(max) - lo;
        return span < 1e-12 ? 100.0 : Math.round(1000.0 * (Math.log(pr) - lo) / span) / 10.0;
    }
}
