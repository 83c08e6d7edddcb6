package dev.linker.core.model;

import java.util.Locale;

/**
 * One {@code <a href>} (or {@code <area href>}) as written on a page.
 *
 * @param sourceUrl  page key of the page that carries the link
 * @param href       the attribute exactly as written
 * @param targetUrl  page key the href resolves to (may name a page or file that does not exist; the source's own key
 *                   for an empty href or a bare {@code #fragment}), or null when the link leaves the site
 * @param fragment   the fragment without '#', or null
 * @param anchorText visible text (or img alt) of the link, whitespace collapsed
 * @param rel        the rel attribute, or "" when absent
 * @param placement  content or a boilerplate region
 * @param position   where the tag is in the source file ({@link Position#UNKNOWN} e.g. from a CSV)
 */
public record Link(String sourceUrl, String href, String targetUrl, String fragment, String anchorText,
                   String rel, Placement placement, Position position) {

    /**
     * Where a link's tag is in its page's source file.
     *
     * @param line   1-based line of the tag (0 when unknown)
     * @param column 1-based column of the tag (0 when unknown)
     */
    public record Position(int line, int column) {
        /** Neither line nor column known (a link read from a CSV, an index …). */
        public static final Position UNKNOWN = new Position(0, 0);
    }

    /** 1-based line of the tag in the source file (0 when unknown, e.g. from a CSV). */
    public int line() {
        return position.line();
    }

    /** 1-based column of the tag (0 when unknown). */
    public int column() {
        return position.column();
    }

    public boolean internal() {
        return targetUrl != null;
    }

    public boolean nofollow() {
        return rel != null && rel.toLowerCase(Locale.ROOT).contains("nofollow");
    }

    public boolean content() {
        return placement.isContent();
    }
}
