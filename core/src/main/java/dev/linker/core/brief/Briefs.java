package dev.linker.core.brief;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.linker.core.result.LinkerException;
import dev.linker.core.source.FrontMatter;
import dev.linker.core.model.Site;
import dev.linker.core.site.FolderFiles;
import dev.linker.core.site.PageKeys;
import dev.linker.core.site.ReadListener;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads a folder of briefs and matches them to the pages of a site. */
public final class Briefs {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Briefs() {
    }

    /**
     * Every {@code *.md} file under {@code dir} with a front-matter block ({@code README.md} and files without one are
     * notes, not briefs).
     *
     * @throws LinkerException when the folder is missing or a brief is malformed (the message names file and key)
     */
    public static List<Brief> read(Path dir) {
        return read(dir, ReadListener.NONE);
    }

    /** {@link #read(Path)}, warning about files skipped (a link out of the folder, an unreadable folder). */
    public static List<Brief> read(Path dir, ReadListener listener) {
        if (!Files.isDirectory(dir)) {
            throw new LinkerException("briefs folder '" + dir + "' does not exist");
        }
        FolderFiles.Listing listing = FolderFiles.list(dir, "briefs folder", rel -> false);
        listing.skipped().forEach(s -> listener.warning("briefs folder '" + dir + "': " + s.rel() + " " + s.why()));
        List<Path> files = listing.files().stream()
                .filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".md"))
                .filter(p -> !p.getFileName().toString().equalsIgnoreCase("README.md")).toList();
        List<Brief> out = new ArrayList<>();
        for (Path f : files) {
            Brief b = parse(f);
            if (b != null) {
                out.add(b);
            }
        }
        return out;
    }

    static Brief parse(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw new LinkerException("cannot read brief '" + file + "': " + e.getMessage());
        }
        FrontMatter fm = FrontMatter.parse(text);
        if (fm.unclosed()) {
            throw new LinkerException("brief '" + file + "': the front matter starting on line 1 has no closing '---'");
        }
        if (fm.block() == null) {
            return null;
        }
        JsonNode root;
        try {
            root = YAML.readTree(fm.block());
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + (e.getLocation().getLineNr() + 1);
            throw new LinkerException("brief '" + file + "' has invalid YAML front matter" + where + ": " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new LinkerException("brief '" + file + "': the front matter must be a mapping (url, query, requiredLinks)");
        }
        String url = text(file, root, "url");
        String slug = text(file, root, "slug");
        if (url == null && slug == null) {
            throw new LinkerException("brief '" + file + "' names no page: add 'url: /path/of/the/page/' or 'slug: name'");
        }
        List<Brief.RequiredLink> required = new ArrayList<>();
        JsonNode req = root.get("requiredLinks");
        if (req != null && !req.isNull()) {
            if (!req.isArray()) {
                throw new LinkerException("brief '" + file + "': 'requiredLinks' must be a list of {url, anchor}");
            }
            int n = 0;
            for (JsonNode r : req) {
                n++;
                String u = r.isTextual() ? r.asText() : r.path("url").asText(null);
                if (u == null || u.isBlank()) {
                    throw new LinkerException("brief '" + file + "': requiredLinks entry " + n + " has no 'url'");
                }
                String anchor = r.isObject() && r.hasNonNull("anchor") ? r.get("anchor").asText() : null;
                required.add(new Brief.RequiredLink(u.strip(), anchor, lineOf(fm.block(), u.strip())));
            }
        }
        int line = lineOf(fm.block(), url != null ? "url:" : "slug:");
        return new Brief(file, url, slug, orEmpty(text(file, root, "query")), orEmpty(text(file, root, "title")), required,
                line == 0 ? 1 : line);
    }

    private static String text(Path file, JsonNode root, String key) {
        JsonNode n = root.get(key);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isValueNode()) {
            throw new LinkerException("brief '" + file + "': '" + key + "' must be a text value");
        }
        String s = n.asText().strip();
        return s.isEmpty() ? null : s;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** The file's 1-based line of the first line of the block holding {@code needle}, or 0. */
    private static int lineOf(String block, String needle) {
        String[] lines = block.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(needle)) {
                return i + 2;
            }
        }
        return 0;
    }

    /** A brief URL or page path as a page key of the site ("/guides/x/"), using the site's base URL for absolute ones. */
    public static String key(String url, Site site) {
        String u = url.strip();
        if (u.startsWith("http://") || u.startsWith("https://")) {
            try {
                URI uri = URI.create(u);
                u = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
                if (site.baseUrl() != null) {
                    String basePath = URI.create(site.baseUrl()).getRawPath();
                    if (basePath != null && basePath.length() > 1 && u.startsWith(basePath)) {
                        u = u.substring(basePath.length() - (basePath.endsWith("/") ? 1 : 0));
                    }
                }
            } catch (IllegalArgumentException e) {
                return u;
            }
        }
        if (!u.startsWith("/")) {
            u = "/" + u;
        }
        String k = PageKeys.normalizeIndex(u);
        if (site.contains(k)) {
            return k;
        }
        for (String alt : List.of(k + "/", k + ".html", k.endsWith("/") ? k.substring(0, k.length() - 1) + ".html" : k)) {
            if (site.contains(alt)) {
                return alt;
            }
        }
        return k;
    }

    /** The page a brief is about, or null when it is not published (yet). */
    public static String page(Brief b, Site site) {
        if (b.url() != null) {
            String k = key(b.url(), site);
            return site.contains(k) ? k : null;
        }
        String slug = b.slug().replaceAll("^/+|/+$", "");
        String found = null;
        for (String k : site.pages().keySet()) {
            String t = k.endsWith("/") ? k.substring(0, k.length() - 1) : k.replaceFirst("\\.html?$", "");
            if (t.substring(t.lastIndexOf('/') + 1).equals(slug)) {
                if (found != null) {
                    return found; // ambiguous slugs: the first page in key order, deterministic
                }
                found = k;
            }
        }
        return found;
    }
}
