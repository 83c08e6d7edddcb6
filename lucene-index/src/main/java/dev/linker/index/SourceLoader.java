package dev.linker.index;

import dev.linker.core.audit.LinkerException;
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

/**
 * Reads what the user points {@code linker index/eval/tune} at: a folder of built HTML, a CSV
 * ({@code Address,Title,H1,Content}, optionally with a links.jsonl), or a Screaming Frog
 * {@code internal_html.csv} (+ {@code all_inlinks.csv}, found next to it when not given), plus an optional Search
 * Console export.
 *
 * @param source        folder or CSV
 * @param links         links.jsonl or all_inlinks.csv for a CSV source (null: none, or found next to it)
 * @param searchConsole Search Console CSV (null: none)
 */
public record SourceLoader(Path source, Path links, Path searchConsole, String baseUrl, String contentSelector,
                           String boilerplateSelector, ReadListener listener) {

    public static SourceLoader of(Path source) {
        return new SourceLoader(source, null, null, null, null, null, ReadListener.NONE);
    }

    public SourceLoader withLinks(Path l) {
        return new SourceLoader(source, l, searchConsole, baseUrl, contentSelector, boilerplateSelector, listener);
    }

    public SourceLoader withSearchConsole(Path g) {
        return new SourceLoader(source, links, g, baseUrl, contentSelector, boilerplateSelector, listener);
    }

    public SourceLoader withHtml(String base, String content, String boilerplate, ReadListener l) {
        return new SourceLoader(source, links, searchConsole, base, content, boilerplate, l);
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
        return SiteRecords.from(site(), searchConsoleData());
    }
}
