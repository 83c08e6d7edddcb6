package dev.linker.core.model;

import java.util.List;
import java.util.Map;

/**
 * One page of a site, as every door sees it.
 *
 * <p>{@code url} is the page key: a root-relative path, "/" for the root index, "/dir/" for
 * {@code dir/index.html}, "/a/b.html" for other files. Pages read from a CSV use their absolute address instead.
 *
 * @param url             page key
 * @param file            path of the source file relative to the site root ("" when not read from files)
 * @param title           {@code <title>} text, whitespace collapsed ("" when absent)
 * @param h1              first {@code <h1>}, else the first heading ("" when none)
 * @param canonical       canonical page key or absolute URL, or null
 * @param noindex         meta robots noindex
 * @param nofollow        meta robots nofollow
 * @param breadcrumbs     breadcrumb trail, root first (empty when the page has none)
 * @param text            main-content text; from HTML one line per block (paragraph, heading, list item, cell …),
 *                        so a {@code \n} is always a block boundary
 * @param sectionHeadings element id → text of the heading of that section (every id on the page is a key; the
 *                        value is "" where no heading belongs to it)
 * @param links           every link on the page, in document order
 * @param redirectTo      page key or URL a meta refresh sends to, or null
 * @param lang            the html lang attribute ("" when absent)
 * @param meta            publication date, tags, kind (content or hub) and text regions ({@link PageMeta#NONE}
 *                        when unknown)
 */
public record Page(String url, String file, String title, String h1, String canonical, boolean noindex,
                   boolean nofollow, List<Crumb> breadcrumbs, String text, Map<String, String> sectionHeadings,
                   List<Link> links, String redirectTo, String lang, PageMeta meta) {

    public Page {
        breadcrumbs = List.copyOf(breadcrumbs);
        links = PageLinks.of(links);
        sectionHeadings = Map.copyOf(sectionHeadings);
        meta = meta == null ? PageMeta.NONE : meta;
    }

    /** A page nothing is known about beyond its HTML facts ({@link PageMeta#NONE}). */
    public Page(String url, String file, String title, String h1, String canonical, boolean noindex,
                boolean nofollow, List<Crumb> breadcrumbs, String text, Map<String, String> sectionHeadings,
                List<Link> links, String redirectTo, String lang) {
        this(url, file, title, h1, canonical, noindex, nofollow, breadcrumbs, text, sectionHeadings, links,
                redirectTo, lang, PageMeta.NONE);
    }

    public Page withLinks(List<Link> l) {
        return new Page(url, file, title, h1, canonical, noindex, nofollow, breadcrumbs, text, sectionHeadings, l,
                redirectTo, lang, meta);
    }

    public Page withMeta(PageMeta m) {
        return new Page(url, file, title, h1, canonical, noindex, nofollow, breadcrumbs, text, sectionHeadings, links,
                redirectTo, lang, m);
    }

    /** Title when present, else the H1: what a reader would call this page. */
    public String name() {
        return title.isBlank() ? h1 : title;
    }

    /** A page read from a CSV or API: no file, no positions. */
    public static Page of(String url, String title, String h1, String text) {
        return new Page(url, "", title, h1 == null ? "" : h1, null, false, false, List.of(), text,
                Map.of(), List.of(), null, "");
    }

    /** A page known by its key and file only (its file could not be read): no title, text or links. */
    public static Page unread(String url, String file) {
        return new Page(url, file, "", "", null, false, false, List.of(), "", Map.of(), List.of(), null, "");
    }
}
