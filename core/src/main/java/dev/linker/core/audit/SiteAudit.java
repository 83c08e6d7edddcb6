package dev.linker.core.audit;

import dev.linker.core.check.BrokenLinks;
import dev.linker.core.check.Checks;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Link;
import dev.linker.core.model.Site;
import dev.linker.core.report.AuditResult;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Summary;
import dev.linker.core.site.PageKeys;
import dev.linker.core.site.ReadListener;
import dev.linker.core.source.SourceMap;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The audit of a site already read: the graph, the checks, the ignored pages, the findings placed on their sources,
 * the baseline and the summary. {@link Auditor} reads the site and calls it; {@link ChangedOnly} calls it again on the
 * base version of a change.
 */
final class SiteAudit {
    private SiteAudit() {
    }

    static AuditResult audit(AuditConfig config, Site site, SiteHistory history, SourceMap sources,
                                     ReadListener listener) {
        LinkGraph graph = LinkGraph.build(site, entryKey(config.input().entry(), site));
        List<dev.linker.core.brief.Brief> briefs = config.rules().briefsDir() == null ? List.of()
                : dev.linker.core.brief.Briefs.read(config.rules().briefsDir(), listener);
        List<Finding> all = new ArrayList<>(Checks.run(site, graph, config.rules().checks(), history, briefs));
        List<Pattern> ignore = config.rules().ignorePages().stream().map(SiteAudit::glob).toList();
        if (!ignore.isEmpty()) {
            all.removeIf(f -> f.pageUrl() != null && ignore.stream().anyMatch(p -> p.matcher(f.pageUrl()).matches()));
        }
        if (sources.size() > 0) {
            all.replaceAll(sources::locate);
        }
        all.sort(Finding.ORDER);
        if (config.baselines().writeBaseline() != null) {
            Baseline.write(config.baselines().writeBaseline(), all);
        }
        int[] suppressed = {0};
        List<Finding> findings = config.baselines().baseline() == null ? all
                : Baseline.read(config.baselines().baseline()).filter(all, suppressed);
        return new AuditResult(config, graph, findings, suppressed[0], summary(site, graph, findings), history);
    }

    static Summary summary(Site site, LinkGraph graph, List<Finding> findings) {
        // brokenLinks counts instances in the whole site, before the baseline: it describes the site, not the run.
        int broken = countBroken(site);
        SortedMap<String, Integer> perCheck = new TreeMap<>();
        findings.forEach(f -> perCheck.merge(f.checkId(), 1, Integer::sum));
        return new Summary(graph.size(),
                new Summary.LinkCounts(graph.edgeCount(), graph.orphans(false).size(),
                        graph.reciprocalPairs(false).size()),
                new Summary.LinkCounts(graph.contentEdgeCount(), graph.orphans(true).size(),
                        graph.reciprocalPairs(true).size()),
                graph.unreachable().size(), broken, graph.depthHistogram(), perCheck);
    }

    private static int countBroken(Site site) {
        Set<String> unparsed = new java.util.HashSet<>();
        site.problems().forEach(p -> unparsed.add(p.key()));
        int n = 0;
        for (var page : site.pages().values()) {
            for (Link l : page.links()) {
                if (BrokenLinks.missingTarget(site, l) || BrokenLinks.missingFragment(site, l, unparsed)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** "index.html", "/docs/", "docs/index.html", "/" → the page key; null → the root index. */
    static String entryKey(String entry, Site site) {
        if (entry == null) {
            return null;
        }
        String e = entry.strip();
        String key = PageKeys.normalizeIndex(e.startsWith("/") ? e : "/" + e);
        if (site.contains(key)) {
            return key;
        }
        PageKeys.Target t = PageKeys.resolve("/", key, null, "/", site.pages().keySet());
        if (t.key() != null && site.contains(t.key())) {
            return t.key();
        }
        throw new LinkerException("entry page '" + entry + "' is not a page of the site " + site.root()
                + " (give a path like 'index.html' or '/docs/')");
    }

    /** Glob over page keys: '*' within a path segment, '**' across segments. */
    static Pattern glob(String g) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*') {
                if (i + 1 < g.length() && g.charAt(i + 1) == '*') {
                    re.append(".*");
                    i++;
                } else {
                    re.append("[^/]*");
                }
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
