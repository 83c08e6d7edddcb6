package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Page;

/**
 * Pages no other page links to. {@code orphan} counts every link; {@code content-orphan} only links in content,
 * which is what passes relevance — a page reached only from menus and footers is an orphan to an editor.
 */
final class OrphanCheck extends BaseCheck {
    private final boolean contentOnly;

    OrphanCheck(boolean contentOnly) {
        super(contentOnly ? "content-orphan" : "orphan", contentOnly
                ? "Page with no inbound link from the content of another page (only from navigation, header, footer …)"
                : "Page with no inbound link from any other page", contentOnly ? Severity.WARNING : Severity.ERROR);
        this.contentOnly = contentOnly;
    }

    @Override
    public void run(CheckContext ctx) {
        LinkGraph g = ctx.graph();
        for (String url : g.orphans(contentOnly)) {
            Page p = ctx.site().page(url);
            if (url.equals(g.entry()) || ctx.exempt(p)) {
                continue;
            }
            if (contentOnly && g.inbound(url) == 0) {
                continue; // already an orphan outright; one finding is enough
            }
            String sitemap = ctx.site().sitemapUrls().contains(url) ? "; it is listed in sitemap.xml" : "";
            if (contentOnly) {
                ctx.page(p, url + " is linked only from navigation or other boilerplate (" + g.inbound(url)
                        + " page" + (g.inbound(url) == 1 ? "" : "s") + "), never from the content of another page" + sitemap);
            } else {
                ctx.page(p, url + " is an orphan: no other page links to it" + sitemap);
            }
        }
    }
}
