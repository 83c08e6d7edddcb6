package dev.linker.core.site;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;

/**
 * Page keys and href resolution. A key is a root-relative path: "/" for the root index, "/dir/" for
 * {@code dir/index.html}, "/a/b.html" otherwise — so {@code dir/} and {@code dir/index.html} are one page.
 */
public final class PageKeys {
    private PageKeys() {
    }

    /** Key of a file given by its path relative to the site root, with '/' separators. */
    public static String ofFile(String relativePath) {
        String p = "/" + relativePath.replace('\\', '/');
        return normalizeIndex(p);
    }

    /** "/x/index.html" → "/x/"; "/index.htm" → "/". */
    public static String normalizeIndex(String path) {
        if (path.endsWith("/index.html")) {
            return path.substring(0, path.length() - "index.html".length());
        }
        if (path.endsWith("/index.htm")) {
            return path.substring(0, path.length() - "index.htm".length());
        }
        return path;
    }

    /** Where a key's page is expected on disk, relative to the root (for messages and file lookups). */
    public static String toFile(String key) {
        String p = key.startsWith("/") ? key.substring(1) : key;
        return p.isEmpty() || p.endsWith("/") ? p + "index.html" : p;
    }

    /**
     * The result of resolving one href.
     *
     * @param key      page key (or asset key) when internal, else null
     * @param fragment decoded fragment without '#', or null
     * @param external whether the href leaves the site (other host, mailto:, javascript: …)
     */
    public record Target(String key, String fragment, boolean external) {
        static final Target EXTERNAL = new Target(null, null, true);
    }

    /**
     * Resolves an href written on the page {@code sourceKey}.
     *
     * @param baseHost host of the site's base URL (absolute links to it are internal), or null
     * @param basePath path prefix of the base URL ("/" or "/docs/"), stripped from absolute internal links
     * @param keys     known page keys, to map extension-less links ("/a/b", "/dir") onto "/a/b.html" or "/dir/"
     */
    public static Target resolve(String sourceKey, String href, String baseHost, String basePath, Set<String> keys) {
        String h = href.strip();
        String fragment = null;
        int hash = h.indexOf('#');
        if (hash >= 0) {
            fragment = decode(h.substring(hash + 1));
            h = h.substring(0, hash);
        }
        int q = h.indexOf('?');
        if (q >= 0) {
            h = h.substring(0, q);
        }
        String path;
        if (h.startsWith("//") || hasScheme(h)) {
            String lower = h.toLowerCase(Locale.ROOT);
            if (baseHost == null || !(lower.startsWith("http:") || lower.startsWith("https:") || h.startsWith("//"))) {
                return Target.EXTERNAL;
            }
            URI uri;
            try {
                uri = URI.create(h.startsWith("//") ? "https:" + h : h.replace(" ", "%20"));
            } catch (IllegalArgumentException e) {
                return Target.EXTERNAL;
            }
            if (uri.getHost() == null || !uri.getHost().equalsIgnoreCase(baseHost)) {
                return Target.EXTERNAL;
            }
            path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            if (basePath != null && basePath.length() > 1) {
                if (!path.startsWith(basePath) && !(path + "/").equals(basePath)) {
                    return Target.EXTERNAL; // same host, outside the built site
                }
                path = "/" + path.substring(Math.min(path.length(), basePath.length()));
            }
        } else if (h.isEmpty()) {
            return new Target(sourceKey, fragment, false);
        } else if (h.startsWith("/")) {
            path = h;
            if (basePath != null && basePath.length() > 1 && path.startsWith(basePath)) {
                path = "/" + path.substring(basePath.length());
            }
        } else {
            String dir = sourceKey.substring(0, sourceKey.lastIndexOf('/') + 1);
            path = dir + h;
        }
        String key = normalizeIndex(normalizeDots(decode(path)));
        if (!keys.contains(key)) {
            if (!key.endsWith("/") && keys.contains(key + "/")) {
                key = key + "/";
            } else if (!key.endsWith("/") && keys.contains(key + ".html")) {
                key = key + ".html";
            } else if (key.endsWith("/") && key.length() > 1 && keys.contains(key.substring(0, key.length() - 1) + ".html")) {
                key = key.substring(0, key.length() - 1) + ".html";
            }
        }
        return new Target(key, fragment, false);
    }

    private static boolean hasScheme(String h) {
        for (int i = 0; i < h.length(); i++) {
            char c = h.charAt(i);
            if (c == ':') {
                return i > 0;
            }
            if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.')) {
                return false;
            }
        }
        return false;
    }

    static String decode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // a stray '%': keep it as written
        }
    }

    /** Removes "." and ".." segments; ".." above the root stays at the root, as browsers do. */
    static String normalizeDots(String path) {
        if (!path.contains("./") && !path.endsWith("/.") && !path.endsWith("/..") && !path.contains("//")) {
            return path;
        }
        Deque<String> out = new ArrayDeque<>();
        String[] parts = path.split("/", -1);
        for (int i = 0; i < parts.length; i++) {
            String seg = parts[i];
            boolean last = i == parts.length - 1;
            if (seg.equals(".") || (seg.isEmpty() && !last && i > 0)) {
                if (last) {
                    out.addLast("");
                }
                continue;
            }
            if (seg.equals("..")) {
                if (out.size() > 1) {
                    out.removeLast();
                }
                if (last) {
                    out.addLast("");
                }
                continue;
            }
            out.addLast(seg);
        }
        String joined = String.join("/", out);
        return joined.startsWith("/") ? joined : "/" + joined;
    }
}
