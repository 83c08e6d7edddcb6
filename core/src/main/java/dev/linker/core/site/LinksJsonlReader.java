package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.LinkerException;
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

    /** One link of a line, as written: the source's and the target's path and the anchor ("" when none given). */
    public record Entry(String source, String target, String anchor) {
    }

    public static Site attach(Site site, Path jsonl) {
        try (BufferedReader r = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            return attach(site, jsonl.toString(), r);
        } catch (IOException e) {
            throw new LinkerException(jsonl + ": unreadable links file: " + e.getMessage(), e);
        }
    }

    /** {@link #attach(Site, Path)} for the lines of {@code r}, a file named {@code name} in messages. */
    public static Site attach(Site site, String name, BufferedReader r) {
        Map<String, String> byPath = new HashMap<>();
        for (String key : site.pages().keySet()) {
            byPath.put(key, key); // a page's own key names it, whatever another page's path is
            for (String path : paths(key)) {
                byPath.putIfAbsent(path, key);
            }
        }
        Map<String, List<Link>> links = new HashMap<>();
        int lineNo = 0;
        try {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                List<Entry> entries;
                try {
                    entries = parse(line);
                } catch (LinkerException e) {
                    throw new LinkerException(name + ": line " + lineNo + " " + e.getMessage());
                }
                for (Entry e : entries) {
                    String source = byPath.get(e.source());
                    if (source == null) {
                        continue; // a page the site does not hold (e.g. a generated index left out of the CSV)
                    }
                    String target = byPath.getOrDefault(e.target(), e.target());
                    links.computeIfAbsent(source, k -> new ArrayList<>()).add(new Link(source, e.target(), target, null,
                            e.anchor(), "", Placement.CONTENT, Link.Position.UNKNOWN));
                }
            }
        } catch (IOException e) {
            throw new LinkerException(name + ": unreadable links file near line " + lineNo + ": " + e.getMessage(), e);
        }
        Map<String, Page> pages = new LinkedHashMap<>();
        for (Page p : site.pages().values()) {
            List<Link> l = links.get(p.url());
            pages.put(p.url(), l == null ? p : withLinks(p, l));
        }
        return new Site(site.root(), site.baseUrl(), pages, site.sitemapUrls(), site.redirects());
    }

    /**
     * The links of one line in order, one entry per anchor (a target without anchors is one entry with ""); a blank
     * line has none. A line that is not such an object is a {@link LinkerException} saying what is wrong with it.
     */
    public static List<Entry> parse(String line) {
        if (line == null || line.isBlank()) {
            return List.of();
        }
        JsonNode o;
        try {
            o = JSON.readTree(line);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new LinkerException("is not JSON: " + e.getOriginalMessage());
        }
        if (o == null || !o.hasNonNull("source")) {
            throw new LinkerException("has no \"source\"");
        }
        String source = o.get("source").asText();
        List<Entry> out = new ArrayList<>();
        JsonNode anchors = o.path("anchors");
        for (JsonNode t : o.path("targets")) {
            JsonNode texts = anchors.path(t.asText());
            if (texts.isArray() && !texts.isEmpty()) {
                for (JsonNode a : texts) {
                    out.add(new Entry(source, t.asText(), a.asText()));
                }
            } else {
                out.add(new Entry(source, t.asText(), ""));
            }
        }
        return out;
    }

    /**
     * The paths by which a line may name the page {@code key}, most specific first: the key, its path from the
     * site's origin, and for a folder its {@code index.html}.
     */
    public static List<String> paths(String key) {
        List<String> out = new ArrayList<>(List.of(key, relative(key)));
        if (key.endsWith("/")) {
            out.add(relative(key) + "index.html");
        }
        return out;
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
