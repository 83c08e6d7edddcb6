package dev.linker.core.score;

import dev.linker.core.model.Crumb;
import dev.linker.core.model.Page;

import java.util.ArrayList;
import java.util.List;

/**
 * Category paths ("/docs/sql/") from breadcrumbs, or from the URL's folders when a site has none, and the tree
 * distance between two of them: the category bound that keeps plans local on large catalogues.
 */
public final class CategoryPath {
    private CategoryPath() {
    }

    /** Breadcrumb names (the page's own last crumb left out) joined as a path, else the URL's folder path. */
    public static String of(Page page) {
        List<Crumb> crumbs = page.breadcrumbs();
        if (crumbs.size() > 1) {
            StringBuilder sb = new StringBuilder("/");
            for (int i = 0; i < crumbs.size() - 1; i++) {
                sb.append(crumbs.get(i).name().strip().replace('/', '-')).append('/');
            }
            return sb.toString();
        }
        return fromUrl(page.url());
    }

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
