package dev.linker.core.site;

import dev.linker.core.model.PageKind;
import dev.linker.core.model.TextRegion;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Tells hubs from content: the home page, listings by URL segment (tag, category, topic, archive, author, label,
 * /page/N), pages that declare themselves collections in JSON-LD, about/contact pages, and folder index pages whose
 * main content is mostly links. A documentation chapter page that lists its sections is not a folder index, so it
 * stays content: it has prose of its own and is a fine link target.
 */
public final class Hubs {
    private static final Set<String> LISTING = Set.of("tag", "tags", "category", "categories", "topic", "topics",
            "archive", "archives", "author", "authors", "label", "labels");
    private static final Set<String> ABOUT = Set.of("about", "about-us", "contact", "contact-us", "impressum",
            "imprint");
    private static final Set<String> COLLECTION_TYPES = Set.of("CollectionPage", "ItemList", "Blog",
            "SearchResultsPage");
    /** A folder index is a link list when at least this share of its words are link text … */
    static final double LINK_LIST_WORD_SHARE = 0.8;
    /** … and it has at least this many links. */
    static final int LINK_LIST_MIN_LINKS = 10;

    private Hubs() {
    }

    /**
     * The kind a page's address alone gives: {@link PageKind#HOME} for "/" (and "/index.html"),
     * {@link PageKind#LISTING}, {@link PageKind#ABOUT}, else {@link PageKind#CONTENT}. Takes page keys ("/a/b.html")
     * and absolute addresses (a CSV's "https://host/a/b.html").
     */
    public static PageKind byUrl(String url) {
        List<String> segs = segments(path(url));
        if (segs.isEmpty() || segs.size() == 1 && isIndexFile(segs.get(0))) {
            return PageKind.HOME;
        }
        if (isIndexFile(segs.get(segs.size() - 1))) {
            segs = segs.subList(0, segs.size() - 1);
        }
        for (int i = 0; i < segs.size(); i++) {
            String s = stripExtension(segs.get(i));
            if (LISTING.contains(s)) {
                return PageKind.LISTING;
            }
            if (s.equals("page") && i + 1 < segs.size() && isNumber(stripExtension(segs.get(i + 1)))) {
                return PageKind.LISTING;
            }
        }
        return ABOUT.contains(stripExtension(segs.get(segs.size() - 1))) ? PageKind.ABOUT : PageKind.CONTENT;
    }

    /**
     * Whether the top-level JSON-LD types make the page a collection: one of CollectionPage, ItemList, Blog,
     * SearchResultsPage, and no article type beside it (a post whose markup also carries an ItemList is a post).
     */
    public static boolean collection(Collection<String> jsonLdTypes) {
        boolean collection = false;
        for (String t : jsonLdTypes) {
            if (COLLECTION_TYPES.contains(t)) {
                collection = true;
            } else if (Dates.articleType(t) && !t.endsWith("Page")) {
                return false;
            }
        }
        return collection;
    }

    /**
     * A folder index page ("/x/") whose main text is mostly link text: at least 10 links and 80 % of its words
     * inside them.
     */
    public static boolean linkList(String url, String text, List<TextRegion> regions) {
        List<String> segs = segments(path(url));
        boolean folderIndex = path(url).endsWith("/") || !segs.isEmpty() && isIndexFile(segs.get(segs.size() - 1));
        if (!folderIndex || byUrl(url) == PageKind.HOME) {
            return false;
        }
        int links = 0;
        int linkWords = 0;
        for (TextRegion r : regions) {
            if (r.kind() == TextRegion.Kind.LINK) {
                links++;
                linkWords += words(text, r.start(), r.end());
            }
        }
        int all = words(text, 0, text.length());
        return links >= LINK_LIST_MIN_LINKS && all > 0 && linkWords >= LINK_LIST_WORD_SHARE * all;
    }

    /** The kind of an HTML page: home first, then what its JSON-LD declares, its address, and its shape. */
    static PageKind classify(String key, Collection<String> jsonLdTypes, String text, List<TextRegion> regions) {
        PageKind byUrl = byUrl(key);
        if (byUrl == PageKind.HOME) {
            return byUrl;
        }
        if (collection(jsonLdTypes)) {
            return PageKind.COLLECTION;
        }
        if (byUrl != PageKind.CONTENT) {
            return byUrl;
        }
        return linkList(key, text, regions) ? PageKind.LINK_LIST : PageKind.CONTENT;
    }

    private static int words(String s, int from, int to) {
        int n = 0;
        boolean in = false;
        for (int i = from; i < to; i++) {
            boolean w = Character.isLetterOrDigit(s.charAt(i));
            if (w && !in) {
                n++;
            }
            in = w;
        }
        return n;
    }

    private static String path(String url) {
        String p = url;
        if (url.contains("://")) {
            try {
                p = URI.create(url).getRawPath();
            } catch (IllegalArgumentException e) {
                int slash = url.indexOf('/', url.indexOf("://") + 3);
                p = slash < 0 ? "/" : url.substring(slash);
            }
        }
        if (p == null || p.isEmpty()) {
            return "/";
        }
        int q = p.indexOf('?');
        return q >= 0 ? p.substring(0, q) : p;
    }

    private static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                out.add(s.toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static boolean isIndexFile(String seg) {
        return seg.equals("index.html") || seg.equals("index.htm") || seg.equals("index.php");
    }

    private static String stripExtension(String seg) {
        for (String ext : List.of(".html", ".htm", ".php", ".aspx", ".asp")) {
            if (seg.endsWith(ext)) {
                return seg.substring(0, seg.length() - ext.length());
            }
        }
        return seg;
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
