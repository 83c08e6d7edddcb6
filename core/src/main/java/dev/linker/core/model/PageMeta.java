package dev.linker.core.model;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a page says about itself beyond its text: when it was published, its tags, whether it is a hub, where
 * headings, code and links lie in its main text, and its language.
 *
 * @param published publication date as written on the page (its local date), or null when unknown
 * @param tags      tags or keywords, in the page's order, without duplicates or blanks
 * @param kind      content or a kind of hub
 * @param regions   headings, code and link texts of {@link Page#text()}, ordered by start
 * @param language  its language as a BCP 47 tag ("fr", "pt-BR"; the html lang attribute, or what a CMS says), "" when
 *                  unknown
 */
public record PageMeta(LocalDate published, List<String> tags, PageKind kind, List<TextRegion> regions,
                       String language) {
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
        language = language == null ? "" : language.strip();
    }

    /** Metadata of a page whose language is unknown. */
    public PageMeta(LocalDate published, List<String> tags, PageKind kind, List<TextRegion> regions) {
        this(published, tags, kind, regions, "");
    }

    public PageMeta withKind(PageKind k) {
        return new PageMeta(published, tags, k, regions, language);
    }

    public PageMeta withLanguage(String l) {
        return new PageMeta(published, tags, kind, regions, l);
    }

    /**
     * Whether a page in language {@code a} may link to one in {@code b}: when either is unknown, or both have the same
     * primary language subtag ("pt-BR" and "pt-PT" agree; "fr" and "en" do not), compared ignoring case.
     */
    public static boolean languagesAgree(String a, String b) {
        if (a == null || b == null || a.isBlank() || b.isBlank()) {
            return true;
        }
        return primary(a).equalsIgnoreCase(primary(b));
    }

    private static String primary(String tag) {
        String t = tag.strip();
        int cut = t.indexOf('-') >= 0 ? t.indexOf('-') : t.indexOf('_');
        return cut < 0 ? t : t.substring(0, cut);
    }

    public boolean hub() {
        return kind.isHub();
    }
}
