package dev.linker.index;

import dev.linker.core.audit.Auditor;
import dev.linker.core.check.BrokenLinks;
import dev.linker.core.check.Check;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.check.Checks;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.report.AuditResult;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Summary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The link health of a site, as {@code linker audit} finds it: the audit is run on the site ({@link Auditor#audit},
 * the checks of {@link #CHECKS} with their defaults) and its figures and findings are kept with each page's
 * content-link counts. Built in time and memory linear in pages and links (≈ 2 s for 100,000 pages and 1M links).
 *
 * @param summary   the audit's summary, the figures of {@code linker audit --format json}
 * @param pages     every page (redirects included), by key
 * @param orphans   pages no content link of another page reaches (the audit's orphan and content-orphan findings)
 * @param broken    internal links to no page of the site (the audit's broken-link rule, {@link BrokenLinks})
 * @param loops     pairs of pages linking to each other in their content
 * @param redirects links to a page that redirects (the audit's redirect-link findings)
 */
public record LinkReport(Summary summary, List<PageLinks> pages, List<String> orphans, List<LinkAt> broken,
                         List<Loop> loops, List<LinkAt> redirects) {
    /** A page's content links: {@code inbound} pages link to it, it links to {@code outbound} pages. */
    public record PageLinks(String url, String title, int inbound, int outbound) {
    }

    /** A link instance: on {@code source}, {@code href} as written, landing on {@code target}. */
    public record LinkAt(String source, String href, String target, String anchor) {
    }

    /** Two pages linking to each other in their content. */
    public record Loop(String a, String b) {
    }

    /** The audit's checks the report is made of; the others are not run (their findings are not in it). */
    public static final Set<String> CHECKS = Set.of("orphan", "content-orphan", "broken-link", "redirect-link",
            "reciprocal");

    /** The report of {@code site}. */
    public static LinkReport of(Site site) {
        Map<String, CheckSettings> off = new TreeMap<>();
        for (Check c : Checks.ALL) {
            if (!CHECKS.contains(c.id())) {
                off.put(c.id(), new CheckSettings(false, null, Map.of()));
            }
        }
        String home = home(site);
        AuditConfig config = AuditConfig.builder().siteDir(Path.of(".")).discoverConfig(false).git(false)
                .checks(off).build();
        AuditResult audit = Auditor.audit(config, site);
        LinkGraph graph = audit.graph();
        int[] outbound = new int[graph.size()];
        for (LinkGraph.Edge e : graph.edges()) {
            if (e.content()) {
                outbound[graph.indexOf(e.source())]++;
            }
        }
        List<PageLinks> pages = new ArrayList<>(graph.size());
        for (String url : graph.urls()) {
            pages.add(new PageLinks(url, site.page(url).name(), graph.contentInbound(url),
                    outbound[graph.indexOf(url)]));
        }
        List<String> orphans = new ArrayList<>();
        List<LinkAt> redirects = new ArrayList<>();
        for (Finding f : audit.findings()) {
            if (Set.of("orphan", "content-orphan").contains(f.checkId())) {
                orphans.add(f.pageUrl());
            } else if ("redirect-link".equals(f.checkId())) {
                redirects.add(new LinkAt(f.pageUrl(), href(site, f), f.targetUrl(), f.anchor()));
            }
        }
        // The audit exempts its entry page from orphans, meant as the home page: "/", else the first page. An index
        // keyed by absolute URLs has its home as "https://example.com/", or none (a WordPress site's posts): the
        // home is exempt, and the first page, when it is not the home, is judged like any other.
        String entry = graph.entry();
        if (entry != null && !entry.equals(home)) {
            Page p = site.page(entry);
            if (graph.contentInbound(entry) == 0 && !orphans.contains(entry) && p.redirectTo() == null
                    && !site.redirects().containsKey(entry) && !p.noindex()) {
                orphans.add(entry);
            }
            orphans.remove(home);
        }
        orphans.sort(null);
        List<LinkAt> broken = new ArrayList<>();
        for (Page p : site.pages().values()) {
            for (Link l : p.links()) {
                if (BrokenLinks.missingTarget(site, l)) {
                    broken.add(new LinkAt(p.url(), l.href(), l.targetUrl(), l.anchorText()));
                }
            }
        }
        List<Loop> loops = new ArrayList<>();
        for (LinkGraph.Edge e : graph.reciprocalPairs(true)) {
            loops.add(new Loop(e.source(), e.target()));
        }
        return new LinkReport(audit.summary(), pages, orphans, broken, loops, redirects);
    }

    /** The site's home page: "/", else the root of an origin ("https://example.com/"), else null. */
    static String home(Site site) {
        if (site.contains("/")) {
            return "/";
        }
        for (String url : site.pages().keySet()) {
            if (url.matches("(?i)https?://[^/?#]+/?")) {
                return url;
            }
        }
        return null;
    }

    /** The href of the link a finding is about: the first on its page to its target with its anchor. */
    private static String href(Site site, Finding f) {
        Page p = site.page(f.pageUrl());
        for (Link l : p == null ? List.<Link>of() : p.links()) {
            if (f.targetUrl().equals(l.targetUrl()) && (f.anchor() == null || f.anchor().equals(l.anchorText()))) {
                return l.href();
            }
        }
        return f.targetUrl();
    }

    /** The report of the index as {@code view} sees it. */
    public static LinkReport of(PageView view) {
        return of(IndexedSite.of(view));
    }
}
