package dev.linker.core.site;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Screaming Frog crawl: {@code internal_html.csv} (one row per HTML page) and optionally
 * {@code all_inlinks.csv} (every link, with its "Link Position": Content, Navigation, Header, Footer, Sidebar).
 * SEO Spider exports carry no body text unless a custom extraction named Content/Text was added; without one the
 * page text is title + H1 + meta description, which still feeds name matching and BM25.
 */
public final class ScreamingFrogReader {
    private ScreamingFrogReader() {
    }

    public static Site read(Path internalHtml, Path allInlinks) {
        Map<String, Page> pages = new LinkedHashMap<>();
        try (CsvTable t = CsvTable.open(internalHtml, CsvSiteReader.ADDRESS)) {
            int address = t.required("address", CsvSiteReader.ADDRESS);
            int title = t.required("title", CsvSiteReader.TITLE);
            int h1 = t.column(CsvSiteReader.H1);
            int content = t.column(CsvSiteReader.CONTENT);
            int meta = t.column("Meta Description 1", "Meta Description");
            int contentType = t.column("Content Type", "Content");
            int status = t.column("Status Code");
            String[] row;
            while ((row = t.next()) != null) {
                String url = CsvTable.cell(row, address).trim();
                if (url.isEmpty()) {
                    continue;
                }
                String type = CsvTable.cell(row, contentType).toLowerCase(Locale.ROOT);
                if (contentType != content && !type.isEmpty() && !type.contains("html")) {
                    continue;
                }
                String code = CsvTable.cell(row, status).trim();
                if (!code.isEmpty() && !code.equals("200")) {
                    continue; // redirects and errors are not link targets
                }
                String text = content >= 0 ? CsvTable.cell(row, content)
                        : String.join("\n", CsvTable.cell(row, title), CsvTable.cell(row, h1), CsvTable.cell(row, meta));
                if (pages.containsKey(url)) {
                    throw new LinkerException(internalHtml + ": duplicate address " + url + " near line " + t.line());
                }
                pages.put(url, Page.of(url, CsvTable.cell(row, title).strip(), CsvTable.cell(row, h1).strip(), text)
                        .withMeta(PageMeta.NONE.withKind(content >= 0 ? Hubs.byUrlAndText(url, text) : Hubs.byUrl(url))));
            }
        }
        if (allInlinks != null) {
            Map<String, List<Link>> links = readInlinks(allInlinks, pages.keySet());
            for (Map.Entry<String, List<Link>> e : links.entrySet()) {
                pages.computeIfPresent(e.getKey(), (k, p) -> LinksJsonlReader.withLinks(p, e.getValue()));
            }
        }
        return new Site(internalHtml.toString(), null, pages, Set.of(), Map.of());
    }

    /** Attaches the links of an {@code all_inlinks.csv} to a site read from another CSV. */
    public static Site withInlinks(Site site, Path allInlinks) {
        Map<String, List<Link>> links = readInlinks(allInlinks, site.pages().keySet());
        Map<String, Page> pages = new LinkedHashMap<>(site.pages());
        for (Map.Entry<String, List<Link>> e : links.entrySet()) {
            pages.computeIfPresent(e.getKey(), (k, p) -> LinksJsonlReader.withLinks(p, e.getValue()));
        }
        return new Site(site.root(), site.baseUrl(), pages, site.sitemapUrls(), site.redirects());
    }

    private static Map<String, List<Link>> readInlinks(Path file, Set<String> known) {
        Map<String, List<Link>> out = new HashMap<>();
        try (CsvTable t = CsvTable.open(file, "Source")) {
            int type = t.column("Type");
            int source = t.required("source", "Source", "From");
            int dest = t.required("destination", "Destination", "To");
            int anchor = t.column("Anchor", "Anchor Text", "Alt Text");
            int position = t.column("Link Position", "Position");
            int rel = t.column("Rel");
            int follow = t.column("Follow");
            String[] row;
            while ((row = t.next()) != null) {
                String ty = CsvTable.cell(row, type).toLowerCase(Locale.ROOT);
                if (type >= 0 && !ty.isEmpty() && !ty.equals("hyperlink")) {
                    continue;
                }
                String from = CsvTable.cell(row, source).trim();
                String to = CsvTable.cell(row, dest).trim();
                int hash = to.indexOf('#');
                String fragment = hash >= 0 ? to.substring(hash + 1) : null;
                if (hash >= 0) {
                    to = to.substring(0, hash);
                }
                if (!known.contains(from) || from.equals(to)) {
                    continue;
                }
                String r = CsvTable.cell(row, rel);
                if (CsvTable.cell(row, follow).equalsIgnoreCase("false") && !r.contains("nofollow")) {
                    r = (r + " nofollow").trim();
                }
                out.computeIfAbsent(from, k -> new ArrayList<>()).add(new Link(from, to, to, fragment,
                        CsvTable.cell(row, anchor).strip(), r, placement(CsvTable.cell(row, position)),
                        Link.Position.UNKNOWN));
            }
        }
        return out;
    }

    /** Screaming Frog's link positions; unknown or empty positions count as content, as SF itself defaults. */
    static Placement placement(String position) {
        return switch (position.trim().toLowerCase(Locale.ROOT)) {
            case "navigation", "nav" -> Placement.NAV;
            case "header", "head" -> Placement.HEADER;
            case "footer" -> Placement.FOOTER;
            case "sidebar", "aside" -> Placement.ASIDE;
            case "breadcrumb", "breadcrumbs" -> Placement.BREADCRUMB;
            default -> Placement.CONTENT;
        };
    }
}
