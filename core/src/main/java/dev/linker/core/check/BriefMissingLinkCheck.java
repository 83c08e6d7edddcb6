package dev.linker.core.check;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.result.Severity;
import dev.linker.core.brief.Brief;
import dev.linker.core.brief.Briefs;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.List;

/** A published page that lacks a link its content brief requires (or has it with another anchor than required). */
final class BriefMissingLinkCheck extends BaseCheck {
    BriefMissingLinkCheck() {
        super("brief-missing-link", "A link the page's content brief requires is missing (or uses another anchor than required)",
                Severity.ERROR);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Brief b : ctx.briefs()) {
            String key = Briefs.page(b, ctx.site());
            if (key == null) {
                continue; // brief-unpublished says so
            }
            Page page = ctx.site().page(key);
            for (Brief.RequiredLink r : b.requiredLinks()) {
                String target = Briefs.key(r.url(), ctx.site());
                List<Link> to = page.links().stream().filter(l -> target.equals(l.targetUrl())).toList();
                String file = ctx.site().root().isEmpty() ? b.file().toString() : b.file().getFileName().toString();
                if (!ctx.site().contains(target)) {
                    ctx.brief(b, r.line(), key, target, r.anchor(), "brief " + file + " requires a link to " + r.url()
                            + ", which is not a page of the site (a typo, or a page not published yet)");
                } else if (to.isEmpty()) {
                    ctx.brief(b, r.line(), key, target, r.anchor(), key + " lacks the link to " + target
                            + (r.anchor() == null ? "" : " (anchor '" + r.anchor() + "')") + " that its brief " + file + " requires");
                } else if (r.anchor() != null && to.stream().noneMatch(l ->
                        AnchorText.normalize(l.anchorText()).equals(AnchorText.normalize(r.anchor())))) {
                    Link l = to.get(0);
                    ctx.link(l, "the link to " + target + " says '" + l.anchorText() + "', but brief " + file
                            + " requires the anchor '" + r.anchor() + "'");
                }
            }
        }
    }
}
