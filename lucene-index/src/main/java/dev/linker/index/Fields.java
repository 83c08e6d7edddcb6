package dev.linker.index;

/** Every Lucene field name and commit-data key of the page index, in one place. */
public final class Fields {
    private Fields() {
    }

    /** Page key (URL); the upsert key. Indexed as a single term, stored. */
    public static final String URL = "url";
    /** Title and H1, analysed for the title-boosted part of BM25. */
    public static final String TITLE = "title";
    public static final String H1 = "h1";
    /** Title + H1 + body, analysed: BM25 and the document frequencies that give names their rarity. */
    public static final String ALL = "all";
    /** Body text, stored only (anchors and sentences are cut from it). */
    public static final String BODY = "body";
    /** Category path ("/docs/sql/"), stored. */
    public static final String CATEGORY = "category";
    /** Every ancestor of the category path, indexed, for the category bound ("/", "/docs/", "/docs/sql/"). */
    public static final String CATEGORY_ANCESTOR = "category_anc";
    /** live | merged | redirected | killed. */
    public static final String STATUS = "status";
    /** Where a merged/redirected page now lives. */
    public static final String REDIRECT = "redirect_to";
    /** Authority in [0, 1], stored. */
    public static final String AUTHORITY = "authority";
    /** Inbound content links, stored. */
    public static final String INBOUND = "inbound";
    /** Safety class ("" when none). */
    public static final String SAFETY = "safety";
    /** SHA-256 of title, H1 and body: unchanged pages keep their vector. */
    public static final String HASH = "hash";
    /** Words in the body, stored (link density). */
    public static final String WORDS = "words";
    /** Outbound content link targets, stored multi-valued. */
    public static final String LINKS = "links";
    /** Outbound content link targets, indexed (not stored): which pages link to a page ({@link DerivedLinks}). */
    public static final String LINKS_TO = "links_to";
    /** Where a merged/redirected page now lives, indexed (not stored): which pages give way to a page. */
    public static final String REDIRECTS_TO = "redirects_to";
    /** Anchor names other pages use for this page: "source\u001Ftext", stored multi-valued. */
    public static final String ANCHOR_NAMES = "anchor_names";
    /** Search Console queries: "query\u001Fclicks", stored multi-valued. */
    public static final String QUERIES = "queries";
    /** Every outbound internal link target of any placement (nav, footer …), stored multi-valued: existing links. */
    public static final String ALL_LINKS = "links_all";
    /**
     * The content links as written, internal ones only: "href\u001Ftarget\u001Ffragment\u001Fanchor" (fragment "" when
     * none), stored multi-valued, in the page's order.
     */
    public static final String WRITTEN_LINKS = "links_written";
    /** What the page is: "content" or a hub kind ("home", "listing" …), stored. */
    public static final String KIND = "kind";
    /** "1" on hubs only, indexed, not stored: the filter that keeps hubs out of the targets. */
    public static final String HUB = "hub";
    /** Publication date, ISO yyyy-MM-dd, stored; absent when unknown. */
    public static final String PUBLISHED = "published";
    /**
     * Publication day (epoch day) as a point, for "published on or before" filters. Undated pages hold
     * {@link Integer#MIN_VALUE}, so such a range keeps them.
     */
    public static final String PUBLISHED_DAY = "published_day";
    /** The {@link #PUBLISHED_DAY} of an undated page. */
    public static final int UNDATED = Integer.MIN_VALUE;
    /** Tags, stored multi-valued, indexed as written. */
    public static final String TAGS = "tags";
    /** Language as a BCP 47 tag ("fr", "pt-BR"), stored; absent when unknown. */
    public static final String LANGUAGE = "language";
    /** Headings, code and link texts of the body as offsets, stored in {@link TextRegions}' compact form. */
    public static final String REGIONS = "regions";
    /** The embedding, HNSW-indexed, dot product on unit vectors. */
    public static final String VECTOR = "vector";

    public static final char SEP = '\u001F';

    /** Commit user data. */
    public static final String DATA_EMBEDDER = "linker.embedder";
    public static final String DATA_DIMENSION = "linker.dimension";
    public static final String DATA_EMBED = "linker.embed";
    public static final String DATA_FORMAT = "linker.vectorFormat";
    public static final String DATA_TEMPLATE = "linker.titleTemplate";
    /** What page events said of URLs that gave way (JSON, see {@code EventTable}). */
    public static final String DATA_EVENTS = "linker.events";
    /** The ranker learned from the site's own links, with the figures that chose it ({@code LearnedRanker.encode}). */
    public static final String DATA_RANKER = "linker.ranker";
}
