package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.brief.Brief;
import dev.linker.core.brief.Briefs;

/** A content brief whose page is not in the built site yet: planned work, reported as information. */
final class BriefUnpublishedCheck extends BaseCheck {
    BriefUnpublishedCheck() {
        super("brief-unpublished", "A content brief whose page is not published yet",
                Severity.INFO);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Brief b : ctx.briefs()) {
            if (Briefs.page(b, ctx.site()) == null) {
                String planned = b.url() != null ? Briefs.key(b.url(), ctx.site()) : "slug '" + b.slug() + "'";
                ctx.brief(b, b.line(), b.url() != null ? planned : "/" + b.slug(), null, null,
                        "brief " + b.file().getFileName() + (b.query().isEmpty() ? "" : " (query '" + b.query() + "')")
                                + " has no published page yet: " + planned + " is not in the site");
            }
        }
    }
}
