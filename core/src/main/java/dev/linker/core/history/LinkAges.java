package dev.linker.core.history;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * When each link first appeared: the commit time of the oldest version of the page's file, in an unbroken run back
 * from the newest, that contains the link's href. A spike in the distribution is a bulk change; a flat line means
 * nobody maintains the links.
 */
public final class LinkAges {
    /**
     * @param firstSeen commit time of the first version that carried the link
     * @param atLeast   the link is in the oldest version looked at, so it may be older still
     */
    public record Age(Instant firstSeen, boolean atLeast) {
    }

    public static final LinkAges EMPTY = new LinkAges(Map.of());

    private final Map<String, Map<String, Age>> bySource;

    LinkAges(Map<String, Map<String, Age>> bySource) {
        this.bySource = Map.copyOf(bySource);
    }

    /** Age of the link with this href on this page, if its history was found. */
    public Optional<Age> age(String sourceUrl, String href) {
        return Optional.ofNullable(bySource.getOrDefault(sourceUrl, Map.of()).get(href));
    }

    /** Links (unique page + href) by the month (UTC) they first appeared. */
    public SortedMap<YearMonth, Integer> byMonth() {
        SortedMap<YearMonth, Integer> m = new TreeMap<>();
        bySource.values().forEach(links -> links.values().forEach(a ->
                m.merge(YearMonth.from(a.firstSeen().atZone(ZoneOffset.UTC)), 1, Integer::sum)));
        return m;
    }

    /** Number of links with a known age. */
    public int size() {
        return bySource.values().stream().mapToInt(Map::size).sum();
    }

    public boolean isEmpty() {
        return size() == 0;
    }
}
