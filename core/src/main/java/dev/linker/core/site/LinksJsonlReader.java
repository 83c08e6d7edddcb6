package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.audit.LinkerException;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Attaches in-content links from a JSON-lines file ({@code {"source": path, "targets": [path…], "anchors":
 * {target: [text…]}}} a line) to a site read from a CSV, which carries no links of its own. Paths may be page keys
 * or paths relative to the site's origin ("a.html" for "https://host/a.html").
 */
public final class LinksJsonlReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LinksJsonlReader() {
    }

    public static Site attach(Site site, Path jsonl) {
        Map<String, String> byPath = new HashMap<>();
        for (String key : site.pages().keySet()) {
            byPath.put(key, key);
            byPath.putIfAbsent(relative(key), key);
            if (key.endsWith("/")) {
                byPath.putIfAbsent(relative(key) + "index.html", key);
            }
        }
        Map<String, List<Link>> links = new HashMap<>();
        int lineNo = 0;
        try (BufferedReader r = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode o = JSON.readTree(line);
                if (o == null || !o.hasNonNull("source")) {
                    throw new LinkerException(jsonl + ": line " + lineNo + " has no \"source\"");
                }
                String source = byPath.get(o.get("source").asText());
                if (source == null) {
                    continue; // a page the site does not hold (e.g. a generated index left out of the CSV)
                }
                List<Link> out = links.computeIfAbsent(source, k -> new ArrayList<>());
                JsonNode anchors = o.path("anchors");
                for (JsonNode t : o.path("targets")) {
                    String target = byPath.get(t.asText());
                    if (target == null) {
                        target = t.asText();
                    }
                    JsonNode texts = anchors.path(t.asText());
                    if (texts.isArray() && !texts.isEmpty()) {
                        for (JsonNode a : texts) {
                            out.add(new Link(source, t.asText(), target, null, a.asText(), "", Placement.CONTENT, 0, 0));
                        }
                    } else {
                        out.add(new Link(source, t.asText(), target, null, "", "", Placement.CONTENT, 0, 0));
                    }
                }
            }
        } catch (LinkerException e) {
            throw e;
        } catch (IOException e) {
            throw new LinkerException(jsonl + ": unreadable links file near line " + lineNo + ": " + e.getMessage(), e);
        }
        Map<String, Page> pages = new LinkedHashMap<>();
        for (Page p : site.pages().values()) {
            List<Link> l = links.get(p.url());
            pages.put(p.url(), l == null ? p : withLinks(p, l));
        }
        return new Site(site.root(), site.baseUrl(), pages, site.sitemapUrls(), site.redirects());
    }

    static Page withLinks(Page p, List<Link> links) {
        return p.withLinks(links);
    }

    /** "https://host/a/b.html" → "a/b.html"; "/a/b.html" → "a/b.html". */
    static String relative(String key) {
        String k = key;
        int scheme = k.indexOf("://");
        if (scheme > 0) {
            int slash = k.indexOf('/', scheme + 3);
            k = slash < 0 ? "" : k.substring(slash);
        }
        while (k.startsWith("/")) {
            k = k.substring(1);
        }
        return k;
    }
}
