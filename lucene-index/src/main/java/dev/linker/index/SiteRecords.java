package dev.linker.index;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.score.CategoryPath;
import dev.linker.core.site.SearchConsoleReader.QueryStat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a read site (plus optional Search Console data) into index records: the link graph gives inbound counts and
 * authority, content links give each target the anchor names other pages use for it.
 */
public final class SiteRecords {
    private SiteRecords() {
    }

    public static List<PageRecord> from(Site site, Map<String, List<QueryStat>> searchConsole) {
        Map<String, List<QueryStat>> gsc = searchConsole == null ? Map.of() : searchConsole;
        LinkGraph graph = site.pages().isEmpty() ? null : LinkGraph.build(site, null);
        Map<String, List<String[]>> names = new HashMap<>();
        Map<String, Set<String>> outbound = new HashMap<>();
        for (Page p : site.pages().values()) {
            Set<String> out = new LinkedHashSet<>();
            for (Link l : p.links()) {
                String t = l.targetUrl();
                if (!l.content() || t == null || t.equals(p.url()) || !site.contains(t)) {
                    continue;
                }
                out.add(t);
                String a = l.anchorText() == null ? "" : l.anchorText().strip();
                if (!a.isEmpty() && !AnchorText.isGeneric(a, p.lang(), Set.of())) {
                    names.computeIfAbsent(t, k -> new ArrayList<>()).add(new String[] {p.url(), a});
                }
            }
            outbound.put(p.url(), out);
        }
        double maxClicks = 0;
        for (List<QueryStat> qs : gsc.values()) {
            maxClicks = Math.max(maxClicks, qs.stream().mapToLong(QueryStat::clicks).sum());
        }
        List<PageRecord> out = new ArrayList<>(site.pages().size());
        for (Page p : site.pages().values()) {
            double authority = graph == null ? 0 : graph.linkScore(p.url()) / 100.0;
            List<String[]> queries = new ArrayList<>();
            List<QueryStat> qs = gsc.get(p.url());
            if (qs != null) {
                long clicks = 0;
                for (QueryStat q : qs) {
                    queries.add(new String[] {q.query(), Long.toString(q.clicks())});
                    clicks += q.clicks();
                }
                // Search engines' view of the page blended with the site's own: log-scaled clicks, 40 %.
                if (maxClicks > 0) {
                    authority = 0.6 * authority + 0.4 * Math.log1p(clicks) / Math.log1p(maxClicks);
                }
            }
            Status status = p.redirectTo() != null ? Status.REDIRECTED : Status.LIVE;
            out.add(new PageRecord(p.url(), p.title(), p.h1(), p.text(), CategoryPath.of(p), status, p.redirectTo(),
                    authority, graph == null ? 0 : graph.contentInbound(p.url()),
                    "", new ArrayList<>(outbound.getOrDefault(p.url(), Set.of())),
                    names.getOrDefault(p.url(), List.of()), queries));
        }
        return out;
    }
}
