package dev.linker.core.check;

import dev.linker.core.result.Severity;
import dev.linker.core.model.Site;

/** Files the reader could not take as they are (undecodable, too large, duplicate page): their links are unchecked. */
final class UnreadablePageCheck extends BaseCheck {
    UnreadablePageCheck() {
        super("unreadable-page", "Page that could not be read as it is (bad encoding, too large, unreadable)",
                Severity.ERROR);
    }

    @Override
    public void run(CheckContext ctx) {
        for (Site.Problem p : ctx.site().problems()) {
            ctx.file(p.file(), p.key(), p.file() + " " + p.message());
        }
    }
}
