package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Page;

/** rel="nofollow" on internal links (or a page-wide meta nofollow): the site throws away its own authority. */
final class NofollowInternalCheck extends BaseCheck {
    NofollowInternalCheck() {
        super("nofollow-internal", "Internal link marked rel=nofollow, or a page whose meta robots says nofollow",
                Severity.WARNING);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Page page : ctx.site().pages().values()) {
            if (page.nofollow()) {
                ctx.page(page, page.url() + " has meta robots nofollow: none of its " + page.links().size()
                        + " links pass authority");
            }
        }
        ctx.eachLinkOut((page, l) -> {
            if (l.nofollow()) {
                ctx.link(l, "internal link to " + l.targetUrl() + " is rel=\"" + l.rel() + "\"");
            }
        });
    }
}
