package dev.linker.core.check;

import dev.linker.core.result.Severity;

/** Links to a page that redirects (meta refresh, _redirects): an extra hop that leaks authority and crawl budget. */
final class RedirectLinkCheck extends BaseCheck {
    RedirectLinkCheck() {
        super("redirect-link", "Internal link to a URL that redirects; link to the final page instead",
                Severity.WARNING);
    }

    @Override
    public void run(CheckContext ctx) {
        ctx.eachLinkOut((page, l) -> {
            String to = ctx.site().redirects().get(l.targetUrl());
            // A redirect stub's own link is the redirect itself.
            if (to != null && page.redirectTo() == null) {
                ctx.link(l, "link to " + l.targetUrl() + " goes through a redirect to " + to + "; link to " + to
                        + " directly");
            }
        });
    }
}
