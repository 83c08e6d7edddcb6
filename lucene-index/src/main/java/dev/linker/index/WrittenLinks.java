package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.Placement;
import dev.linker.core.site.PageKeys;

import java.net.URI;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The content links a CMS gives with a page ({@code PUT /api/v1/pages}, an event's page): checked, then resolved to
 * page keys the way a site read from HTML resolves its hrefs ({@link PageKeys#resolve}), into core's {@link Link}
 * with placement content. A page keyed by an absolute URL has that URL's origin as its site: absolute hrefs to its
 * host, root-relative and relative hrefs are internal and land on {@code origin + path}; a page keyed by a path (an
 * index of a folder of HTML) has no origin, so only root-relative and relative hrefs are internal. External hrefs
 * (other hosts, mailto:, javascript:) and links to files that are no pages (an image, a PDF) are left out.
 */
public final class WrittenLinks {
    /** Links a page may give, at most. */
    public static final int MAX_LINKS = 1000;
    /** An anchor text's characters, at most. */
    public static final int MAX_ANCHOR_CHARS = 1000;

    private WrittenLinks() {
    }

    /** {@code links} as given, checked; errors name the field ({@code pages[2].links[5].href}). */
    static List<LinkInput> check(List<LinkInput> links, String field) {
        if (links == null) {
            return List.of();
        }
        if (links.size() > MAX_LINKS) {
            throw new PageLimits.InvalidPageException(field, field + " has " + links.size() + " entries; at most "
                    + MAX_LINKS + " links per page");
        }
        List<LinkInput> out = new ArrayList<>(links.size());
        for (int i = 0; i < links.size(); i++) {
            String at = field + "[" + i + "]";
            LinkInput l = links.get(i);
            String href = PageLimits.checkLength(PageLimits.required(l.href(), at + ".href"), at + ".href");
            String anchor = l.anchor() == null ? "" : l.anchor().replaceAll("\\s+", " ").strip();
            if (anchor.length() > MAX_ANCHOR_CHARS) {
                throw new PageLimits.InvalidPageException(at + ".anchor", at + ".anchor has " + anchor.length()
                        + " characters; anchors are limited to " + MAX_ANCHOR_CHARS);
            }
            out.add(new LinkInput(href, anchor));
        }
        return out;
    }

    /**
     * The internal links of the page {@code url}, in its order; {@code known} says which keys the site holds, so an
     * href without its trailing slash or {@code .html} lands on the page ("/a" on "/a/").
     */
    public static List<Link> resolve(String url, List<LinkInput> links, Predicate<String> known) {
        if (links.isEmpty()) {
            return List.of();
        }
        String origin = origin(url);
        String path = origin.isEmpty() ? url : url.substring(origin.length());
        String host = origin.isEmpty() ? null : URI.create(origin).getHost();
        Set<String> keys = new Keys(p -> known.test(origin + p));
        List<Link> out = new ArrayList<>(links.size());
        for (LinkInput l : links) {
            PageKeys.Target t = PageKeys.resolve(path.isEmpty() ? "/" : path, l.href(), host, "/", keys);
            if (t.external() || t.key() == null || file(t.key())) {
                continue;
            }
            out.add(new Link(url, l.href(), origin + t.key(), t.fragment(), l.anchor(), "", Placement.CONTENT,
                    Link.Position.UNKNOWN));
        }
        return out;
    }

    /** The pages {@code written} links land on, each once, the page itself left out. */
    public static List<String> targets(String url, List<Link> written) {
        Set<String> out = new LinkedHashSet<>();
        for (Link l : written) {
            if (!l.targetUrl().equals(url)) {
                out.add(l.targetUrl());
            }
        }
        return new ArrayList<>(out);
    }

    /** "https://host:8080" of an absolute URL, "" of a path. */
    static String origin(String url) {
        if (url.startsWith("/")) {
            return "";
        }
        URI u = URI.create(url);
        return u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getRawAuthority();
    }

    /** Whether a key names a file that is no page: its last segment has an extension other than a page's. */
    static boolean file(String key) {
        String last = key.substring(key.lastIndexOf('/') + 1);
        int dot = last.lastIndexOf('.');
        if (dot < 0) {
            return false;
        }
        String ext = last.substring(dot + 1).toLowerCase(Locale.ROOT);
        return !Set.of("html", "htm", "php", "asp", "aspx", "jsp", "shtml", "xhtml").contains(ext);
    }

    /** The site's keys as {@link PageKeys#resolve} asks for them: membership only. */
    private static final class Keys extends AbstractSet<String> {
        private final Predicate<String> known;

        Keys(Predicate<String> known) {
            this.known = known;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof String s && known.test(s);
        }

        @Override
        public Iterator<String> iterator() {
            throw new UnsupportedOperationException("the site's keys are asked one at a time");
        }

        @Override
        public int size() {
            throw new UnsupportedOperationException("the site's keys are asked one at a time");
        }
    }
}
