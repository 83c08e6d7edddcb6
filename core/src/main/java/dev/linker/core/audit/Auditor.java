package dev.linker.core.audit;

import dev.linker.core.report.AuditResult;

import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Summary;

import dev.linker.core.check.BrokenLinks;
import dev.linker.core.check.Checks;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.history.GitException;
import dev.linker.core.history.GitRepo;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Link;
import dev.linker.core.model.Site;
import dev.linker.core.site.PageKeys;
import dev.linker.core.site.ReadListener;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import dev.linker.core.source.SourceMap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** The audit facade: read the site, build the graph, run the checks, apply the baseline. */
public final class Auditor {
    private Auditor() {
    }

    /**
     * @throws LinkerException for input or configuration the user can fix (message names the file or key)
     */
    public static AuditResult run(AuditConfig config) {
        return run(config, ReadListener.NONE);
    }

    /**
     * Reads the site and audits it; with {@code git} on and the site inside a repository, with evidence from its
     * history; in changed-only mode, keeps the findings the change is responsible for ({@link ChangedOnly}).
     *
     * @throws GitException (a {@link LinkerException}) in changed-only mode when git cannot say what changed
     */
    public static AuditResult run(AuditConfig config, ReadListener listener) {
        Site site = SiteReader.read(new ReadOptions(config.siteDir(), config.baseUrl(), config.contentSelector(),
                config.boilerplateSelector(), config.maxPageBytes(), listener).withoutText());
        SourceMap sources = SourceMap.build(config.sources(), site, listener);
        boolean changedOnly = config.changes().changedOnly();
        GitRepo git = changedOnly ? GitRepo.require(config.siteDir(), "changed-only mode")
                : config.git() ? GitRepo.find(config.siteDir()).orElse(null) : null;
        try {
            SiteHistory history = SiteHistory.NONE;
            if (git != null && config.git()) {
                try {
                    history = SiteHistory.read(git, site, historyFiles(git, config.siteDir(), site, sources),
                            SiteHistory.DEFAULT_MAX_VERSIONS, SiteHistory.DEFAULT_MAX_COMMITS);
                    listener.note(String.format(java.util.Locale.ROOT,
                            "git history: %d commits, %d file versions, %d pages with titles, %d link ages in %.1f s",
                            history.commits(), history.versions(), history.titles().pages(), history.linkAges().size(),
                            history.millis() / 1000.0));
                } catch (GitException e) {
                    listener.note("git history not used: " + e.getMessage());
                }
            }
            AuditResult result = audit(config, site, history, sources, listener);
            return changedOnly ? ChangedOnly.apply(result, site, git, sources, listener) : result;
        } finally {
            if (git != null) {
                git.close();
            }
        }
    }

    /** Page key → repository files its history is read from: the built HTML when committed, then its source. */
    static Map<String, List<String>> historyFiles(GitRepo git, Path siteDir, Site site, SourceMap sources) {
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (var p : site.pages().values()) {
            List<String> l = new ArrayList<>(2);
            if (!p.file().isEmpty()) {
                String built = git.relative(siteDir.resolve(p.file()));
                if (built != null) {
                    l.add(built);
                }
            }
            Path src = sources.sourceOf(p.url());
            if (src != null && git.relative(src) != null) {
                l.add(git.relative(src));
            }
            if (!l.isEmpty()) {
                files.put(p.url(), l);
            }
        }
        return files;
    }

    /** Audits a site already read (the server and tests use this). */
    public static AuditResult audit(AuditConfig config, Site site) {
        return audit(config, site, SiteHistory.NONE, SourceMap.NONE);
    }

    /** Audits a site already read, with evidence from git history, placing findings on their source files. */
    public static AuditResult audit(AuditConfig config, Site site, SiteHistory history, SourceMap sources) {
        return audit(config, site, history, sources, ReadListener.NONE);
    }

    private static AuditResult audit(AuditConfig config, Site site, SiteHistory history, SourceMap sources,
                                     ReadListener listener) {
        LinkGraph graph = LinkGraph.build(site, entryKey(config.entry(), site));
        List<dev.linker.core.brief.Brief> briefs = config.briefsDir() == null ? List.of()
                : dev.linker.core.brief.Briefs.read(config.briefsDir(), listener);
        List<Finding> all = new ArrayList<>(Checks.run(site, graph, config.checks(), history, briefs));
        List<Pattern> ignore = config.ignorePages().stream().map(Auditor::glob).toList();
        if (!ignore.isEmpty()) {
            all.removeIf(f -> f.pageUrl() != null && ignore.stream().anyMatch(p -> p.matcher(f.pageUrl()).matches()));
        }
        if (sources.size() > 0) {
            all.replaceAll(sources::locate);
        }
        all.sort(Finding.ORDER);
        if (config.writeBaseline() != null) {
            Baseline.write(config.writeBaseline(), all);
        }
        int[] suppressed = {0};
        List<Finding> findings = config.baseline() == null ? all : Baseline.read(config.baseline()).filter(all, suppressed);
        return new AuditResult(config, graph, findings, suppressed[0], summary(site, graph, findings), history);
    }

    static Summary summary(Site site, LinkGraph graph, List<Finding> findings) {
        // brokenLinks counts instances in the whole site, before the baseline: it describes the site, not the run.
        int broken = countBroken(site);
        SortedMap<String, Integer> perCheck = new TreeMap<>();
        findings.forEach(f -> perCheck.merge(f.checkId(), 1, Integer::sum));
        return new Summary(graph.size(), graph.edgeCount(), graph.contentEdgeCount(), graph.orphans(false).size(),
                graph.orphans(true).size(), graph.unreachable().size(), broken, graph.reciprocalPairs(false).size(),
                graph.reciprocalPairs(true).size(), graph.depthHistogram(), perCheck);
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
