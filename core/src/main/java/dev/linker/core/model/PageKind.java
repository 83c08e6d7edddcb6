package dev.linker.core.model;

import java.util.Locale;

/**
 * What a page is for: content (an article, a post, a reference page) or a hub — a page that exists to lead to other
 * pages. Hubs are linked from templates anyway; as link targets inside prose they are rarely what an editor wants,
 * and as evaluation sources their links are lists, not editorial choices.
 */
public enum PageKind {
    /** An ordinary page. */
    CONTENT,
    /** The site's home / entry page. */
    HOME,
    /**
     * A tag, category, topic, archive, author or label listing, or a paginated listing (/page/2/), by its address, with
     * no prose of its own.
     */
    LISTING,
    /** Declares itself a collection in JSON-LD (CollectionPage, ItemList, Blog, SearchResultsPage). */
    COLLECTION,
    /** About, contact, imprint. */
    ABOUT,
    /** A page whose main content is a list of links, wherever it lives (an archive, a book index). */
    LINK_LIST,
    /**
     * Written by a documentation generator, not an author: Sphinx's highlighted source ({@code _modules/}), page
     * sources ({@code _sources/}) and indexes ({@code genindex}, {@code py-modindex}), Javadoc's class lists and
     * trees, rustdoc's and Doxygen's highlighted source. Neither a link target nor an evaluation source.
     */
    GENERATED,
    /** Marked as a hub by the user (--hub REGEX). */
    MARKED;

    public boolean isHub() {
        return this != CONTENT;
    }

    /** Lower case with dashes: "content", "link-list". */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The kind of an id as {@link #id()} writes it; null and "" are {@link #CONTENT}. */
    public static PageKind parse(String id) {
        if (id == null || id.isEmpty()) {
            return CONTENT;
        }
        return valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
