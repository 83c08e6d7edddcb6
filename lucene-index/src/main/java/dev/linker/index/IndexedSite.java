package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The index as core's {@link Site}, for the audit's checks: every page that is not killed, with its content links as
 * written (pages written through the API, or indexed since links were kept) or, for a page indexed before, its
 * content links by target (no anchor) and its other links as navigation; a merged or redirected page is a redirect
 * of the site to its survivor. Fragments are left out: the index does not know a page's ids, so a link's fragment
 * is not checked. Titles only (no text), so a site of 100,000 pages is a few hundred bytes a page.
 */
public final class IndexedSite {
    private static final Set<String> FIELDS = Set.of(Fields.URL, Fields.TITLE, Fields.STATUS, Fields.REDIRECT,
            Fields.LINKS, Fields.ALL_LINKS, Fields.WRITTEN_LINKS, Fields.KIND);

    private IndexedSite() {
    }

    /** The site of one version of the index. */
    public static Site of(PageView view) {
        Map<String, Page> pages = new TreeMap<>();
        Map<String, String> redirects = new LinkedHashMap<>();
        view.forEachStored(FIELDS, d -> {
            Status status = d.get(Fields.STATUS) == null ? Status.LIVE : Status.parse(d.get(Fields.STATUS));
            if (status == Status.KILLED) {
                return;
            }
            String url = d.get(Fields.URL);
            String redirect = status == Status.LIVE ? null : d.get(Fields.REDIRECT);
            if (redirect != null) {
                redirects.put(url, redirect);
            }
            pages.put(url, new Page(url, "", new Page.Titles(d.get(Fields.TITLE), ""),
                    new Page.Indexing(null, false, false, redirect), List.of(), Page.Body.EMPTY, links(url, d)));
        });
        return new Site("index", null, pages, Set.of(), redirects);
    }

    private static List<Link> links(String url, StoredPage d) {
        String[] written = d.getAll(Fields.WRITTEN_LINKS);
        List<Link> out = new ArrayList<>();
        if (written.length > 0) {
            for (Link l : PageDocuments.written(url, written)) {
                out.add(new Link(url, l.href(), l.targetUrl(), null, l.anchorText(), "", Placement.CONTENT,
                        Link.Position.UNKNOWN));
            }
            return out;
        }
        Set<String> content = new HashSet<>();
        for (String t : d.getAll(Fields.LINKS)) {
            content.add(t);
            out.add(new Link(url, t, t, null, "", "", Placement.CONTENT, Link.Position.UNKNOWN));
        }
        for (String t : d.getAll(Fields.ALL_LINKS)) {
            if (!content.contains(t)) {
                out.add(new Link(url, t, t, null, "", "", Placement.NAV, Link.Position.UNKNOWN));
            }
        }
        return out;
    }
}
