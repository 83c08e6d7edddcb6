package dev.linker.core.check;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.history.TitleHistory;
import dev.linker.core.model.Page;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * A former title (or H1) of a link's target that the anchor still says: the strongest stale-anchor evidence, since
 * the history shows the anchor was the title once.
 *
 * @param former  the old name the anchor matches
 * @param current what the page is called now
 * @param since   when the page got its current name, or null when that change is not committed yet
 */
record FormerTitle(String former, String current, Instant since) {

    /** The former name of {@code target} equal to the normalised anchor, or null when there is none. */
    static FormerTitle find(CheckContext ctx, Page target, String normalizedAnchor) {
        List<TitleHistory.Version> versions = ctx.history().titles().versions(target.url());
        if (versions.isEmpty() || normalizedAnchor.isEmpty()) {
            return null;
        }
        String title = ctx.template().strip(target.title());
        String current = title.isBlank() ? target.h1() : title;
        // Versions newest first: the first one not named as the page is now ends the current name's stretch.
        int end = 0;
        while (end < versions.size() && named(ctx, versions.get(end), title, target.h1())) {
            end++;
        }
        for (int i = end; i < versions.size(); i++) {
            TitleHistory.Version v = versions.get(i);
            for (String n : List.of(ctx.template().strip(v.title()), v.h1())) {
                if (!n.isBlank() && AnchorText.normalize(n).equals(normalizedAnchor)) {
                    return new FormerTitle(n, current, end == 0 ? null : versions.get(end - 1).since());
                }
            }
        }
        return null;
    }

    private static boolean named(CheckContext ctx, TitleHistory.Version v, String title, String h1) {
        return AnchorText.normalize(ctx.template().strip(v.title())).equals(AnchorText.normalize(title))
                && AnchorText.normalize(v.h1()).equals(AnchorText.normalize(h1));
    }

    String message() {
        return "anchor says '" + former + "'; the page has been '" + current + "' since "
                + (since == null ? "uncommitted changes" : since.atZone(ZoneOffset.UTC).toLocalDate().toString());
    }
}
