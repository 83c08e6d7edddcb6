package dev.linker.core.report;

import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

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
        List<AnchorDiversity> all = new ArrayList<>();
        for (String url : graph.urls()) {
            Map<String, Integer> counts = new TreeMap<>();
            Map<String, String> firstSeen = new TreeMap<>();
            int n = 0;
            for (Link l : graph.inLinks(url)) {
                if (!l.content()) {
                    continue;
                }
                n++;
                String key = normalise(l.anchorText());
                counts.merge(key, 1, Integer::sum);
                firstSeen.putIfAbsent(key, l.anchorText() == null ? "" : l.anchorText().strip());
            }
            if (n < 2) {
                continue;
            }
            String top = null;
            int topCount = 0;
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                if (e.getValue() > topCount) {
                    top = e.getKey();
                    topCount = e.getValue();
                }
            }
            all.add(new AnchorDiversity(url, n, counts.size(), firstSeen.get(top), topCount));
        }
        all.sort(Comparator.comparingInt(AnchorDiversity::links).reversed().thenComparing(AnchorDiversity::target));
        return all.size() > limit ? List.copyOf(all.subList(0, limit)) : List.copyOf(all);
    }

    static String normalise(String anchor) {
        return anchor == null ? "" : anchor.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
