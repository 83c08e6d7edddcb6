package dev.linker.core.site;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.TextRegion;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tells hubs from content by what a page is: the home page, pages that declare themselves collections in JSON-LD,
 * pages whose main text is a list of links with no prose of its own (a blog's archive with each post's date, a book
 * index, a tag page with excerpts), and about/contact pages. A URL segment such as {@code tag}, {@code category} or
 * {@code topics} only confirms: a page under it with prose of its own (a guide under {@code /topics/}) stays content.
 * A documentation chapter page that lists its sections has prose of its own, so it stays content too: a fine link
 * target.
 */
public final class Hubs {
    private static final Set<String> LISTING = Set.of("tag", "tags", "category", "categories", "topic", "topics",
            "archive", "archives", "author", "authors", "label", "labels");
    private static final Set<String> ABOUT = Set.of("about", "about-us", "contact", "contact-us", "impressum",
            "imprint");
    private static final Set<String> COLLECTION_TYPES = Set.of("CollectionPage", "ItemList", "Blog",
            "SearchResultsPage");
    /**
     * Folders a documentation generator fills (Sphinx's highlighted module source and page sources): fixed names, so
     * a real build is known by its addresses (a test reads one, core/src/test/sphinx-brewkit).
     */
    private static final Set<String> GENERATED_FOLDERS = Set.of("_modules", "_sources");
    /** Pages a documentation generator writes: Sphinx's indexes, Javadoc's class lists and trees. */
    private static final Set<String> GENERATED_PAGES = Set.of("genindex", "py-modindex", "modindex", "index-all",
            "allclasses", "allclasses-index", "allclasses-frame", "allclasses-noframe", "allpackages-index",
            "overview-tree", "package-tree", "overview-summary", "deprecated-list", "constant-values");
    /** Doxygen's listing of a file: its name with "." written "_8" ("grind.c" → "grind_8c_source"). */
    private static final Pattern DOXYGEN_SOURCE = Pattern.compile(".*_8[a-z0-9]+_source");
    /** A page is a list of links when at least this share of its words are link text … */
    static final double LINK_LIST_WORD_SHARE = 0.8;
    /** … and, for a folder index page, it has at least this many links. */
    static final int FOLDER_MIN_LINKS = 3;

    private Hubs() {
    }

