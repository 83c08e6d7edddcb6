package dev.linker.core.model;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a page says about itself beyond its text: when it was published, its tags, whether it is a hub, and where
 * headings, code and links lie in its main text.
 *
 * @param published publication date as written on the page (its local date), or null when unknown
 * @param tags      tags or keywords, in the page's order, without duplicates or blanks
 * @param kind      content or a kind of hub
 * @param regions   headings, code and link texts of {@link Page#text()}, ordered by start
 */
public record PageMeta(LocalDate published, List<String> tags, PageKind kind, List<TextRegion> regions) {
    public static final PageMeta NONE = new PageMeta(null, List.of(), PageKind.CONTENT, List.of());

    public PageMeta {
        Set<String> clean = new LinkedHashSet<>();
        for (String t : tags == null ? List.<String>of() : tags) {
            String s = t == null ? "" : t.strip();
            if (!s.isEmpty()) {
                clean.add(s);
            }
        }
        tags = List.copyOf(new ArrayList<>(clean));
        kind = kind == null ? PageKind.CONTENT : kind;
        regions = regions == null ? List.of() : List.copyOf(regions);
    }

    public PageMeta withKind(PageKind k) {
        return new PageMeta(published, tags, k, regions);
    }

    public boolean hub() {
        return kind.isHub();
    }
}
