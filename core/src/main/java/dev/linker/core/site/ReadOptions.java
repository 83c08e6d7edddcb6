package dev.linker.core.site;

import java.nio.file.Path;

/**
 * How to read a built site.
 *
 * @param dir                 folder of built HTML
 * @param baseUrl             absolute base URL whose host makes absolute links internal, or null
 * @param contentSelector     CSS selector of the main content, or null to auto-detect
 * @param boilerplateSelector CSS selector of boilerplate inside the content, or null
 * @param maxPageBytes        pages larger than this are registered but not parsed (reported as unreadable)
 * @param listener            progress and problems
 * @param keepText            whether pages keep their main text and its regions; the audit reads without them (it
 *                            checks links, titles and headings), which is what lets a catalogue of a million pages
 *                            fit in a few GB of heap and reads it about a fifth faster. Without the text, a page's
 *                            metadata is what it declares (JSON-LD, meta tags, its URL): no link-list hub, no date
 *                            from a {@code <time>} in the text.
 */
public record ReadOptions(Path dir, String baseUrl, String contentSelector, String boilerplateSelector,
                          long maxPageBytes, ReadListener listener, boolean keepText) {

    public static final long DEFAULT_MAX_PAGE_BYTES = 16L * 1024 * 1024;

    public ReadOptions {
        if (maxPageBytes <= 0) {
            maxPageBytes = DEFAULT_MAX_PAGE_BYTES;
        }
        if (listener == null) {
            listener = ReadListener.NONE;
        }
    }

    /** Options that keep each page's text. */
    public ReadOptions(Path dir, String baseUrl, String contentSelector, String boilerplateSelector, long maxPageBytes,
                       ReadListener listener) {
        this(dir, baseUrl, contentSelector, boilerplateSelector, maxPageBytes, listener, true);
    }

    public static ReadOptions of(Path dir) {
        return new ReadOptions(dir, null, null, null, DEFAULT_MAX_PAGE_BYTES, ReadListener.NONE);
    }

    public ReadOptions withSelectors(String content, String boilerplate) {
        return new ReadOptions(dir, baseUrl, content, boilerplate, maxPageBytes, listener, keepText);
    }

    public ReadOptions withBaseUrl(String url) {
        return new ReadOptions(dir, url, contentSelector, boilerplateSelector, maxPageBytes, listener, keepText);
    }

    public ReadOptions withListener(ReadListener l) {
        return new ReadOptions(dir, baseUrl, contentSelector, boilerplateSelector, maxPageBytes, l, keepText);
    }

    /** The same options, reading pages without their main text (what the audit needs). */
    public ReadOptions withoutText() {
        return new ReadOptions(dir, baseUrl, contentSelector, boilerplateSelector, maxPageBytes, listener, false);
    }

    /** The same options, reading pages with their main text. */
    public ReadOptions withText() {
        return new ReadOptions(dir, baseUrl, contentSelector, boilerplateSelector, maxPageBytes, listener, true);
    }
}
