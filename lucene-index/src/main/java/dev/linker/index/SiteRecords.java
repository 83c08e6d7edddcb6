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
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a read site (plus optional Search Console data) into index records: content links give each page its
 * outbound links, each target its inbound count and the anchor names other pages use for it; links of every
 * placement give the links a page already has. A link to a redirect stub of the site counts for the page the stub
 * leads to, as a reader following it lands there.
 */
public final class SiteRecords {
    /** Redirect hops followed at most (a longer chain stops where it got to). */
    static final int MAX_HOPS = 5;

    private SiteRecords() {
    }

    public static List<PageRecord> from(Site site, Map<String, List<QueryStat>> searchConsole) {
        Map<String, List<QueryStat>> gsc = searchConsole == null ? Map.of() : searchConsole;
        LinkGraph graph = site.pages().isEmpty() ? null : LinkGraph.build(site, null);
        Map<String, List<String[]>> names = new HashMap<>();
        Map<String, Set<String>> outbound = new HashMap<>();
        Map<String, Set<String>> everywhere = new HashMap<>();
        Map<String, Integer> inbound = new HashMap<>();
        Map<String, String> resolved = new HashMap<>();
        for (Page p : site.pages().values()) {
            Set<String> out = new LinkedHashSet<>();
            Set<String> all = new LinkedHashSet<>();
            for (Link l : p.links()) {
                if (l.targetUrl() == null) {
                    continue;
                }
                String t = resolved.computeIfAbsent(l.targetUrl(), x -> landing(site, x));
                if (t.equals(p.url()) || !site.contains(t)) {
                    continue;
                }
                all.add(t);
                if (!l.content()) {
                    continue;
                }
                if (out.add(t)) {
                    inbound.merge(t, 1, Integer::sum);
                }
                String a = l.anchorText() == null ? "" : l.anchorText().strip();
                if (!a.isEmpty() && !AnchorText.isGeneric(a, p.lang(), Set.of())) {
                    names.computeIfAbsent(t, k -> new ArrayList<>()).add(new String[] {p.url(), a});
                }
            }
            outbound.put(p.url(), out);
            everywhere.put(p.url(), all);
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
                    authority, inbound.getOrDefault(p.url(), 0), "",
                    new ArrayList<>(outbound.getOrDefault(p.url(), Set.of())),
                    names.getOrDefault(p.url(), List.of()), queries, p.meta(),
                    new ArrayList<>(everywhere.getOrDefault(p.url(), Set.of()))));
        }
        return out;
    }

    /**
     * Where a link to {@code target} lands: through the site's redirects (meta refresh stubs, {@code _redirects}),
     * up to {@link #MAX_HOPS} hops, as long as each step is a page or another redirect of the site. A loop leaves
     * the link on the page it points at; so does a redirect leaving the site.
     */
    static String landing(Site site, String target) {
        String at = target;
        Set<String> seen = new HashSet<>();
        seen.add(at);
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            String next = site.redirects().get(at);
            if (next == null || !site.contains(next) && !site.redirects().containsKey(next)) {
                break;
            }
            if (!seen.add(next)) {
                return target;
            }
            at = next;
        }
        return at;
    }
}
