package dev.linker.core.source;

import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Site;
import dev.linker.core.site.FolderFiles;
import dev.linker.core.site.PageKeys;
import dev.linker.core.site.ReadListener;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which source file each built page comes from, so findings point at the file a reviewer edits. Source folders are
 * configured with the URL prefix they publish under ({@code content/ → /}); a file's page is found by its front
 * matter ({@code permalink} or {@code url}, then {@code slug}) or by path convention
 * ({@code content/blog/post.md → /blog/post/} or {@code /blog/post.html}; {@code index.md} and {@code _index.md}
 * are their folder's page). Files whose page is not in the built site are ignored.
 */
public final class SourceMap {
    public static final SourceMap NONE = new SourceMap(Map.of());
    private static final List<String> EXTENSIONS = List.of(".md", ".markdown", ".mdx", ".html", ".htm");

    private final Map<String, Path> byPage;
    private final Map<Path, List<String>> lines = new HashMap<>();

    private SourceMap(Map<String, Path> byPage) {
        this.byPage = Map.copyOf(byPage);
    }

    /**
     * @param folders source folder → URL prefix it publishes under ("/" for the site root)
     * @throws LinkerException when a source folder does not exist (the message names it)
     */
    public static SourceMap build(Map<Path, String> folders, Site site) {
        return build(folders, site, ReadListener.NONE);
    }

    /** {@link #build(Map, Site)}, warning about files skipped (a link out of the folder, an unreadable folder). */
    public static SourceMap build(Map<Path, String> folders, Site site, ReadListener listener) {
        if (folders == null || folders.isEmpty()) {
            return NONE;
        }
        Map<String, Path> byPage = new HashMap<>();
        for (Map.Entry<Path, String> e : folders.entrySet()) {
            Path dir = e.getKey().toAbsolutePath().normalize();
            if (!Files.isDirectory(dir)) {
                throw new LinkerException("source folder '" + e.getKey() + "' (sources) does not exist");
            }
            String prefix = prefix(e.getValue());
            FolderFiles.Listing listing = FolderFiles.list(dir, "source folder", rel -> false);
            listing.skipped().forEach(s -> listener.warning("source folder '" + e.getKey() + "': " + s.rel() + " " + s.why()));
            List<Path> files = listing.files().stream().filter(SourceMap::isSource).toList();
            for (Path f : files) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                for (String key : candidates(rel, prefix, frontMatter(f))) {
                    if (site.contains(key)) {
                        byPage.putIfAbsent(key, f);
                        break;
                    }
                }
            }
        }
        return new SourceMap(byPage);
    }

    /** The source file of a page (absolute), or null when none is known. */
    public Path sourceOf(String pageKey) {
        return byPage.get(pageKey);
    }

    public int size() {
        return byPage.size();
    }

    /** The finding placed on its page's source file, at the line of the link (or the title), when there is one. */
    public Finding locate(Finding f) {
        Path src = f.pageUrl() == null ? null : byPage.get(f.pageUrl()); // sitemap.xml findings have no page
        if (src == null) {
            return f;
        }
        List<String> text = lines.computeIfAbsent(src, SourceMap::readLines);
        int line = f.targetUrl() != null || f.anchor() != null ? linkLine(text, f) : titleLine(text);
        return f.withSource(new Finding.Source(src, line));
    }

    /** Page keys a source file may be built as, most specific first. */
    static List<String> candidates(String rel, String prefix, FrontMatter fm) {
        List<String> out = new ArrayList<>();
        String explicit = fm.get("permalink") != null ? fm.get("permalink") : fm.get("url");
        if (explicit != null) {
            addForms(out, explicit.startsWith("/") ? explicit : prefix + explicit);
        }
        int dot = rel.lastIndexOf('.');
        String noExt = dot > 0 ? rel.substring(0, dot) : rel;
        int slash = noExt.lastIndexOf('/');
        String dir = slash >= 0 ? noExt.substring(0, slash + 1) : "";
        String name = noExt.substring(slash + 1);
        if (fm.get("slug") != null) {
            addForms(out, prefix + dir + fm.get("slug"));
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("index") || lower.equals("_index") || lower.equals("readme")) {
            out.add(PageKeys.normalizeIndex(prefix + dir));
        } else {
            addForms(out, prefix + noExt);
        }
        return out;
    }

    private static void addForms(List<String> out, String path) {
        String p = path.startsWith("/") ? path : "/" + path;
        if (p.endsWith("/")) {
            out.add(p);
            return;
        }
        String lower = p.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".html") || lower.endsWith(".htm")) {
            out.add(PageKeys.normalizeIndex(p));
            return;
        }
        out.add(p + "/");
        out.add(p + ".html");
        out.add(p);
    }

    private static String prefix(String p) {
        String s = p == null || p.isBlank() ? "/" : p.strip();
        if (!s.startsWith("/")) {
            s = "/" + s;
        }
        return s.endsWith("/") ? s : s + "/";
    }

    private static boolean isSource(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return EXTENSIONS.stream().anyMatch(n::endsWith);
    }

    private static FrontMatter frontMatter(Path f) {
        try {
            return FrontMatter.parse(Files.readString(f, StandardCharsets.UTF_8));
        } catch (IOException | UncheckedIOException e) {
            return FrontMatter.parse(""); // unreadable or not UTF-8: path convention only
        }
    }

    private static List<String> readLines(Path f) {
        try {
            return List.of(new String(Files.readAllBytes(f), StandardCharsets.UTF_8).split("\n", -1));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Line of the link in the source: its href as written, the target's path or last segment, then its anchor. */
    static int linkLine(List<String> text, Finding f) {
        List<String> needles = new ArrayList<>();
        String target = f.targetUrl() == null ? null : f.targetUrl().replaceFirst("#.*$", "");
        if (target != null && !target.isEmpty()) {
            needles.add("(" + target + ")");
            needles.add("\"" + target + "\"");
            String t = target.endsWith("/") ? target.substring(0, target.length() - 1) : target;
            String last = t.substring(t.lastIndexOf('/') + 1).replaceFirst("\\.html?$", "");
            if (!t.isEmpty()) {
                needles.add(t);
            }
            if (!last.isEmpty()) {
                needles.add("[" + f.anchor() + "](");
                needles.add(last);
            }
        }
        if (f.anchor() != null && !f.anchor().isBlank()) {
            needles.add(f.anchor());
        }
        for (String n : needles) {
            for (int i = 0; i < text.size(); i++) {
                if (text.get(i).contains(n)) {
                    return i + 1;
                }
            }
        }
        return titleLine(text);
    }

    /** The title line of the front matter, else the first H1, else line 1. */
    static int titleLine(List<String> text) {
        for (int i = 0; i < text.size(); i++) {
            String l = text.get(i);
            if (l.startsWith("title:") || l.startsWith("# ") || l.contains("<title") || l.contains("<h1")) {
                return i + 1;
            }
        }
        return 1;
    }
}
