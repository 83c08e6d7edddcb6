package dev.linker.core.score;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.model.Crumb;
import dev.linker.core.model.Page;
import dev.linker.core.site.PageKeys;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Category paths ("/docs/sql/") from breadcrumbs, or from the URL's folders when a site has none, and the tree
 * distance between two of them: the category bound that keeps plans local on large catalogues.
 */
public final class CategoryPath {
    private CategoryPath() {
    }

    /**
     * Breadcrumb names joined as a path, else the URL's folder path. A trail's last crumb is left out only when it
     * is the page itself: many trails end at the parent instead (JSON-LD lists that stop at the category, markup
     * whose current page is plain text), and dropping that crumb too would put the page in its grandparent.
     */
    public static String of(Page page) {
        List<Crumb> crumbs = page.breadcrumbs();
        int n = crumbs.size();
        if (n > 0 && isPage(crumbs.get(n - 1), page)) {
            n--;
        }
        if (n == 0) {
            return fromUrl(page.url());
        }
        StringBuilder sb = new StringBuilder("/");
        for (int i = 0; i < n; i++) {
            sb.append(crumbs.get(i).name().strip().replace('/', '-')).append('/');
        }
        return sb.toString();
    }

    /**
     * The crumb is the page: its URL is the page's key (an absolute URL whose path is the key counts, as the site's
     * base URL may not be known), or, where the URL says nothing, its name is the page's H1 or title (the title
     * whole or before its first separator, so "Black tea — Tea Shop" is "Black tea").
     */
    static boolean isPage(Crumb crumb, Page page) {
        String url = crumb.url();
        if (url != null && !url.isBlank()) {
            if (url.equals(page.url())) {
                return true;
            }
            if (url.startsWith("/")) {
                return false; // another page of the site
            }
            try {
                URI u = URI.create(url.strip());
                if (u.getPath() != null && PageKeys.normalizeIndex(u.getPath().isEmpty() ? "/" : u.getPath())
                        .equals(page.url())) {
                    return true;
                }
            } catch (IllegalArgumentException e) {
                // not a URL: the name decides
            }
        }
        String name = AnchorText.normalize(crumb.name());
        if (name.isEmpty()) {
            return false;
        }
        String title = page.title() == null ? "" : page.title();
        String firstPart = TITLE_SEPARATOR.split(title, 2)[0];
        return name.equals(AnchorText.normalize(page.h1())) || name.equals(AnchorText.normalize(title))
                || name.equals(AnchorText.normalize(firstPart));
    }

    private static final java.util.regex.Pattern TITLE_SEPARATOR = java.util.regex.Pattern.compile("\\s+[—–|·-]\\s+");

    public static String fromUrl(String url) {
        String p = url;
        int scheme = p.indexOf("://");
        if (scheme >= 0) {
            int slash = p.indexOf('/', scheme + 3);
            p = slash < 0 ? "/" : p.substring(slash);
        }
        int q = p.indexOf('?');
        if (q >= 0) {
            p = p.substring(0, q);
        }
        int h = p.indexOf('#');
        if (h >= 0) {
            p = p.substring(0, h);
        }
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        int last = p.lastIndexOf('/');
        return p.substring(0, last + 1);
    }

    public static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** Ancestor {@code levels} up ("/a/b/c/", 1 → "/a/b/"); the root stays the root. */
    public static String up(String path, int levels) {
        List<String> s = segments(path);
        int keep = Math.max(0, s.size() - Math.max(0, levels));
        StringBuilder sb = new StringBuilder("/");
        for (int i = 0; i < keep; i++) {
            sb.append(s.get(i)).append('/');
        }
        return sb.toString();
    }

    /** Edges between the two paths in the category tree. */
    public static int distance(String a, String b) {
        List<String> x = segments(a);
        List<String> y = segments(b);
        int common = 0;
        while (common < x.size() && common < y.size() && x.get(common).equals(y.get(common))) {
            common++;
        }
        return (x.size() - common) + (y.size() - common);
    }

    /** Distance scaled to [0, 1] by the total depth of both paths. */
    public static double normalizedDistance(String a, String b) {
        int depth = segments(a).size() + segments(b).size();
        return depth == 0 ? 0 : (double) distance(a, b) / depth;
    }
}
