package dev.linker.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A whole site: its pages by key, plus what the site declares about itself.
 *
 * @param root        human-readable origin (folder path or file name) for messages
 * @param baseUrl     absolute base URL, or null when none was given
 * @param pages       pages by key, sorted by key
 * @param sitemapUrls page keys listed in sitemap.xml, sorted (empty when the site has none)
 * @param redirects   page key → target (page key or absolute URL), from a _redirects file and meta refresh pages
 * @param files       keys of other files that exist under the root (images, PDFs …): links to them are not broken
 * @param problems    pages or files that could not be read as they are, with why (reported by unreadable-page)
 */
public record Site(String root, String baseUrl, Map<String, Page> pages, Set<String> sitemapUrls,
                   Map<String, String> redirects, Set<String> files, List<Problem> problems) {

    /** A file the reader could not take as it is. */
    public record Problem(String file, String key, String message) {
    }

    public Site {
        pages = Collections.unmodifiableMap(new LinkedHashMap<>(pages));
        sitemapUrls = SortedStrings.of(sitemapUrls);
        redirects = Collections.unmodifiableMap(new LinkedHashMap<>(redirects));
        files = Set.copyOf(files);
        problems = List.copyOf(problems);
    }

    /** A site that is only pages (CSV, API): no sitemap, redirects, files or problems. */
    public Site(String root, String baseUrl, Map<String, Page> pages, Set<String> sitemapUrls,
                Map<String, String> redirects) {
        this(root, baseUrl, pages, sitemapUrls, redirects, Set.of(), List.of());
    }

    public Page page(String url) {
        return pages.get(url);
    }

    public boolean contains(String url) {
        return pages.containsKey(url);
    }
}
