package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.HashSet;
import java.util.Set;

/** Content links to pages that ask not to be indexed: authority sent where search engines will not use it. */
final class NoindexTargetCheck extends BaseCheck {
    NoindexTargetCheck() {
        super("noindex-target", "Link from content to a page marked noindex",
                Severity.WARNING);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Page page : ctx.site().pages().values()) {
            Set<String> seen = new HashSet<>();
            for (Link l : page.links()) {
                if (l.targetUrl() == null || !l.content() || l.targetUrl().equals(page.url())) {
                    continue;
                }
                Page t = ctx.site().page(l.targetUrl());
                if (t != null && t.noindex() && seen.add(t.url())) {
                    ctx.link(l, "link to " + t.url() + ", which is marked noindex");
                }
            }
        }
    }
}
