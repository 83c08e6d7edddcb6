package dev.linker.core.report;

import dev.linker.core.result.FailOn;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.result.Summary;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.config.ChangeScope;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Audit results for reporter tests: the real site under sites/report-basic read by the real reader and graph, with
 * findings made here (the checks live elsewhere) at the real positions of the links they are about.
 */
final class ReportFixture {
    /** Relative, as a user types it; tests run with the module folder as working directory. */
    static final Path SITE = Path.of("src/test/resources/sites/report-basic");
    static final String BASE_URL = "https://docs.example.com/";
    static final ReportOptions OPTIONS = new ReportOptions("0.0.0-test", Path.of(""), 50, 1000);

    private ReportFixture() {
    }

    static AuditResult basic() {
        if (!Files.isDirectory(SITE)) {
            throw new IllegalStateException("fixture site not found at " + SITE.toAbsolutePath()
                    + "; run the tests from the core module folder (Maven does)");
        }
        Site site = SiteReader.read(ReadOptions.of(SITE).withBaseUrl(BASE_URL));
        LinkGraph graph = LinkGraph.build(site, null);
        List<Finding> findings = List.of(
                link(site, "/guides/setup.html", "missing.html", "broken-link", Severity.ERROR,
                        "Link to /guides/missing.html: no such page."),
                link(site, "/guides/advanced.html", "/guides/#faq", "broken-link", Severity.ERROR,
                        "Link to /guides/#faq: the page has no element with id \"faq\"."),
                link(site, "/guides/setup.html", "advanced.html", "stale-anchor", Severity.WARNING,
                        "Anchor \"Advanced configuration | tips\" no longer matches the target's title "
                                + "\"Advanced options\" (*renamed* in [v2])."),
                page(site, "/old.html", "orphan", Severity.WARNING,
                        "No page links to /old.html; link to it from a related page or remove it."),
                page(site, "/about.html", "content-orphan", Severity.WARNING,
                        "Only navigation links point to /about.html; no content link does."),
                link(site, "/guides/setup.html", "/guides/", "reciprocal", Severity.INFO,
                        "/guides/setup.html and /guides/ link to each other from their content."),
                page(site, "/guides/deep/intro.html", "deep-page", Severity.INFO,
                        "Page is 3 clicks from the entry page (max 2)."));
        return result(site, graph, findings, 2);
    }

    /** The same site with no findings. */
    static AuditResult clean() {
        Site site = SiteReader.read(ReadOptions.of(SITE).withBaseUrl(BASE_URL));
        return result(site, LinkGraph.build(site, null), List.of(), 0);
    }

    static AuditResult result(Site site, LinkGraph graph, List<Finding> findings, int baselined) {
        SortedMap<String, Integer> byCheck = new TreeMap<>();
        for (Finding f : findings) {
            byCheck.merge(f.checkId(), 1, Integer::sum);
        }
        int broken = byCheck.getOrDefault("broken-link", 0);
        Summary summary = new Summary(graph.size(),
                new Summary.LinkCounts(graph.edgeCount(), graph.orphans(false).size(),
                        graph.reciprocalPairs(false).size()),
                new Summary.LinkCounts(graph.contentEdgeCount(), graph.orphans(true).size(),
                        graph.reciprocalPairs(true).size()),
                graph.unreachable().size(), broken, graph.depthHistogram(), byCheck);
        return new AuditResult(config(), graph, findings, baselined, summary);
    }

    static AuditConfig config() {
        return new AuditConfig(new AuditConfig.Input(SITE, BASE_URL, null, null, null, 0, null),
                new AuditConfig.Rules(Map.of(), null, List.of()),
                new AuditConfig.Reporting(FailOn.ERROR, List.of("text"), null),
                AuditConfig.Baselines.NONE, false, ChangeScope.ALL, false, null);
    }

    /** A finding about the first link on {@code pageUrl} whose href is {@code href}, at its position. */
    static Finding link(Site site, String pageUrl, String href, String check, Severity severity, String message) {
        Page p = site.page(pageUrl);
        List<Link> matches = new ArrayList<>();
        for (Link l : p.links()) {
            if (l.href().equals(href) && l.content()) {
                matches.add(l);
            }
        }
        if (matches.isEmpty()) {
            throw new IllegalStateException("no content link with href " + href + " on " + pageUrl);
        }
        Link l = matches.getFirst();
        return new Finding(check, severity, message, new Finding.Place(pageUrl, p.file(), l.line(), l.column()),
                l.targetUrl() + (l.fragment() == null ? "" : "#" + l.fragment()), l.anchorText());
    }

    static Finding page(Site site, String pageUrl, String check, Severity severity, String message) {
        Page p = site.page(pageUrl);
        if (p == null) {
            throw new IllegalStateException("no page " + pageUrl);
        }
        return new Finding(check, severity, message, new Finding.Place(pageUrl, p.file(), 0, 0), null, null);
    }
}
