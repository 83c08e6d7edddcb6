package dev.linker.core.report;

import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.site.SiteReader;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * How varied the anchor texts pointing at a page are, over content links only: navigation repeats one label on
 * every page by design, so counting it would flag every menu entry. Anchors are compared case- and
 * whitespace-insensitively.
 *
 * @param target     page key
 * @param links      content link instances pointing at the target from other pages
 * @param distinct   distinct anchor texts among them
 * @param topAnchor  the most used anchor text as first written (ties: alphabetically first)
 * @param topCount   how many links use it
 */
public record AnchorDiversity(String target, int links, int distinct, String topAnchor, int topCount) {
    /** Below this many links a target's anchors are too few to judge. */
    public static final int MIN_LINKS = 3;
    /** Distinct anchors ÷ links under this is low diversity. */
    public static final double LOW_RATIO = 0.3;

    /** Distinct anchors ÷ link instances, 0–1. */
    public double ratio() {
        return links == 0 ? 0 : (double) distinct / links;
    }

    /** Every content link uses the same words: reads as over-optimised to search engines and to readers. */
    public boolean singleAnchor() {
        return links >= MIN_LINKS && distinct == 1;
    }

    public boolean lowDiversity() {
        return links >= MIN_LINKS && !singleAnchor() && ratio() < LOW_RATIO;
    }

    /**
     * The {@code limit} targets with the most inbound content link instances (ties by key), at least two each.
     */
    public static List<AnchorDiversity> mostLinked(LinkGraph graph, int limit) {
        List<AnchorDiversity> rows = new ArrayList<>();
        forEachMostLinked(graph, limit, rows::add);
        return List.copyOf(rows);
    }

    /**
     * {@link #mostLinked} one row at a time, for a report that streams them: what is held is four bytes a page and
     * eight a content link, never the anchors of every target at once.
     */
    public static void forEachMostLinked(LinkGraph graph, int limit, Consumer<AnchorDiversity> action) {
        int n = graph.size();
        List<String> urls = graph.urls();
        // Content link instances by target, as (source page, link number) in source order: counted, then placed.
        int[] count = new int[n];
        forEachContentInLink(graph, (s, i, t) -> count[t]++);
        int[] start = new int[n + 1];
        for (int t = 0; t < n; t++) {
            start[t + 1] = start[t] + count[t];
        }
        long[] refs = new long[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        forEachContentInLink(graph, (s, i, t) -> refs[fill[t]++] = ((long) s << 32) | i);
        int[] order = IntStream.range(0, n).filter(t -> count[t] >= 2).boxed()
                .sorted(Comparator.<Integer>comparingInt(t -> -count[t]).thenComparing(urls::get))
                .limit(Math.max(limit, 0)).mapToInt(Integer::intValue).toArray();
        for (int t : order) {
            Map<String, int[]> counts = new HashMap<>();
            Map<String, String> firstSeen = new HashMap<>();
            for (int k = start[t]; k < start[t + 1]; k++) {
                Link l = graph.site().page(urls.get((int) (refs[k] >>> 32))).links().get((int) refs[k]);
                String key = normalize(l.anchorText());
                counts.computeIfAbsent(key, x -> new int[1])[0]++;
                firstSeen.putIfAbsent(key, l.anchorText() == null ? "" : l.anchorText().strip());
            }
            String top = null;
            int topCount = 0;
            for (Map.Entry<String, int[]> e : counts.entrySet()) {
                int c = e.getValue()[0];
                if (c > topCount || (c == topCount && e.getKey().compareTo(top) < 0)) {
                    top = e.getKey();
                    topCount = c;
                }
            }
            action.accept(new AnchorDiversity(urls.get(t), count[t], counts.size(), firstSeen.get(top), topCount));
        }
    }

    private interface InLink {
        void accept(int source, int linkNumber, int target);
    }

    /** Each content link from one page of the graph to another (not to itself), with the pages' graph indexes. */
    private static void forEachContentInLink(LinkGraph graph, InLink action) {
        List<String> urls = graph.urls();
        for (int s = 0; s < urls.size(); s++) {
            List<Link> links = graph.site().page(urls.get(s)).links();
            for (int i = 0; i < links.size(); i++) {
                Link l = links.get(i);
                if (l.content() && l.targetUrl() != null && !l.targetUrl().equals(urls.get(s))) {
                    int t = graph.indexOf(l.targetUrl());
                    if (t >= 0) {
                        action.accept(s, i, t);
                    }
                }
            }
        }
    }

    /** Case-folded, stripped, each run of whitespace one space, as the reader collapses every text. */
    static String normalize(String anchor) {
        return anchor == null ? "" : SiteReader.collapse(anchor).toLowerCase(Locale.ROOT);
    }
}
