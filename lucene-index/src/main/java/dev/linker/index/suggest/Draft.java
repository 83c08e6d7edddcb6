package dev.linker.index.suggest;

import java.util.List;
import java.util.Set;

/**
 * A text to find links for that need not be in the index (a draft in the editor, a query).
 *
 * @param url      its URL when it is (or will be) a page of the site, else null
 * @param text     the text; offsets of anchors are offsets in it
 * @param blocked  character ranges {from, to} of the text where no link may go (headings, code, markup, links)
 * @param links    URLs it already links to (never suggested again)
 * @param category its category path, or null
 * @param safety   its safety class ("" when none)
 * @param published its publication date, or null (then no time proximity counts)
 * @param language its language tag: only pages of that language (or of none known) are suggested; "" for any
 */
public record Draft(String url, String title, String text, List<int[]> blocked, Set<String> links, String category,
                    String safety, java.time.LocalDate published, String language) {
    public Draft {
        title = title == null ? "" : title;
        text = text == null ? "" : text;
        blocked = blocked == null ? List.of() : List.copyOf(blocked);
        links = links == null ? Set.of() : Set.copyOf(links);
        safety = safety == null ? "" : safety;
        language = language == null ? "" : language;
    }

    /** A draft in no particular language. */
    public Draft(String url, String title, String text, List<int[]> blocked, Set<String> links, String category,
                 String safety, java.time.LocalDate published) {
        this(url, title, text, blocked, links, category, safety, published, "");
    }

    public Draft(String url, String title, String text, Set<String> links, String category, String safety) {
        this(url, title, text, List.of(), links, category, safety, null);
    }

    public static Draft of(String title, String text) {
        return new Draft(null, title, text, Set.of(), null, "");
    }
}
