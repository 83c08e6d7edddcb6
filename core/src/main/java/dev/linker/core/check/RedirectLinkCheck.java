package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

/** Links to a page that redirects (meta refresh, _redirects): an extra hop that leaks authority and crawl budget. */
final class RedirectLinkCheck extends BaseCheck {
    RedirectLinkCheck() {
        super("redirect-link", "Internal link to a URL that redirects; link to the final page instead",
                Severity.WARNING);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Page page : ctx.site().pages().values()) {
            if (page.redirectTo() != null) {
                continue; // a redirect stub's own link is the redirect itself
            }
            for (Link l : page.links()) {
                String t = l.targetUrl();
                if (t == null || t.equals(page.url())) {
                    continue;
                }
                String to = ctx.site().redirects().get(t);
                if (to != null) {
                    ctx.link(l, "link to " + t + " goes through a redirect to " + to + "; link to " + to + " directly");
                }
            }
        }
    }
}
