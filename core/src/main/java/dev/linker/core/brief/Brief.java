package dev.linker.core.brief;

import java.nio.file.Path;
import java.util.List;

/**
 * A content brief as written in {@code briefs/*.md}:
 *
 * <pre>
 * ---
 * url: /guides/cold-brew/        # or slug: cold-brew (the page's last path segment)
 * query: cold brew ratio
 * title: Cold brew at home
 * requiredLinks:
 *   - url: /guides/grinding/
 *     anchor: coarse grind        # optional: the link must use this text
 * ---
 * Notes for the writer (free Markdown).
 * </pre>
 *
 * @param file          the brief file
 * @param url           planned page key or URL, or null when only a slug is given
 * @param slug          planned last path segment, or null
 * @param query         the main search query the article targets ("" when none)
 * @param title         planned title ("" when none)
 * @param requiredLinks links the published page must carry
 * @param line          1-based line of {@code url:} or {@code slug:} in the file (where annotations point)
 */
public record Brief(Path file, String url, String slug, String query, String title, List<RequiredLink> requiredLinks,
                    int line) {

    /**
     * @param url    target page key or URL
     * @param anchor anchor text the link must have, or null for any
     * @param line   1-based line of this entry in the brief file
     */
    public record RequiredLink(String url, String anchor, int line) {
    }

    public Brief {
        requiredLinks = List.copyOf(requiredLinks);
    }
}
