package dev.linker.index;

import dev.linker.core.audit.LinkerException;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.Site;
import dev.linker.core.site.CsvSiteReader;
import dev.linker.core.site.LinksJsonlReader;
import dev.linker.core.site.ReadListener;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.ScreamingFrogReader;
import dev.linker.core.site.SearchConsoleReader;
import dev.linker.core.site.SiteReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads what the user points {@code linker index/eval/tune} at: a folder of built HTML, a CSV
 * ({@code Address,Title,H1,Content}, optionally with a links.jsonl), or a Screaming Frog
 * {@code internal_html.csv} (+ {@code all_inlinks.csv}, found next to it when not given), plus an optional Search
 * Console export.
 *
 * @param source        folder or CSV
 * @param links         links.jsonl or all_inlinks.csv for a CSV source (null: none, or found next to it)
 * @param searchConsole Search Console CSV (null: none)
 * @param hubs          URLs matching any of these are marked as hubs, beside those the reader recognises
 */
public record SourceLoader(Path source, Path links, Path searchConsole, String baseUrl, String contentSelector,
                           String boilerplateSelector, ReadListener listener, List<Pattern> hubs) {

    public SourceLoader {
        hubs = hubs == null ? List.of() : List.copyOf(hubs);
    }

    public static SourceLoader of(Path source) {
        return new SourceLoader(source, null, null, null, null, null, ReadListener.NONE, List.of());
    }

    public SourceLoader withLinks(Path l) {
        return new SourceLoader(source, l, searchConsole, baseUrl, contentSelector, boilerplateSelector, listener,
                hubs);
    }

    public SourceLoader withSearchConsole(Path g) {
        return new SourceLoader(source, links, g, baseUrl, contentSelector, boilerplateSelector, listener, hubs);
    }

    public SourceLoader withHtml(String base, String content, String boilerplate, ReadListener l) {
        return new SourceLoader(source, links, searchConsole, base, content, boilerplate, l, hubs);
    }

    /** Marks pages whose URL matches one of the patterns (found anywhere in it) as hubs. */
    public SourceLoader withHubs(List<Pattern> patterns) {
        return new SourceLoader(source, links, searchConsole, baseUrl, contentSelector, boilerplateSelector, listener,
                patterns);
    }

    public Site site() {
        if (Files.isDirectory(source)) {
            ReadOptions o = ReadOptions.of(source).withSelectors(contentSelector, boilerplateSelector)
                    .withListener(listener);
            if (baseUrl != null) {
                o = o.withBaseUrl(baseUrl);
            }
            return SiteReader.read(o);
        }
        if (!Files.isRegularFile(source)) {
            throw new LinkerException(source + ": no such file or folder (give a folder of built HTML or a CSV)");
        }
        String name = source.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".csv")) {
            throw new LinkerException(source + ": not a folder or a .csv file");
        }
        Path inlinks = links;
        if (name.equals("internal_html.csv") || name.startsWith("internal_")) {
            if (inlinks == null) {
                Path sibling = source.resolveSibling("all_inlinks.csv");
                inlinks = Files.isRegularFile(sibling) ? sibling : null;
            }
            return ScreamingFrogReader.read(source, inlinks);
        }
        Site site = CsvSiteReader.read(source);
        if (inlinks != null) {
            String l = inlinks.getFileName().toString().toLowerCase(Locale.ROOT);
            if (l.endsWith(".csv")) {
                Site sf = ScreamingFrogReader.withInlinks(site, inlinks);
                return sf;
            }
            return LinksJsonlReader.attach(site, inlinks);
        }
        return site;
    }

    public Map<String, List<SearchConsoleReader.QueryStat>> searchConsoleData() {
        return searchConsole == null ? Map.of() : SearchConsoleReader.read(searchConsole);
    }

    public List<PageRecord> records() {
        List<PageRecord> records = SiteRecords.from(site(), searchConsoleData());
        if (hubs.isEmpty()) {
            return records;
        }
        List<PageRecord> out = new java.util.ArrayList<>(records.size());
        for (PageRecord r : records) {
            boolean marked = !r.hub() && hubs.stream().anyMatch(p -> p.matcher(r.url()).find());
            out.add(marked ? r.withMeta(r.meta().withKind(PageKind.MARKED)) : r);
        }
        return out;
    }

    /**
     * Sets safety classes from a two-column CSV ({@code url,class}; a header row is optional): pages of classes
     * that may not meet (e.g. {@code --forbid-safety kids=adult}) are never linked. Unknown URLs are an error.
     */
    public static List<PageRecord> withSafety(List<PageRecord> records, Path csv) {
        java.util.Map<String, String> classes = new java.util.HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new LinkerException(csv + ": cannot read safety classes: " + e.getMessage());
        }
        int n = 0;
        for (String line : lines) {
            n++;
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int comma = l.lastIndexOf(',');
            if (comma <= 0) {
                throw new LinkerException(csv + ": line " + n + " is not url,class");
            }
            String url = l.substring(0, comma).replace("\"", "").strip();
            String cls = l.substring(comma + 1).replace("\"", "").strip();
            if (n == 1 && (url.equalsIgnoreCase("url") || url.equalsIgnoreCase("address"))) {
                continue;
            }
            classes.put(url, cls);
        }
        java.util.Set<String> known = new java.util.HashSet<>();
        List<PageRecord> out = new java.util.ArrayList<>(records.size());
        for (PageRecord r : records) {
            known.add(r.url());
            String cls = classes.get(r.url());
            out.add(cls == null ? r : r.withSafety(cls));
        }
        List<String> unknown = classes.keySet().stream().filter(u -> !known.contains(u)).sorted().limit(3).toList();
        if (!unknown.isEmpty()) {
            throw new LinkerException(csv + ": URLs that are not pages of the source, e.g. " + unknown);
        }
        return out;
    }
}
