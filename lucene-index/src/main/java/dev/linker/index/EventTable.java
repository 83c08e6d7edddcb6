package dev.linker.index;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.result.LinkerException;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What page events said about each URL that gave way: merged or redirected into a survivor (with the names the page
 * was known by), or killed. Kept in the index's commit data, so it is written atomically with the pages, and
 * consulted whenever a page is written: a survivor rebuilt by a re-index gets the names of the pages merged into it
 * back, and a merged or killed page the source still holds keeps the status its event gave it. A created or updated
 * event for the URL removes its entry.
 */
final class EventTable {

    /** @param names {source, text} pairs the page was known by when it gave way: its title, H1 and anchors */
    record Entry(Status status, String survivor, List<String[]> names) {
        Entry {
            names = List.copyOf(names);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    /** survivor → the URLs that gave way to it directly; built on first use after a change. */
    private Map<String, List<String>> bySurvivor;

    synchronized boolean isEmpty() {
        return entries.isEmpty();
    }

    synchronized int size() {
        return entries.size();
    }

    synchronized Entry get(String url) {
        return entries.get(url);
    }

    synchronized void put(String url, Entry e) {
        entries.remove(url); // the latest event goes last
        entries.put(url, e);
        bySurvivor = null;
    }

    synchronized boolean remove(String url) {
        bySurvivor = null;
        return entries.remove(url) != null;
    }

    /**
     * {@code r} with the names of every page that gave way to it, directly or through a chain (a merged into b, b
     * into r), that it does not already know by that text.
     */
    synchronized PageRecord withInherited(PageRecord r) {
        if (entries.isEmpty()) {
            return r;
        }
        List<String[]> names = new ArrayList<>(r.names());
        Set<String> known = new HashSet<>();
        names.forEach(n -> known.add(n[1]));
        int before = names.size();
        Set<String> seen = new HashSet<>(Set.of(r.url()));
        Deque<String> todo = new ArrayDeque<>(List.of(r.url()));
        while (!todo.isEmpty()) {
            String to = todo.poll();
            for (String gone : bySurvivor().getOrDefault(to, List.of())) {
                if (seen.add(gone)) {
                    todo.add(gone);
                    for (String[] n : entries.get(gone).names()) {
                        if (known.add(n[1])) {
                            names.add(n);
                        }
                    }
                }
            }
        }
        return names.size() == before ? r : r.withNames(names, r.inbound());
    }

    private Map<String, List<String>> bySurvivor() {
        if (bySurvivor == null) {
            bySurvivor = new java.util.HashMap<>();
            entries.forEach((url, e) -> {
                if (e.survivor() != null) {
                    bySurvivor.computeIfAbsent(e.survivor(), k -> new ArrayList<>()).add(url);
                }
            });
        }
        return bySurvivor;
    }

    /**
     * A source's page as the index keeps it: a source knows nothing of page events, and what they said (a page merged
     * away, the names it handed to its survivor) outlives a re-index.
     */
    PageRecord applied(PageRecord r) {
        return withInherited(withEventStatus(r));
    }

    /** {@code r} with the status its last event gave it (a source that still has a merged page does not revive it). */
    synchronized PageRecord withEventStatus(PageRecord r) {
        Entry e = entries.get(r.url());
        return e == null || e.status() == r.status() && java.util.Objects.equals(e.survivor(), r.redirectTo()) ? r
                : r.withStatus(e.status(), e.survivor());
    }

    synchronized String encode() {
        ArrayNode pages = JSON.createArrayNode();
        entries.forEach((url, e) -> {
            ObjectNode o = pages.addObject().put("url", url).put("status", e.status().id());
            if (e.survivor() != null) {
                o.put("survivor", e.survivor());
            }
            ArrayNode names = o.putArray("names");
            e.names().forEach(n -> names.addArray().add(n[0]).add(n[1]));
        });
        ObjectNode root = JSON.createObjectNode();
        root.set("pages", pages);
        return root.toString();
    }

    static EventTable decode(String json, String where) {
        EventTable t = new EventTable();
        if (json == null || json.isEmpty()) {
            return t;
        }
        try {
            for (JsonNode p : JSON.readTree(json).path("pages")) {
                List<String[]> names = new ArrayList<>();
                for (JsonNode n : p.path("names")) {
                    names.add(new String[] {n.path(0).asText(), n.path(1).asText()});
                }
                JsonNode survivor = p.get("survivor");
                t.entries.put(p.path("url").asText(), new Entry(Status.parse(p.path("status").asText()),
                        survivor == null ? null : survivor.asText(), names));
            }
        } catch (IOException | RuntimeException e) {
            throw new IndexCorruptException(where, "its table of page events does not read: " + e.getMessage(), e);
        }
        return t;
    }
}
