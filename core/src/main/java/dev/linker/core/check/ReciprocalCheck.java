package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.Map;

/** Pairs of pages that link to each other from their content: link loops that pass little and often look schematic. */
final class ReciprocalCheck extends BaseCheck {
    ReciprocalCheck() {
        super("reciprocal", "Two pages linking to each other from their content (a reciprocal link loop)",
                Severity.INFO,
                Map.of("contentOnly", true));
    }

    @Override
    public void run(CheckContext ctx) {
        boolean contentOnly = ctx.boolOption("contentOnly");
        LinkGraph g = ctx.graph();
        for (LinkGraph.Edge pair : g.reciprocalPairs(contentOnly)) {
            Page a = ctx.site().page(pair.source());
            Link first = a.links().stream()
                    .filter(l -> pair.target().equals(l.targetUrl()) && (!contentOnly || l.content()))
                    .findFirst().orElseThrow();
            ctx.link(first, pair.source() + " and " + pair.target() + " link to each other"
                    + (contentOnly ? " from their content" : ""));
        }
    }
}
