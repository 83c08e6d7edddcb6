package dev.linker.core.result;

import java.util.SortedMap;

/**
 * Site-wide figures of an audit; serialised as the {@code summary} object of the JSON report (a stable schema).
 *
 * @param pages                  pages read
 * @param links                  unique page→page links
 * @param contentLinks           unique page→page links with at least one instance in content
 * @param orphans                pages with no inbound link from another page (by all links)
 * @param contentOrphans         pages with no inbound content link from another page
 * @param unreachable            pages not reachable from the entry page
 * @param brokenLinks            link instances to a missing page or missing #fragment
 * @param reciprocalPairs        unordered pairs A↔B linked both ways (by all links)
 * @param contentReciprocalPairs unordered pairs A↔B linked both ways in content
 * @param depthHistogram         click depth → page count (reachable pages only)
 * @param findings               check id → number of findings reported (after the baseline)
 */
public record Summary(int pages, int links, int contentLinks, int orphans, int contentOrphans, int unreachable,
                      int brokenLinks, int reciprocalPairs, int contentReciprocalPairs,
                      SortedMap<Integer, Integer> depthHistogram, SortedMap<String, Integer> findings) {
}
