package dev.linker.index;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.model.Link;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a page's record holds because of other pages' links — its inbound count and the anchor texts others use for
 * it (its names) — kept in step with links written through the API, as {@link SiteRecords} computes them from a
 * built site: the distinct pages (not killed) whose content links land on it, directly or through a merged or
 * redirected page that gives way to it (one hop), and their non-generic anchors.
 *
 * <p>Worked out before a batch is written, from the index as it is plus the batch, for the pages whose values can
 * change: the batch's pages and every page their links land on, before or after. Each is one term lookup of the
 * pages linking to it ({@link Fields#LINKS_TO}) and a read of those pages' stored links: the cost of a batch grows
 * with the inbound links of the pages it touches, not with the site. Authority (internal PageRank over the whole
 * graph) is not recomputed here: a page keeps the authority given or computed by {@code linker index}.
 */
public final class DerivedLinks {
    private DerivedLinks() {
    }

    /**
     * The batch's records with their inbound counts and names, followed by the records of other pages whose values
     * the batch changes. A batch page that gave an {@code inbound} and that no page links to keeps the value given.
     */
    public static List<PageRecord> apply(PageView view, List<PageRecord> batch) {
        Map<String, PageRecord> written = new LinkedHashMap<>();
        batch.forEach(r -> written.put(r.url(), r));
        Set<String> affected = new LinkedHashSet<>(written.keySet());
        for (PageRecord r : batch) {
            affected.addAll(r.links());
            int doc = view.doc(r.url());
            if (doc >= 0) {
                affected.addAll(view.record(doc).links());
            }
        }
        Map<String, PageRecord> stored = new HashMap<>();
        List<PageRecord> out = new ArrayList<>();
        List<PageRecord> others = new ArrayList<>();
        for (String t : affected) {
            PageRecord target = written.get(t);
            int doc = view.doc(t);
            if (target == null && doc < 0) {
                continue;
            }
            if (target == null) {
                target = view.record(doc);
            } else if (doc >= 0) { // a page written again keeps the names others gave it
                target = target.withNames(view.record(doc).names(), target.inbound());
            }
            PageRecord derived = derive(view, target, written, stored);
            if (written.containsKey(t)) {
                out.add(derived);
            } else if (derived.inbound() != target.inbound() || !same(derived.names(), target.names())) {
                others.add(derived);
            }
        }
        out.addAll(others);
        return out;
    }

    private static PageRecord derive(PageView view, PageRecord target, Map<String, PageRecord> written,
                                     Map<String, PageRecord> stored) {
        String t = target.url();
        Set<String> landing = new LinkedHashSet<>();
        landing.add(t);
        for (int doc : view.docsWith(Fields.REDIRECTS_TO, t)) {
            String u = view.url(doc);
            if (!written.containsKey(u)) {
                landing.add(u);
            }
        }
        written.values().stream().filter(r -> r.status() != Status.LIVE && r.status() != Status.KILLED
                && t.equals(r.redirectTo())).forEach(r -> landing.add(r.url()));
        Map<String, PageRecord> sources = new LinkedHashMap<>();
        for (String l : landing) {
            for (int doc : view.docsWith(Fields.LINKS_TO, l)) {
                String u = view.url(doc);
                if (!written.containsKey(u) && !u.equals(t)) {
                    PageRecord s = stored.computeIfAbsent(u, k -> view.record(doc));
                    if (s.status() != Status.KILLED) {
                        sources.put(u, s);
                    }
                }
            }
        }
        for (PageRecord r : written.values()) {
            if (!r.url().equals(t) && r.status() != Status.KILLED && r.links().stream().anyMatch(landing::contains)) {
                sources.put(r.url(), r);
            }
        }
        List<String[]> names = new ArrayList<>();
        for (String[] n : target.names()) { // names of pages that say nothing of their anchors (a built site) stay
            PageRecord s = sources.get(n[0]);
            if (s != null && s.written().isEmpty() || s == null && !written.containsKey(n[0]) && !linker(view, n[0])) {
                names.add(n);
            }
        }
        for (PageRecord s : sources.values()) {
            for (Link l : s.written()) {
                String a = l.anchorText();
                if (landing.contains(l.targetUrl()) && !a.isEmpty()
                        && !AnchorText.isGeneric(a, s.meta().language(), Set.of())) {
                    names.add(new String[] {s.url(), a});
                }
            }
        }
        int inbound = sources.isEmpty() && written.containsKey(t) ? target.inbound() : sources.size();
        return target.withNames(names, inbound);
    }

    /** Whether {@code url} is a live page of the index (so a name it gave once, and gives no more, goes). */
    private static boolean linker(PageView view, String url) {
        int doc = view.doc(url);
        return doc >= 0 && view.record(doc).status() == Status.LIVE;
    }

    private static boolean same(List<String[]> a, List<String[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i)[0].equals(b.get(i)[0]) || !a.get(i)[1].equals(b.get(i)[1])) {
                return false;
            }
        }
        return true;
    }
}
