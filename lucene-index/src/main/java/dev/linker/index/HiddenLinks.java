package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.Site;
import dev.linker.core.model.TextRegion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A copy of a site in which some links were never made: what an author's page would be without them, as a user would
 * make it by unwrapping those {@code <a>} elements in a copy of the site (their text stays, and is no longer an
 * existing link's text). Evaluation hides real links this way, so its figures are those a user can reproduce.
 */
public final class HiddenLinks {
    private HiddenLinks() {
    }

    /**
     * {@code site} without the links of each page of {@code hidden} (source URL → target URLs) to those targets,
     * directly or through the site's redirects.
     */
    public static Site without(Site site, Map<String, Set<String>> hidden) {
        Map<String, Page> pages = new LinkedHashMap<>(site.pages());
        for (Map.Entry<String, Set<String>> e : hidden.entrySet()) {
            Page p = pages.get(e.getKey());
            if (p == null) {
                continue;
            }
            List<Link> kept = new ArrayList<>(p.links().size());
            List<String> gone = new ArrayList<>();
            for (Link l : p.links()) {
                if (l.internal() && e.getValue().contains(SiteRecords.landing(site, l.targetUrl()))) {
                    gone.add(norm(l.anchorText()));
                } else {
                    kept.add(l);
                }
            }
            if (!gone.isEmpty()) {
                pages.put(p.url(), p.withLinks(kept).withMeta(freed(p, gone)));
            }
        }
        return new Site(site.root(), site.baseUrl(), pages, site.sitemapUrls(), site.redirects(), site.files(),
                site.problems());
    }

    /**
     * The pages {@code page} of {@code site} links outside its content (navigation, header, footer), directly or through
     * the site's redirects: links a suggestion never offers, as the page has them already.
     */
    public static Set<String> outsideContent(Site site, String page) {
        Page p = site.page(page);
        Set<String> out = new java.util.HashSet<>();
        if (p != null) {
            for (Link l : p.links()) {
                if (l.internal() && !l.content()) {
                    out.add(SiteRecords.landing(site, l.targetUrl()));
                }
            }
        }
        return out;
    }

    /**
     * The vectors of {@code base} (an index of the whole site), for an index of a copy to take where a page's text is
     * the same: nothing is embedded again.
     */
    public static VectorSource vectorsOf(PageIndex base) {
        Map<String, String> hashes = base.storedHashes();
        return (url, textHash) -> {
            String h = hashes.get(url);
            return h != null && PageDocuments.textHash(h).equals(textHash) ? base.storedVector(url) : null;
        };
    }

    /** The page's regions without the text of the links that are gone (one region per link, matched by its text). */
    private static PageMeta freed(Page p, List<String> gone) {
        List<String> left = new ArrayList<>(gone);
        List<TextRegion> regions = new ArrayList<>(p.meta().regions().size());
        for (TextRegion r : p.meta().regions()) {
            if (r.kind() == TextRegion.Kind.LINK && r.end() <= p.text().length()
                    && left.remove(norm(p.text().substring(r.start(), r.end())))) {
                continue;
            }
            regions.add(r);
        }
        PageMeta m = p.meta();
        return new PageMeta(m.published(), m.tags(), m.kind(), regions, m.language());
    }

    private static String norm(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").strip();
    }
}
