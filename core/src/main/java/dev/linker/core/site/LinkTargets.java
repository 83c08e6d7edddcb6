package dev.linker.core.site;

import dev.linker.core.result.LinkerException;

import java.net.URI;
import java.util.Map;
import java.util.Set;

/**
 * Where the links of a site's pages point: an href resolved ({@link PageKeys#resolve}) against the page it is on, the
 * site's base URL and its page keys; each page key and each string that repeats across pages held once.
 */
final class LinkTargets {
    /** The host and path ("/" or "/docs/") of the site's base URL; no host when none is given. */
    record Base(String host, String path) {
        /** The base of {@code baseUrl} (none when null or blank); one not absolute is a {@link LinkerException}. */
        static Base of(String baseUrl) {
            if (baseUrl == null || baseUrl.isBlank()) {
                return new Base(null, "/");
            }
            URI u;
            try {
                u = URI.create(baseUrl.strip());
            } catch (IllegalArgumentException e) {
                throw new LinkerException("base URL '" + baseUrl + "' is not a valid URL: " + e.getMessage());
            }
            if (u.getHost() == null || u.getScheme() == null) {
                throw new LinkerException("base URL '" + baseUrl + "' must be absolute, like https://www.example.com/");
            }
            String p = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
            return new Base(u.getHost(), p.endsWith("/") ? p : p + "/");
        }
    }

    private final Base base;
    /** Each page key, mapped to its one instance: links to a page share its key's string, not a copy each. */
    private final Map<String, String> keys;
    /**
     * Strings that repeat across pages — links' hrefs, texts and rels (every template link, and the anchors a page
     * is linked with from many pages), a page's lang — held once, or null to hold none. The map goes with the reader,
     * so a string that does not repeat costs nothing after the read.
     */
    private final Map<String, String> shared;

    /** @param keys each page key mapped to itself; {@code share}: whether repeated strings are held once */
    LinkTargets(Base base, Map<String, String> keys, boolean share) {
        this.base = base;
        this.keys = keys;
        this.shared = share ? new java.util.concurrent.ConcurrentHashMap<>() : null;
    }

    Base base() {
        return base;
    }

    /** The site's page keys. */
    Set<String> keys() {
        return keys.keySet();
    }

    /** What {@code href}, written on the page {@code from}, points to. */
    PageKeys.Target resolve(String from, String href) {
        return PageKeys.resolve(from, href, base.host(), base.path(), keys.keySet());
    }

    /** The key's one instance when it names a page of the site, else the key itself. */
    String key(String key) {
        if (key == null) {
            return null;
        }
        String k = keys.get(key);
        return k == null ? key : k;
    }

    /** The one instance of a string that repeats across pages. */
    String share(String s) {
        if (s == null || s.isEmpty() || shared == null) {
            return s;
        }
        String before = shared.putIfAbsent(s, s);
        return before == null ? s : before;
    }
}
