package dev.linker.core.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.SortedMap;

/**
 * Site-wide figures of an audit; serialised as the {@code summary} object of the JSON report (a stable schema). The
 * server's report sends it through Jackson: the two {@link LinkCounts} are written flat, by the names and in the
 * order they had as components ({@code links}, {@code contentLinks} …).
 *
 * @param pages          pages read
 * @param all            the link graph's figures over all links
 * @param content        the same figures over content links only
 * @param unreachable    pages not reachable from the entry page
 * @param brokenLinks    link instances to a missing page or missing #fragment
 * @param depthHistogram click depth → page count (reachable pages only)
 * @param findings       check id → number of findings reported (after the baseline)
 */
@JsonPropertyOrder({"pages", "links", "contentLinks", "orphans", "contentOrphans", "unreachable", "brokenLinks",
        "reciprocalPairs", "contentReciprocalPairs", "depthHistogram", "findings"})
public record Summary(int pages, @JsonIgnore LinkCounts all, @JsonIgnore LinkCounts content, int unreachable,
                      int brokenLinks, SortedMap<Integer, Integer> depthHistogram,
                      SortedMap<String, Integer> findings) {

    /**
     * The link graph's figures over one kind of link (all links, or content links only).
     *
     * @param links           unique page→page links (for content: with at least one instance in content)
     * @param orphans         pages with no inbound link from another page
     * @param reciprocalPairs unordered pairs A↔B linked both ways
     */
    public record LinkCounts(int links, int orphans, int reciprocalPairs) {
    }

    /** Unique page→page links. */
    @JsonProperty
    public int links() {
        return all.links();
    }

    /** Unique page→page links with at least one instance in content. */
    @JsonProperty
    public int contentLinks() {
        return content.links();
    }

    /** Pages with no inbound link from another page (by all links). */
    @JsonProperty
    public int orphans() {
        return all.orphans();
    }

    /** Pages with no inbound content link from another page. */
    @JsonProperty
    public int contentOrphans() {
        return content.orphans();
    }

    /** Unordered pairs A↔B linked both ways (by all links). */
    @JsonProperty
    public int reciprocalPairs() {
        return all.reciprocalPairs();
    }

    /** Unordered pairs A↔B linked both ways in content. */
    @JsonProperty
    public int contentReciprocalPairs() {
        return content.reciprocalPairs();
    }
}
