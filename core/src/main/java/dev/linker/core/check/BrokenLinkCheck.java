package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;

import java.util.Map;
import java.util.Set;

/** Links to pages or files that do not exist, and to #fragments that are not an id on the target page. */
final class BrokenLinkCheck extends BaseCheck {
    BrokenLinkCheck() {
        super("broken-link", "Internal link to a missing page or file, or to a #fragment that is not an id on the target page",
                Severity.ERROR,
                Map.of("checkFragments", true));
    }

    @Override
    public void run(CheckContext ctx) {
        Site site = ctx.site();
        boolean fragments = ctx.boolOption("checkFragments");
        Set<String> unparsed = new java.util.HashSet<>();
        site.problems().forEach(p -> unparsed.add(p.key()));
        for (Page page : site.pages().values()) {
            for (Link l : page.links()) {
                String t = l.targetUrl();
                if (BrokenLinks.missingTarget(site, l)) {
                    ctx.link(l, "link to " + t + " is broken: no such page or file in the site"
                            + (l.href().equals(t) ? "" : " (href '" + l.href() + "')"));
                } else if (fragments && BrokenLinks.missingFragment(site, l, unparsed)) {
                    String f = l.fragment();
                    boolean self = t.equals(page.url());
                    ctx.link(l, "link to " + (self ? "" : t) + "#" + f + " is broken: "
                            + (self ? "this page" : t) + " has no element with id '" + f + "'");
                }
            }
        }
        for (String url : site.sitemapUrls()) {
            if (!site.contains(url) && !site.files().contains(url) && !site.redirects().containsKey(url)) {
                ctx.file("sitemap.xml", url, "sitemap.xml lists " + url + ", but the site has no such page");
            }
        }
    }
}
