package dev.linker.index;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.Site;
import dev.linker.core.site.CsvSiteReader;
import dev.linker.core.site.LinksJsonlReader;
import dev.linker.core.site.ReadListener;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.ScreamingFrogReader;
import dev.linker.core.site.SearchConsoleReader;
import dev.linker.core.site.SiteReader;

import java.net.URI;
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
 * @param baseUrl       a folder's absolute URL: absolute links and Search Console URLs on its host are its pages
 *                      (null: none)
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
        return new SourceLoader(source, links, searchConsole, base, content, boilerplate,
                l == null ? ReadListener.NONE : l, hubs);
    }

    /** Marks pages whose URL matches one of the patterns (found anywhere in it) as hubs. */
    public SourceLoader withHubs(List<Pattern> patterns) {
        return new SourceLoader(source, links, searchConsole, baseUrl, contentSelector, boilerplateSelector, listener,
                patterns);
    }

    public Site site() {
        if (Files.isDirectory(source)) {
            return folder(readOptions());
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

    /** Every page of the source as an index record, each with its text. */
    public List<PageRecord> records() {
        return records(site());
    }

    /** Every page of {@code site} (this source's, or a copy of it: {@link HiddenLinks}) as an index record. */
    public List<PageRecord> records(Site site) {
        List<PageRecord> out = new java.util.ArrayList<>(site.pages().size());
        SiteRecords.of(site, searchConsoleData(site), null).map(this::marked).forEach(out::add);
        return out;
    }

    /**
     * The pages of the source as index records made one at a time, for a door that takes each once and need not
     * hold them all (indexing a catalogue): a folder is read once, without text in memory (links, the graph, anchor
     * names), each page's text kept aside in a temporary file until its record is taken. A CSV holds its text anyway.
     */
    public SiteRecords pages() {
        if (!Files.isDirectory(source)) {
            Site site = site();
            return SiteRecords.of(site, searchConsoleData(site), null).map(this::marked);
        }
        SiteReader.TextRead read = SiteReader.readForText(readOptions());
        Site site = warned(read.site());
        return SiteRecords.of(site, searchConsoleData(site), read.withText()).map(this::marked);
    }

    private ReadOptions readOptions() {
        ReadOptions o = ReadOptions.of(source).withSelectors(contentSelector, boilerplateSelector)
                .withListener(listener);
        return baseUrl != null ? o.withBaseUrl(baseUrl) : o;
    }

    private Site folder(ReadOptions o) {
        return warned(SiteReader.read(o));
    }

    private Site warned(Site site) {
        for (Site.Problem p : site.problems()) {
            if (p.key() == null) { // not a page at all (a link out of the site, an unreadable folder): say so
                listener.warning(p.file() + " " + p.message());
            }
        }
        return site;
    }

    /** The record marked as a hub when its URL matches one of the hub patterns and the reader did not see one. */
    private PageRecord marked(PageRecord r) {
        boolean marked = !hubs.isEmpty() && !r.hub() && hubs.stream().anyMatch(p -> p.matcher(r.url()).find());
        return marked ? r.withMeta(r.meta().withKind(PageKind.MARKED)) : r;
    }

    /**
     * The Search Console export keyed as {@code site}'s pages ({@link SearchConsoleReader#match}). URLs it cannot
     * place are said on the listener: a warning when none is a page (the whole file would be lost, usually for want
     * of a base URL), a note with the count and an example otherwise (pages since removed are normal in an export).
     */
    public Map<String, List<SearchConsoleReader.QueryStat>> searchConsoleData(Site site) {
        if (searchConsole == null) {
            return Map.of();
        }
        SearchConsoleReader.Matched m = SearchConsoleReader.match(SearchConsoleReader.read(searchConsole), site);
        if (m.urls() == 0) {
            listener.warning(searchConsole + ": no rows with a page and a query; no Search Console data is used");
        } else if (m.byPage().isEmpty()) {
            listener.warning(noMatch(site, m));
        } else if (!m.unmatched().isEmpty()) {
            listener.note("Search Console: " + m.unmatched().size() + " of " + m.urls() + " URLs in " + searchConsole
                    + " are not pages of " + source + " (e.g. " + m.unmatched().getFirst()
                    + "); their queries are not used");
        } else {
            listener.note("Search Console: queries for " + m.byPage().size() + " pages from " + searchConsole);
        }
        return m.byPage();
    }

    /** Why no URL of the export is a page, with what to do about it. */
    private String noMatch(Site site, SearchConsoleReader.Matched m) {
        String example = m.unmatched().getFirst();
        String what = searchConsole + ": none of its " + m.urls() + " URLs is a page of " + source + " (e.g. "
                + example + "), so its queries are not used";
        String page = site.pages().keySet().stream().filter(k -> k.length() > 1).findFirst()
                .orElse(site.pages().isEmpty() ? "" : site.pages().keySet().iterator().next());
        if (!Files.isDirectory(source)) {
            return what + ". " + source.getFileName() + " keys its pages by address (e.g. " + page
                    + "): the export must list the same addresses";
        }
        URI url = httpUrl(example);
        if (url != null) {
            String base = url.getScheme().toLowerCase(Locale.ROOT) + "://" + url.getRawAuthority() + "/";
            if (site.baseUrl() == null || site.baseUrl().isBlank()) {
                return what + ". Pages of a folder are keyed by path (e.g. " + page + "): pass the site's base URL "
                        + "(--base-url " + base + ") to map the export's absolute URLs onto them";
            }
            URI given = httpUrl(site.baseUrl().strip());
            if (given == null || !url.getHost().equalsIgnoreCase(given.getHost())) {
                return what + ". The base URL " + site.baseUrl() + " is on another host than the export's: pass "
                        + "--base-url " + base + " if the export is for this site";
            }
        }
        return what + ". Check that the export is for this site" + (site.baseUrl() == null ? ""
                : " and that it is published under " + site.baseUrl());
    }

    private static URI httpUrl(String s) {
        try {
            URI u = URI.create(s);
            return u.getHost() != null && u.getScheme() != null
                    && (u.getScheme().equalsIgnoreCase("http") || u.getScheme().equalsIgnoreCase("https")) ? u : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Safety classes from a two-column CSV ({@code url,class}; a header row is optional), as a function that sets
     * a record's class: pages of classes that may not meet (e.g. {@code --forbid-safety kids=adult}) are never
     * linked. A URL for which {@code isPage} is false is an error, raised here.
     */
    public static java.util.function.UnaryOperator<PageRecord> safety(Path csv,
                                                                     java.util.function.Predicate<String> isPage) {
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
            String[] uc;
            try {
                uc = safetyLine(line);
            } catch (LinkerException e) {
                throw new LinkerException(csv + ": line " + n + " " + e.getMessage());
            }
            if (uc != null) {
                classes.put(uc[0], uc[1]);
            }
        }
        List<String> unknown = classes.keySet().stream().filter(u -> !isPage.test(u)).sorted().limit(3).toList();
        if (!unknown.isEmpty()) {
            throw new LinkerException(csv + ": URLs that are not pages of the source, e.g. " + unknown);
        }
        return r -> {
            String cls = classes.get(r.url());
            return cls == null ? r : r.withSafety(cls);
        };
    }

    /**
     * One line of a safety-classes file as {url, class}; null for a blank line, a comment ({@code #}) or the header
     * ({@code url,class}); an error when it is not {@code url,class}.
     */
    public static String[] safetyLine(String line) {
        String l = line.strip();
        if (l.isEmpty() || l.startsWith("#")) {
            return null;
        }
        int comma = l.lastIndexOf(',');
        if (comma <= 0) {
            throw new LinkerException("is not url,class");
        }
        String url = l.substring(0, comma).replace("\"", "").strip();
        String cls = l.substring(comma + 1).replace("\"", "").strip();
        return url.equalsIgnoreCase("url") || url.equalsIgnoreCase("address") ? null : new String[] {url, cls};
    }
}
