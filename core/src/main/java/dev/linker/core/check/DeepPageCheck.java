package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Page;

import java.util.Map;

/** Pages more clicks from the entry page than maxDepth: crawlers and readers rarely get that far. */
final class DeepPageCheck extends BaseCheck {
    DeepPageCheck() {
        super("deep-page", "Page more clicks from the entry page than maxDepth",
                Severity.WARNING,
                Map.of("maxDepth", 4L));
    }

    @Override
    public void run(CheckContext ctx) {
        int max = ctx.intOption("maxDepth");
        LinkGraph g = ctx.graph();
        for (String url : g.urls()) {
            int d = g.depth(url);
            Page p = ctx.site().page(url);
            if (d > max && !ctx.exempt(p)) {
                ctx.page(p, url + " is " + d + " clicks from " + g.entry() + ", deeper than the limit of " + max);
            }
        }
    }
}
