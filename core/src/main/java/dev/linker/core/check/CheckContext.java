package dev.linker.core.check;

import dev.linker.core.anchor.TitleTemplate;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;

import java.util.List;
import java.util.Map;

/** What a check sees: the site, its graph, its options, and where to put findings. */
public final class CheckContext {
    private final Site site;
    private final LinkGraph graph;
    private final TitleTemplate template;
    private final String checkId;
    private final Severity severity;
    private final Map<String, Object> options;
    private final List<Finding> out;
    private final SiteHistory history;
    private final List<dev.linker.core.brief.Brief> briefs;
    /**
     * One copy of each text the findings of an audit repeat: a template link that names another page repeats its
     * finding on every page (200,000 pages × 19 navigation links: 3.8 million findings whose messages, anchors and
     * targets are 20 texts).
     */
    private final Map<String, String> texts;

    CheckContext(Site site, LinkGraph graph, TitleTemplate template, String checkId, Severity severity,
                 Map<String, Object> options, List<Finding> out, SiteHistory history,
                 List<dev.linker.core.brief.Brief> briefs, Map<String, String> texts) {
        this.texts = texts;
        this.history = history;
        this.briefs = briefs;
        this.site = site;
        this.graph = graph;
        this.template = template;
        this.checkId = checkId;
        this.severity = severity;
        this.options = options;
        this.out = out;
    }

    public Site site() {
        return site;
    }

    public LinkGraph graph() {
        return graph;
    }

    public TitleTemplate template() {
        return template;
    }

    /** Evidence from git history ({@link SiteHistory#NONE} when git is off or the site is not in a repository). */
    public SiteHistory history() {
        return history;
    }

    /** Content briefs to enforce (empty unless a briefs folder is configured). */
    public List<dev.linker.core.brief.Brief> briefs() {
        return briefs;
    }

    /** A finding placed on a brief file (the file a reviewer edits), about a page that may not exist yet. */
    public void brief(dev.linker.core.brief.Brief b, int line, String pageUrl, String targetUrl, String anchor, String message) {
        out.add(new Finding(checkId, severity, message, new Finding.Place(pageUrl, "", 0, 0), targetUrl, anchor,
                new Finding.Source(b.file().toAbsolutePath().normalize(), line)));
    }

    public int intOption(String name) {
        Object v = options.get(name);
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.intValue();
        }
        throw new LinkerException("check '" + checkId + "': option '" + name + "' must be a whole number, not " + v);
    }

    public boolean boolOption(String name) {
        Object v = options.get(name);
        if (v instanceof Boolean b) {
            return b;
        }
        throw new LinkerException("check '" + checkId + "': option '" + name + "' must be true or false, not " + v);
    }

    @SuppressWarnings("unchecked")
    public List<String> listOption(String name) {
        Object v = options.get(name);
        if (v instanceof List<?> l) {
            return (List<String>) (List<?>) l.stream().map(String::valueOf).toList();
        }
        if (v instanceof String s) {
            return List.of(s.split("\\s*,\\s*"));
        }
        throw new LinkerException("check '" + checkId + "': option '" + name + "' must be a list, not " + v);
    }

    /** Each link of each page to another page of the site (not to itself, not outside), page by page. */
    public void eachLinkOut(java.util.function.BiConsumer<Page, Link> action) {
        for (Page page : site().pages().values()) {
            for (Link l : page.links()) {
                if (l.targetUrl() != null && !l.targetUrl().equals(page.url())) {
                    action.accept(page, l);
                }
            }
        }
    }

    /** A finding about a whole page. */
    public void page(Page page, String message) {
        out.add(new Finding(checkId, severity, text(message), new Finding.Place(page.url(), page.file(), 0, 0), null,
                null));
    }

    /** A finding about one link instance, located at its tag. */
    public void link(Link link, String message) {
        Page p = site.page(link.sourceUrl());
        out.add(new Finding(checkId, severity, text(message),
                new Finding.Place(link.sourceUrl(), p == null ? "" : p.file(), link.line(), link.column()),
                text(link.targetUrl()), text(link.anchorText())));
    }

    /** The audit's one copy of {@code s}. */
    private String text(String s) {
        if (s == null) {
            return null;
        }
        String known = texts.putIfAbsent(s, s);
        return known == null ? s : known;
    }

    /** A finding about a file that is not a page (sitemap.xml, _redirects …). */
    public void file(String file, String pageUrl, String message) {
        out.add(new Finding(checkId, severity, text(message), new Finding.Place(pageUrl, file, 0, 0), null, null));
    }

    /**
     * Whether a page is not meant to be linked, so no check asks links for it: a redirect stub, an error page, a
     * noindex page, a search engine's verification file.
     */
    boolean exempt(Page p) {
        String f = p.file().toLowerCase(java.util.Locale.ROOT);
        return p.redirectTo() != null || site().redirects().containsKey(p.url()) || p.noindex()
                || f.equals("404.html") || f.endsWith("/404.html") || f.equals("404/index.html")
                || f.equals("500.html") || f.startsWith("google") && f.endsWith(".html") && p.links().isEmpty();
    }
}
