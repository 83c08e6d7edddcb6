package dev.linker.core.result;

/**
 * One problem found by a check, located as precisely as the input allows.
 *
 * @param checkId   id of the check ("orphan", "broken-link" …)
 * @param severity  severity after configuration
 * @param message   one sentence a user can act on
 * @param place     where in the built site: the page, its file, the line and column
 * @param targetUrl link target page key, or null for page findings
 * @param anchor    the link's anchor text, or null for page findings
 * @param source    the source file a reviewer edits (Markdown under a content folder …) and the line there, or null
 *                  when the built file is the one to edit; GitHub annotations and SARIF prefer it
 */
public record Finding(String checkId, Severity severity, String message, Place place, String targetUrl, String anchor,
                      Source source) {

    /**
     * Where a finding is in the built site.
     *
     * @param pageUrl page key the finding is about (for link findings: the page carrying the link)
     * @param file    source file relative to the site root, or "" when unknown
     * @param line    1-based line, 0 when the finding is about a whole page
     * @param column  1-based column, 0 when unknown
     */
    public record Place(String pageUrl, String file, int line, int column) {
    }

    /**
     * A place in a source file.
     *
     * @param file absolute path of the source file
     * @param line 1-based line (0 when unknown)
     */
    public record Source(java.nio.file.Path file, int line) {
    }

    /** A finding located in the built site only. */
    public Finding(String checkId, Severity severity, String message, Place place, String targetUrl, String anchor) {
        this(checkId, severity, message, place, targetUrl, anchor, null);
    }

    public String pageUrl() {
        return place.pageUrl();
    }

    public String file() {
        return place.file();
    }

    public int line() {
        return place.line();
    }

    public int column() {
        return place.column();
    }

    public Finding withSource(Source s) {
        return new Finding(checkId, severity, message, place, targetUrl, anchor, s);
    }

    /**
     * The one order of findings: most severe first, then by file (or page), line, column, check, message and target,
     * the same whatever order the checks ran in, so every result and report is reproducible.
     */
    public static final java.util.Comparator<Finding> ORDER = java.util.Comparator.comparing(Finding::severity)
            .thenComparing(Finding::fileOrPage)
            .thenComparingInt(Finding::line)
            .thenComparingInt(Finding::column)
            .thenComparing(Finding::checkId)
            .thenComparing(Finding::message)
            .thenComparing(f -> f.targetUrl() == null ? "" : f.targetUrl());

    /** The same finding in another file (a crawl's page URL for the file the audit read). */
    public Finding withFile(String other) {
        return new Finding(checkId, severity, message, new Place(pageUrl(), other, line(), column()), targetUrl, anchor,
                source);
    }

    /** Where a finding with neither a file nor a page is shown: it is about the site as a whole. */
    public static final String SITE_WIDE = "(site)";

    /**
     * "file:line:col", "file:line" or "file" as editors and terminals link them; the page key when no file, and
     * {@link #SITE_WIDE} when neither.
     */
    public String location() {
        String where = fileOrPage();
        StringBuilder b = new StringBuilder(where.isEmpty() ? SITE_WIDE : where);
        if (file() != null && !file().isEmpty() && line() > 0) {
            b.append(':').append(line());
            if (column() > 0) {
                b.append(':').append(column());
            }
        }
        return b.toString();
    }

    /** The finding's file, else its page, else "" (a finding about the site as a whole). */
    public String fileOrPage() {
        String file = file();
        String pageUrl = pageUrl();
        return file != null && !file.isEmpty() ? file : pageUrl != null && !pageUrl.isEmpty() ? pageUrl : "";
    }

    /**
     * Identity used by baselines: stable across edits that only move lines, so a baseline survives reformatting.
     */
    public String fingerprint() {
        return checkId + "|" + pageUrl() + "|" + (targetUrl == null ? "" : targetUrl) + "|"
                + (anchor == null ? "" : anchor);
    }
}
