package dev.linker.core.model;

import java.util.List;
import java.util.Map;

/**
 * One page of a site, as every door sees it: its key and file, its {@link Titles}, what it tells search engines
 * ({@link Indexing}), its breadcrumbs, its {@link Body}, its links and its meta; the grouped parts read through the
 * accessors below as well ({@link #title()}, {@link #noindex()}, {@link #text()} …).
 *
 * <p>{@code url} is the page key: a root-relative path, "/" for the root index, "/dir/" for
 * {@code dir/index.html}, "/a/b.html" for other files. Pages read from a CSV use their absolute address instead.
 *
 * @param url         page key
 * @param file        path of the source file relative to the site root ("" when not read from files)
 * @param titles      its title and first heading
 * @param indexing    its canonical, meta robots and meta refresh
 * @param breadcrumbs breadcrumb trail, root first (empty when the page has none)
 * @param body        its main text, the heading of each section and its language
 * @param links       every link on the page, in document order
 * @param meta        publication date, tags, kind (content or hub) and text regions ({@link PageMeta#NONE} when
 *                    unknown)
 */
public record Page(String url, String file, Titles titles, Indexing indexing, List<Crumb> breadcrumbs, Body body,
                   List<Link> links, PageMeta meta) {

    /**
     * What a page is called.
     *
     * @param title {@code <title>} text, whitespace collapsed ("" when absent)
     * @param h1    first {@code <h1>}, else the first heading ("" when none)
     */
    public record Titles(String title, String h1) {
    }

    /**
     * What a page tells search engines and browsers about itself.
     *
     * @param canonical  canonical page key or absolute URL, or null
     * @param noindex    meta robots noindex
     * @param nofollow   meta robots nofollow
     * @param redirectTo page key or URL a meta refresh sends to, or null
     */
    public record Indexing(String canonical, boolean noindex, boolean nofollow, String redirectTo) {
        /** No canonical, indexed and followed, no meta refresh. */
        public static final Indexing NONE = new Indexing(null, false, false, null);
    }

    /**
     * What a page says.
     *
     * @param text            main-content text; from HTML one line per block (paragraph, heading, list item, cell …),
     *                        so a {@code \n} is always a block boundary
     * @param sectionHeadings element id → text of the heading of that section (every id on the page is a key; the
     *                        value is "" where no heading belongs to it)
     * @param lang            the html lang attribute ("" when absent)
     */
    public record Body(String text, Map<String, String> sectionHeadings, String lang) {
        /** No text, no sections, no language. */
        public static final Body EMPTY = new Body("", Map.of(), "");

        public Body {
            sectionHeadings = Map.copyOf(sectionHeadings);
        }
    }

    public Page {
        breadcrumbs = List.copyOf(breadcrumbs);
        links = PageLinks.of(links);
        meta = meta == null ? PageMeta.NONE : meta;
    }

    /** A page nothing is known about beyond its HTML facts ({@link PageMeta#NONE}). */
    public Page(String url, String file, Titles titles, Indexing indexing, List<Crumb> breadcrumbs, Body body,
                List<Link> links) {
        this(url, file, titles, indexing, breadcrumbs, body, links, PageMeta.NONE);
    }

    public String title() {
        return titles.title();
    }

    public String h1() {
        return titles.h1();
    }

    public String canonical() {
        return indexing.canonical();
    }

    public boolean noindex() {
        return indexing.noindex();
    }

    public boolean nofollow() {
        return indexing.nofollow();
    }

    public String redirectTo() {
        return indexing.redirectTo();
    }

    public String text() {
        return body.text();
    }

    public Map<String, String> sectionHeadings() {
        return body.sectionHeadings();
    }

    public String lang() {
        return body.lang();
    }

    public Page withLinks(List<Link> l) {
        return new Page(url, file, titles, indexing, breadcrumbs, body, l, meta);
    }

    public Page withMeta(PageMeta m) {
        return new Page(url, file, titles, indexing, breadcrumbs, body, links, m);
    }

    /** Title when present, else the H1: what a reader would call this page. */
    public String name() {
        return title().isBlank() ? h1() : title();
    }

    /** A page read from a CSV or API: no file, no positions. */
    public static Page of(String url, String title, String h1, String text) {
        return new Page(url, "", new Titles(title, h1 == null ? "" : h1), Indexing.NONE, List.of(),
                new Body(text, Map.of(), ""), List.of());
    }

    /** A page known by its key and file only (its file could not be read): no title, text or links. */
    public static Page unread(String url, String file) {
        return new Page(url, file, new Titles("", ""), Indexing.NONE, List.of(), Body.EMPTY, List.of());
    }
}
