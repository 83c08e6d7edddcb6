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
 */
public record ReadOptions(Path dir, String baseUrl, String contentSelector, String boilerplateSelector,
                          long maxPageBytes, ReadListener listener) {

    public static final long DEFAULT_MAX_PAGE_BYTES = 16L * 1024 * 1024;

    public ReadOptions {
        if (maxPageBytes <= 0) {
            maxPageBytes = DEFAULT_MAX_PAGE_BYTES;
        }
        if (listener == null) {
            listener = ReadListener.NONE;
        }
    }

    public static ReadOptions of(Path dir) {
        return new ReadOptions(dir, null, null, null, DEFAULT_MAX_PAGE_BYTES, ReadListener.NONE);
    }

    public ReadOptions withSelectors(String content, String boilerplate) {
        return new ReadOptions(dir, baseUrl, content, boilerplate, maxPageBytes, listener);
    }

    public ReadOptions withBaseUrl(String url) {
        return new ReadOptions(dir, url, contentSelector, boilerplateSelector, maxPageBytes, listener);
    }

    public ReadOptions withListener(ReadListener l) {
        return new ReadOptions(dir, baseUrl, contentSelector, boilerplateSelector, maxPageBytes, l);
    }
}
