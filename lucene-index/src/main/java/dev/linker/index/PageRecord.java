package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.PageMeta;

import java.util.List;

/**
 * One page as the index holds it: its address, its {@link Text}, category and safety class, its {@link Standing} in the
 * site, its metadata, its {@link Outbound} links and the names it is {@link KnownAs}; read through the accessors below.
 *
 * @param meta publication date, tags, kind (content or hub) and the body's text regions
 */
public record PageRecord(String url, Text text, String category, String safety, Standing standing, PageMeta meta,
                         Outbound outbound, KnownAs knownAs) {

    /** What the page says: its title, its H1 and its body's text ("" for any not given). */
    public record Text(String title, String h1, String body) {
        public Text {
            title = title == null ? "" : title;
            h1 = h1 == null ? "" : h1;
            body = body == null ? "" : body;
        }
    }

    /**
     * Where the page stands: live or not ({@link Status#LIVE} when not given) and, redirected, where to; its
     * authority; how many content links it gets.
     */
    public record Standing(Status status, String redirectTo, double authority, int inbound) {
        /** A live page with no authority and no inbound links. */
        public static final Standing LIVE = new Standing(Status.LIVE, null, 0, 0);

        public Standing {
            status = status == null ? Status.LIVE : status;
        }
    }

    /**
     * The page's links to others.
     *
     * @param links    outbound content links (what evaluation judges and link density counts)
     * @param allLinks outbound internal links of any placement (navigation, header, footer too): the links the page
     *                 already has, which suggestions never duplicate; its content links when not given
     * @param written  the content links as written on the page, internal ones only: href, the page key it lands on,
     *                 fragment and anchor text ({@code Link} of core, placement content); what the link report reads.
     *                 Empty for a page stored before they were kept, or when not known (only where they land)
     */
    public record Outbound(List<String> links, List<String> allLinks, List<Link> written) {
        public Outbound {
            links = links == null ? List.of() : List.copyOf(links);
            allLinks = allLinks == null ? links : List.copyOf(allLinks);
            written = written == null ? List.of() : List.copyOf(written);
        }

        /** A page whose only links are its content links (an API upsert, a test). */
        public static Outbound of(List<String> links) {
            return new Outbound(links, null, null);
        }
    }

    /**
     * What others call the page.
     *
     * @param names   anchor texts other pages use for this page, each {source, text}
     * @param queries Search Console queries, most clicked first, each {query, clicks}
     */
    public record KnownAs(List<String[]> names, List<String[]> queries) {
        /** Known by no name. */
        public static final KnownAs NONE = new KnownAs(List.of(), List.of());

        public KnownAs {
            names = names == null ? List.of() : List.copyOf(names);
            queries = queries == null ? List.of() : List.copyOf(queries);
        }
    }

    public PageRecord {
        text = text == null ? new Text(null, null, null) : text;
        safety = safety == null ? "" : safety;
        standing = standing == null ? Standing.LIVE : standing;
        meta = meta == null ? PageMeta.NONE : meta;
        outbound = outbound == null ? Outbound.of(null) : outbound;
        knownAs = knownAs == null ? KnownAs.NONE : knownAs;
    }

    public static PageRecord of(String url, String title, String h1, String body, String category) {
        return new PageRecord(url, new Text(title, h1, body), category, "", Standing.LIVE, PageMeta.NONE,
                Outbound.of(List.of()), KnownAs.NONE);
    }

    public PageRecord withStatus(Status s, String redirect) {
        return new PageRecord(url, text, category, safety, new Standing(s, redirect, authority(), inbound()), meta,
                outbound, knownAs);
    }

    public PageRecord withSafety(String cls) {
        return new PageRecord(url, text, category, cls, standing, meta, outbound, knownAs);
    }

    /** The same page with other anchor names and inbound count (a merged page's survivor inherits both). */
    public PageRecord withNames(List<String[]> n, int in) {
        return new PageRecord(url, text, category, safety, new Standing(status(), redirectTo(), authority(), in), meta,
                outbound, new KnownAs(n, knownAs.queries()));
    }

    public PageRecord withMeta(PageMeta m) {
        return new PageRecord(url, text, category, safety, standing, m, outbound, knownAs);
    }

    /** Whether the page is a hub (home, listing, about …): not a link target by default. */
    public boolean hub() {
        return meta.hub();
    }

    public String title() {
        return text.title();
    }

    public String h1() {
        return text.h1();
    }

    public String body() {
        return text.body();
    }

    public Status status() {
        return standing.status();
    }

    public String redirectTo() {
        return standing.redirectTo();
    }

    public double authority() {
        return standing.authority();
    }

    public int inbound() {
        return standing.inbound();
    }

    public List<String> links() {
        return outbound.links();
    }

    public List<String> allLinks() {
        return outbound.allLinks();
    }

    public List<Link> written() {
        return outbound.written();
    }

    public List<String[]> names() {
        return knownAs.names();
    }

    public List<String[]> queries() {
        return knownAs.queries();
    }
}
