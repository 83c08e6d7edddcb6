package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.PageMeta;

import java.util.List;

/**
 * One page as the index holds it.
 *
 * @param links    outbound content links (what evaluation judges and link density counts)
 * @param names    anchor texts other pages use for this page, each {source, text}
 * @param queries  Search Console queries, most clicked first, each {query, clicks}
 * @param meta     publication date, tags, kind (content or hub) and the body's text regions
 * @param allLinks outbound internal links of any placement (navigation, header, footer too): the links the page
 *                 already has, which suggestions never duplicate
 * @param written  the content links as written on the page, internal ones only: href, the page key it lands on,
 *                 fragment and anchor text ({@code Link} of core, placement content); what the link report reads.
 *                 Empty for a page stored before they were kept
 */
public record PageRecord(String url, String title, String h1, String body, String category, Status status,
                         String redirectTo, double authority, int inbound, String safety, List<String> links,
                         List<String[]> names, List<String[]> queries, PageMeta meta, List<String> allLinks,
                         List<Link> written) {

    public PageRecord {
        title = title == null ? "" : title;
        h1 = h1 == null ? "" : h1;
        body = body == null ? "" : body;
        safety = safety == null ? "" : safety;
        status = status == null ? Status.LIVE : status;
        links = links == null ? List.of() : List.copyOf(links);
        names = names == null ? List.of() : List.copyOf(names);
        queries = queries == null ? List.of() : List.copyOf(queries);
        meta = meta == null ? PageMeta.NONE : meta;
        allLinks = allLinks == null ? links : List.copyOf(allLinks);
        written = written == null ? List.of() : List.copyOf(written);
    }

    /** A page whose links as written are not known (only where they land). */
    public PageRecord(String url, String title, String h1, String body, String category, Status status,
                      String redirectTo, double authority, int inbound, String safety, List<String> links,
                      List<String[]> names, List<String[]> queries, PageMeta meta, List<String> allLinks) {
        this(url, title, h1, body, category, status, redirectTo, authority, inbound, safety, links, names, queries,
                meta, allLinks, List.of());
    }

    /** A page with no metadata whose only links are its content links (an API upsert, a test). */
    public PageRecord(String url, String title, String h1, String body, String category, Status status,
                      String redirectTo, double authority, int inbound, String safety, List<String> links,
                      List<String[]> names, List<String[]> queries) {
        this(url, title, h1, body, category, status, redirectTo, authority, inbound, safety, links, names, queries,
                PageMeta.NONE, null);
    }

    public static PageRecord of(String url, String title, String h1, String body, String category) {
        return new PageRecord(url, title, h1, body, category, Status.LIVE, null, 0, 0, "", List.of(), List.of(),
                List.of());
    }

    public PageRecord withStatus(Status s, String redirect) {
        return new PageRecord(url, title, h1, body, category, s, redirect, authority, inbound, safety, links, names,
                queries, meta, allLinks, written);
    }

    public PageRecord withSafety(String cls) {
        return new PageRecord(url, title, h1, body, category, status, redirectTo, authority, inbound, cls, links,
                names, queries, meta, allLinks, written);
    }

    /** The same page with other anchor names and inbound count (a merged page's survivor inherits both). */
    public PageRecord withNames(List<String[]> n, int in) {
        return new PageRecord(url, title, h1, body, category, status, redirectTo, authority, in, safety, links, n,
                queries, meta, allLinks, written);
    }

    public PageRecord withMeta(PageMeta m) {
        return new PageRecord(url, title, h1, body, category, status, redirectTo, authority, inbound, safety, links,
                names, queries, m, allLinks, written);
    }

    /** Whether the page is a hub (home, listing, about …): not a link target by default. */
    public boolean hub() {
        return meta.hub();
    }
}
