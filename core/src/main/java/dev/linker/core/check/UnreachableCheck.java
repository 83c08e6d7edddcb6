package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Page;

/** Pages that have inbound links but cannot be reached from the entry page (orphans are reported as such). */
final class UnreachableCheck extends BaseCheck {
    UnreachableCheck() {
        super("unreachable", "Page not reachable by following links from the entry page",
                Severity.ERROR);
    }

    @Override
    public void run(CheckContext ctx) {
        LinkGraph g = ctx.graph();
        for (String url : g.unreachable()) {
            Page p = ctx.site().page(url);
            if (g.inbound(url) == 0 || ctx.exempt(p)) {
                continue;
            }
            ctx.page(p, url + " cannot be reached from " + g.entry() + ": the " + g.inbound(url) + " page"
                    + (g.inbound(url) == 1 ? " that links" : "s that link") + " to it are themselves unreachable");
        }
    }
}
