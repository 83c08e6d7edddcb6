package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Page;

import java.util.Map;

/** Pages with more links than readers can use; each link also gets a smaller share of the page's authority. */
final class TooManyLinksCheck extends BaseCheck {
    TooManyLinksCheck() {
        super("too-many-links", "Page with more links than the limit (max, default 150)",
                Severity.WARNING,
                Map.of("max", 150L));
    }

    @Override
    public void run(CheckContext ctx) {
        int max = ctx.intOption("max");
        for (Page page : ctx.site().pages().values()) {
            if (page.links().size() > max) {
                ctx.page(page, page.url() + " has " + page.links().size() + " links, more than the limit of " + max);
            }
        }
    }
}