    /**
     * The kind a page's address alone gives: {@link PageKind#HOME} for "/" (and "/index.html"),
     * {@link PageKind#GENERATED}, {@link PageKind#LISTING}, {@link PageKind#ABOUT}, else {@link PageKind#CONTENT}.
     * Takes page keys ("/a/b.html") and absolute addresses (a CSV's "https://host/a/b.html").
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
            if (GENERATED_FOLDERS.contains(segs.get(i)) || i + 1 == segs.size() && generatedPage(segs, s)) {
                return PageKind.GENERATED;
            }
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
     * A last segment a generator writes: an index of {@link #GENERATED_PAGES}, rustdoc's highlighted source
     * ({@code src/crate/lib.rs.html}), Doxygen's file listing ({@code grind_8c_source.html}).
     */
    private static boolean generatedPage(List<String> segs, String last) {
        return GENERATED_PAGES.contains(last) || DOXYGEN_SOURCE.matcher(last).matches()
                || last.endsWith(".rs") && segs.contains("src");
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
     * A page whose main text is a list of links with no prose of its own: at most {@value #LISTING_MAX_PROSE} words of
     * prose, and most words link text or most lines items (a line that is one link, perhaps with a date: a post of an
     * archive, a term of a book index). A folder index page ({@code /x/}) with {@value #FOLDER_MIN_LINKS} such links
     * is a section's index; elsewhere it takes a long list ({@value #LONG_LIST} items), as a chapter page listing its
     * few sections is a fine link target.
     */
    public static boolean linkList(String url, String text, List<TextRegion> regions) {
        Shape s = Shape.of(text, regions);
        boolean list = s.prose <= LISTING_MAX_PROSE
                && (s.items >= LISTING_ITEM_SHARE * s.lines || s.linkWords >= LINK_LIST_WORD_SHARE * s.words);
        return list && (folderIndex(url) ? s.links >= FOLDER_MIN_LINKS : s.items >= LONG_LIST);
    }

    private static boolean folderIndex(String url) {
        List<String> segs = segments(path(url));
        return path(url).endsWith("/") || !segs.isEmpty() && isIndexFile(segs.get(segs.size() - 1));
    }

    /**
     * Whether a page under a listing segment ({@code /topics/…}, {@code /category/…}) has prose of its own, which
     * makes it content whatever its path says: at least {@value #OWN_PROSE} words in paragraphs, and more than its
     * links' words, not counting the excerpts a listing shows under each item's link.
     */
    public static boolean hasOwnProse(String text, List<TextRegion> regions) {
        Shape s = Shape.of(text, regions);
        return s.ownProse >= OWN_PROSE && s.ownProse > s.linkWords;
    }

    /** A listing needs at most this many words of prose … */
    static final int LISTING_MAX_PROSE = 100;
    /** … and this share of its lines to be items (one link making up most of the line), unless its words are links. */
    static final double LISTING_ITEM_SHARE = 0.6;
    /** Items that make a list a listing wherever it lives. */
    static final int LONG_LIST = 30;
    /** A line is prose when it has at least this many words outside links. */
    static final int PROSE_LINE_WORDS = 12;
    /** Words of its own prose that keep a page under a listing segment a content page (a few sentences). */
    static final int OWN_PROSE = 60;
    /** A CSV page (no markup: its text only) under a listing segment is content from this many words on. */
    static final int CSV_CONTENT_WORDS = 200;

    /**
     * What the main text is made of, line by line (a line is a block: paragraph, list item, heading, cell).
     *
     * @param items    lines with exactly one link that makes up at least half of the line's words
     * @param prose    words outside links in prose lines
     * @param ownProse the same, not counting a prose line right after an item (a listing's excerpt)
     */
    private record Shape(int links, int linkWords, int words, int lines, int items, int prose, int ownProse) {
        static Shape of(String text, List<TextRegion> regions) {
            List<TextRegion> links = new ArrayList<>();
            for (TextRegion r : regions) {
                if (r.kind() == TextRegion.Kind.LINK) {
                    links.add(r);
                }
            }
            links.sort(java.util.Comparator.comparingInt(TextRegion::start));
            int[] wordsOf = new int[links.size()];
            int linkWords = 0;
            for (int i = 0; i < wordsOf.length; i++) {
                wordsOf[i] = Tokens.countWords(text, links.get(i).start(), links.get(i).end());
                linkWords += wordsOf[i];
            }
            int words = 0; // the text's, line by line: a line break is no word's
            int lines = 0;
            int items = 0;
            int prose = 0;
            int ownProse = 0;
            boolean afterItem = false;
            int next = 0; // the first link not before the line
            for (int start = 0; start <= text.length(); ) {
                int nl = text.indexOf('\n', start);
                int end = nl < 0 ? text.length() : nl;
                int w = Tokens.countWords(text, start, end);
                words += w;
                if (w > 0) {
                    lines++;
                    while (next < links.size() && links.get(next).start() < start) {
                        next++;
                    }
                    int inLine = 0;
                    int lw = 0;
                    for (int i = next; i < links.size() && links.get(i).end() <= end; i++) {
                        inLine++;
                        lw += wordsOf[i];
                    }
                    boolean item = inLine == 1 && 2 * lw >= w;
                    items += item ? 1 : 0;
                    if (w - lw >= PROSE_LINE_WORDS) {
                        prose += w - lw;
                        ownProse += afterItem ? 0 : w - lw;
                    }
                    afterItem = item;
                }
                start = end + 1;
            }
            return new Shape(links.size(), linkWords, words, lines, items, prose, ownProse);
        }
    }

    /**
     * The kind of an HTML page: home first, then what its JSON-LD declares, then what its main text is — a list of
     * links is a listing wherever it lives, and a page with prose of its own stays content whatever its path says —
     * and its address (about, contact).
     */
    static PageKind classify(String key, Collection<String> jsonLdTypes, String text, List<TextRegion> regions) {
        PageKind byUrl = byUrl(key);
        if (byUrl == PageKind.HOME) {
            return byUrl;
        }
        if (collection(jsonLdTypes)) {
            return PageKind.COLLECTION;
        }
        if (byUrl == PageKind.LISTING) {
            return hasOwnProse(text, regions) ? PageKind.CONTENT : PageKind.LISTING;
        }
        if (byUrl == PageKind.CONTENT && linkList(key, text, regions)) {
            return PageKind.LINK_LIST;
        }
        return byUrl;
    }

    /**
     * The kind of a page known by its address and plain text only (a CSV row): as {@link #byUrl}, except that a page
     * under a listing segment with {@value #CSV_CONTENT_WORDS} words or more is taken for content (a guide under
     * {@code /topics/}); a CSV has no markup to tell its links from its prose.
     */
    public static PageKind byUrlAndText(String url, String text) {
        PageKind k = byUrl(url);
        return k == PageKind.LISTING && text != null && Tokens.countWords(text, 0, text.length()) >= CSV_CONTENT_WORDS
                ? PageKind.CONTENT : k;
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
