package dev.linker.core.crawl;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The URLs of a crawl: which are the site's own (its host and aliases), the one form each page is fetched and kept
 * under, the same-site links of a page, and the file a page is written to.
 */
final class CrawlUrls {
    private final Set<String> hosts;
    private final String origin;

    /** @param hosts the site's hosts, lower case; {@code origin}: scheme and authority pages are fetched from */
    CrawlUrls(Set<String> hosts, String origin) {
        this.hosts = hosts;
        this.origin = origin;
    }

    /** Same-site links of a page, absolute, without fragment; pages only (no query strings, no assets). */
    List<String> links(String pageUrl, byte[] html) {
        Document d = Jsoup.parse(new String(html, StandardCharsets.UTF_8), pageUrl);
        List<String> out = new ArrayList<>();
        for (Element a : d.select("a[href], area[href]")) {
            String abs = clean(a.absUrl("href"));
            if (abs != null && internal(abs)) {
                out.add(canonical(abs)); // pages to read, files to check exist
            }
        }
        return out;
    }

    /** An internal URL on an alias host is the same page at the start origin (where it is fetched). */
    String canonical(String url) {
        String c = clean(url);
        if (c == null || !internal(c)) {
            return c;
        }
        URI u = URI.create(c);
        return origin + (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath());
    }

    /** Whether {@code url} is on one of the site's hosts, over http(s). */
    boolean internal(String url) {
        try {
            URI u = new URI(url);
            return u.getHost() != null && hosts.contains(u.getHost().toLowerCase(Locale.ROOT))
                    && (u.getScheme().equals("http") || u.getScheme().equals("https"));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Absolute, no fragment, no query; null when it is not a URL. */
    static String clean(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        try {
            URI u = new URI(url.strip());
            if (u.getScheme() == null || u.getHost() == null) {
                return null;
            }
            String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
            return u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getRawAuthority().toLowerCase(Locale.ROOT) + path;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** {@code href} resolved against {@code base}, {@link #clean cleaned}; null when it is not a URL. */
    static String resolve(String base, String href) {
        try {
            return clean(URI.create(base).resolve(href.strip()).toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Where a page URL is written: "/" → index.html, "/a/" → a/index.html, "/a/b" → a/b/index.html. */
    static String fileFor(String url) {
        String path = URI.create(url).getPath();
        String rel = path.startsWith("/") ? path.substring(1) : path;
        if (rel.isEmpty() || rel.endsWith("/")) {
            return rel + "index.html";
        }
        String last = rel.substring(rel.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (last.endsWith(".html") || last.endsWith(".htm")) {
            return rel;
        }
        return rel + "/index.html";
    }
}
