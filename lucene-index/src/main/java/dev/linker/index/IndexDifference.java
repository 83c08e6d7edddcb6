package dev.linker.index;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * How an index differs from a source's pages, as a sync would find it (each page read against the index's page
 * events, then compared by its stored hash: text, links, names, graph figures, status): pages it would add, rewrite
 * and remove. Reads only, so a read-only index can say whether it is up to date before a command relies on it.
 *
 * @param added   pages of the source the index does not hold
 * @param changed pages whose text, links or anything else the index keeps differ
 * @param removed pages the index holds that the source no longer has
 */
public record IndexDifference(int added, int changed, int removed) {

    /** What {@code index} lacks, holds otherwise or holds in excess of {@code pages}. */
    public static IndexDifference of(PageIndex index, Iterable<PageRecord> pages) {
        Map<String, String> hashes = index.storedHashes();
        EventTable events = index.events();
        Set<String> seen = new HashSet<>();
        int added = 0;
        int changed = 0;
        for (PageRecord page : pages) {
            seen.add(page.url());
            String old = hashes.get(page.url());
            if (old == null) {
                added++;
            } else if (!old.equals(PageDocuments.storedHash(events.applied(page)))) {
                changed++;
            }
        }
        int removed = (int) hashes.keySet().stream().filter(u -> !seen.contains(u)).count();
        return new IndexDifference(added, changed, removed);
    }

    /** Whether the index holds exactly the source's pages. */
    public boolean none() {
        return added == 0 && changed == 0 && removed == 0;
    }

    /** "2 pages added, 1 changed, 0 removed in the source since". */
    @Override
    public String toString() {
        return added + (added == 1 ? " page" : " pages") + " added, " + changed + " changed, " + removed
                + " removed in the source since";
    }
}
