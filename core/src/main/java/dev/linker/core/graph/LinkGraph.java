package dev.linker.core.graph;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The link graph of a site: unique page→page links (self links dropped, fragments and queries stripped), each
 * flagged content or boilerplate; inbound/outbound counts; BFS click depth from an entry page; internal PageRank
 * scaled 0–100 as the link score. Built once, then read-only and cheap to query.
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
    private final Map<String, Integer> ids;
    private final int[][] out;          // target ids per source, sorted
    private final boolean[][] outContent;
    private final int[][] in;           // source ids per target, sorted
    private final int[] contentIn;
    private final int[] depth;          // -1 = unreachable
    private final double[] rank;
    private final double[] score;
    private final int edgeCount;
    private final int contentEdgeCount;

    private LinkGraph(Site site, String entry) {
        this.site = site;
        int n = site.pages().size();
        urls = site.pages().keySet().toArray(new String[0]);
        Arrays.sort(urls);
        ids = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            ids.put(urls[i], i);
        }
        this.entry = entry != null ? entry : defaultEntry();

        out = new int[n][];
        outContent = new boolean[n][];
        int[] inCount = new int[n];
        contentIn = new int[n];
        int edges = 0;
        int contentEdges = 0;
        for (int s = 0; s < n; s++) {
            Page p = site.page(urls[s]);
            TreeMap<Integer, Boolean> targets = new TreeMap<>();
            for (Link l : p.links()) {
                if (l.targetUrl() == null || l.targetUrl().equals(p.url())) {
                    continue;
                }
                Integer t = ids.get(l.targetUrl());
                if (t == null) {
                    continue;
                }
                targets.merge(t, l.content(), Boolean::logicalOr);
            }
            out[s] = new int[targets.size()];
            outContent[s] = new boolean[targets.size()];
            int i = 0;
            for (var e : targets.entrySet()) {
                out[s][i] = e.getKey();
                outContent[s][i] = e.getValue();
                inCount[e.getKey()]++;
                if (e.getValue()) {
                    contentIn[e.getKey()]++;
                    contentEdges++;
                }
                i++;
            }
            edges += targets.size();
        }
        edgeCount = edges;
        contentEdgeCount = contentEdges;
        in = new int[n][];
        int[] fill = new int[n];
        for (int t = 0; t < n; t++) {
            in[t] = new int[inCount[t]];
        }
        for (int s = 0; s < n; s++) {
            for (int t : out[s]) {
                in[t][fill[t]++] = s;
            }
        }
        depth = bfs();
        rank = pageRank();
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

    private String defaultEntry() {
        if (ids.containsKey("/")) {
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
        Integer i = url == null ? null : ids.get(url);
        return i == null ? -1 : i;
    }

    public boolean contains(String url) {
        return ids.containsKey(url);
    }

    /** Unique page→page links. */
    public int edgeCount() {
        return edgeCount;
    }

    /** Unique page→page links with at least one instance in content. */
    public int contentEdgeCount() {
        return contentEdgeCount;
    }

    public List<Edge> edges() {
        List<Edge> e = new ArrayList<>(edgeCount);
        for (int s = 0; s < urls.length; s++) {
            for (int i = 0; i < out[s].length; i++) {
                e.add(new Edge(urls[s], urls[out[s][i]], outContent[s][i]));
            }
        }
        return e;
    }

    /** Pages linking to {@code url} (unique, any placement). */
    public int inbound(String url) {
        return in[id(url)].length;
    }

    /** Pages linking to {@code url} from their content. */
    public int contentInbound(String url) {
        return contentIn[id(url)];
    }

    /** Pages {@code url} links to (unique). */
    public int outbound(String url) {
        return out[id(url)].length;
    }

    public boolean hasContentEdge(String source, String target) {
        Integer s = ids.get(source);
        Integer t = ids.get(target);
        if (s == null || t == null) {
            return false;
        }
        int i = Arrays.binarySearch(out[s], t);
        return i >= 0 && outContent[s][i];
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
            if ((contentOnly ? contentIn[i] : in[i].length) == 0) {
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
            for (int i = 0; i < out[s].length; i++) {
                int t = out[s][i];
                if (t <= s || (contentOnly && !outContent[s][i])) {
                    continue;
                }
                int j = Arrays.binarySearch(out[t], s);
                if (j >= 0 && (!contentOnly || outContent[t][j])) {
                    pairs.add(new Edge(urls[s], urls[t], outContent[s][i] && outContent[t][j]));
                }
            }
        }
        return pairs;
    }

    private int id(String url) {
        Integer i = ids.get(url);
        if (i == null) {
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
        int e = ids.get(entry);
        d[e] = 0;
        queue[tail++] = e;
        while (head < tail) {
            int s = queue[head++];
            for (int t : out[s]) {
                if (d[t] < 0) {
                    d[t] = d[s] + 1;
                    queue[tail++] = t;
                }
            }
        }
        return d;
    }

    private double[] pageRank() {
        return pageRank(out);
    }

    /**
     * PageRank over pages {@code 0..out.length-1} ({@code out}: each page's distinct targets), as this graph computes
     * it: damping {@value #DAMPING}, dangling pages' rank spread evenly, until ranks move less than
     * {@link #TOLERANCE} in sum or {@value #MAX_ITERATIONS} rounds.
     */
    public static double[] pageRank(int[][] out) {
        int n = out.length;
        double[] pr = new double[n];
        if (n == 0) {
            return pr;
        }
        Arrays.fill(pr, 1.0 / n);
        double[] next = new double[n];
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double dangling = 0;
            for (int s = 0; s < n; s++) {
                if (out[s].length == 0) {
                    dangling += pr[s];
                }
            }
            double base = (1 - DAMPING) / n + DAMPING * dangling / n;
            Arrays.fill(next, base);
            for (int s = 0; s < n; s++) {
                int k = out[s].length;
                if (k > 0) {
                    double share = DAMPING * pr[s] / k;
                    for (int t : out[s]) {
                        next[t] += share;
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
