package dev.linker.core.check;

import dev.linker.core.result.Severity;
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
        Set<String> seen = new HashSet<>(); // once per page and target
        ctx.eachLinkOut((page, l) -> {
            Page t = l.content() ? ctx.site().page(l.targetUrl()) : null;
            if (t != null && t.noindex() && seen.add(page.url() + " " + t.url())) {
                ctx.link(l, "link to " + t.url() + ", which is marked noindex");
            }
        });
    }
}
