package dev.linker.core.crawl;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The sitemaps of a crawled site: those its robots.txt names, the page URLs they list, and the {@code sitemap.xml}
 * written into the crawled folder when one was read. Only what robots.txt allows is fetched.
 */
final class Sitemaps {
    private static final int MAX_SITEMAPS = 50;

    private final Fetcher fetcher;
    private final CrawlUrls urls;
    private final BaseRobotRules robots;
    private boolean sitemapRead;

    Sitemaps(Fetcher fetcher, CrawlUrls urls, BaseRobotRules robots) {
        this.fetcher = fetcher;
        this.urls = urls;
        this.robots = robots;
    }

    /** The site's own sitemaps that robots.txt names. */
    List<String> inRobots() {
        List<String> out = new ArrayList<>();
        for (String s : robots.getSitemaps()) {
            String c = CrawlUrls.clean(s);
            if (c != null && urls.internal(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** The page URLs the sitemaps list (an index's children followed, up to {@value #MAX_SITEMAPS} sitemaps). */
    Set<String> read(List<String> sitemapUrls, List<String> notes) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(sitemapUrls);
        SiteMapParser parser = new SiteMapParser(false);
        int read = 0;
        while (!todo.isEmpty() && read < MAX_SITEMAPS) {
            String url = todo.poll();
            byte[] body = robots.isAllowed(url) ? fetcher.bytes(url) : null;
            if (body == null) {
                continue;
            }
            read++;
            try {
                AbstractSiteMap map = parser.parseSiteMap(body, new URL(url));
                if (map instanceof SiteMapIndex index) {
                    for (AbstractSiteMap child : index.getSitemaps()) {
                        String c = CrawlUrls.clean(child.getUrl().toString());
                        if (c != null && urls.internal(c)) {
                            todo.add(c);
                        }
                    }
                } else if (map instanceof SiteMap sm) {
                    for (SiteMapURL u : sm.getSiteMapUrls()) {
                        String c = CrawlUrls.clean(u.getUrl().toString());
                        if (c != null && urls.internal(c)) {
                            out.add(c);
                        }
                    }
                    sitemapRead = true;
                }
            } catch (Exception e) {
                notes.add(url + ": not a sitemap (" + e.getMessage() + ")");
            }
        }
        return out;
    }

    /** Writes the URLs the sitemaps listed as the folder's {@code sitemap.xml}, when a sitemap was read. */
    void write(Path folder, Collection<String> listed) throws IOException {
        if (!sitemapRead) {
            return;
        }
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String u : listed) {
            b.append("  <url><loc>").append(org.jsoup.nodes.Entities.escape(u)).append("</loc></url>\n");
        }
        b.append("</urlset>\n");
        Files.writeString(folder.resolve("sitemap.xml"), b.toString(), StandardCharsets.UTF_8);
    }
}
