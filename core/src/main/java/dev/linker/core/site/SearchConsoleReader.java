package dev.linker.core.site;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Site;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a Search Console performance export with one row per (page, query): columns page, query, clicks,
 * impressions (names case-insensitive; "Landing page"/"Top pages"/"URL" and "Top queries" accepted). Queries feed
 * anchors and authority.
 */
public final class SearchConsoleReader {
    private SearchConsoleReader() {
    }

    public record QueryStat(String query, long clicks, long impressions) {
    }

    /** Page URL → its queries, most clicked first. */
    public static Map<String, List<QueryStat>> read(Path csv) {
        Map<String, List<QueryStat>> out = new HashMap<>();
        try (CsvTable t = CsvTable.open(csv, "Page", "Query")) {
            List<String> names = columns(csv, t.header());
            int page = t.header().indexOf(names.get(0));
            int query = t.header().indexOf(names.get(1));
            int clicks = t.header().indexOf(names.get(2));
            int impressions = t.header().indexOf(names.get(3));
            String[] row;
            while ((row = t.next()) != null) {
                String p = CsvTable.cell(row, page).trim();
                String q = CsvTable.cell(row, query).strip();
                if (p.isEmpty() || q.isEmpty()) {
                    continue;
                }
                out.computeIfAbsent(p, k -> new ArrayList<>()).add(new QueryStat(q,
                        number(csv + ": line " + t.line(), CsvTable.cell(row, clicks), "clicks"),
                        number(csv + ": line " + t.line(), CsvTable.cell(row, impressions), "impressions")));
            }
        }
        for (List<QueryStat> l : out.values()) {
            l.sort(MOST_CLICKED);
        }
        return out;
    }

    /**
     * The names of an export's page, query, clicks and impressions columns in {@code header}, for this reader and for
     * readers of the same file elsewhere (a Spark job); a missing one is an error naming {@code source}.
     */
    public static List<String> columns(Object source, List<String> header) {
        return List.of(header.get(CsvTable.required(source, header, "page", "Page", "Landing page", "Top pages", "URL",
                        "Address")),
                header.get(CsvTable.required(source, header, "query", "Query", "Top queries", "Queries")),
                header.get(CsvTable.required(source, header, "clicks", "Clicks")),
                header.get(CsvTable.required(source, header, "impressions", "Impressions")));
    }

    /**
     * The export's rows keyed as the site's pages are.
     *
     * @param byPage    page key → its queries (one query's rows under several URLs of the page summed), most
     *                  clicked first
     * @param urls      how many URLs the export has
     * @param unmatched the export's URLs that are no page of the site, sorted
     */
    public record Matched(Map<String, List<QueryStat>> byPage, int urls, List<String> unmatched) {
    }

    /**
     * Maps the export's URLs onto the site's page keys. Search Console lists absolute URLs; a site read from a CSV is
     * keyed by the same addresses, but a site read from a folder is keyed by path ("/a/b.html", "/dir/" for
     * {@code dir/index.html}), so an absolute URL maps to its page the way an absolute link in the pages does: when
     * its host is the site's base URL's host (under the base URL's path). Query strings and fragments are dropped,
     * so {@code ?utm_source=…} rows count for their page.
     */
    public static Matched match(Map<String, List<QueryStat>> rows, Site site) {
        String baseHost = null;
        String basePath = "/";
        if (site.baseUrl() != null && !site.baseUrl().isBlank()) {
            try {
                URI u = URI.create(site.baseUrl().strip());
                baseHost = u.getHost();
                String p = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
                basePath = p.endsWith("/") ? p : p + "/";
            } catch (IllegalArgumentException e) {
                baseHost = null; // the reader rejects a bad base URL before we get here
            }
        }
        Map<String, Map<String, QueryStat>> merged = new LinkedHashMap<>();
        List<String> unmatched = new ArrayList<>();
        // Sorted, so rows merged from several URLs of one page come out in the same order on every run.
        for (Map.Entry<String, List<QueryStat>> e : new TreeMap<>(rows).entrySet()) {
            String key = e.getKey();
            if (!site.contains(key)) {
                PageKeys.Target t = PageKeys.resolve("/", key, baseHost, basePath, site.pages().keySet());
                key = t.external() ? null : t.key();
            }
            if (key == null || !site.contains(key)) {
                unmatched.add(e.getKey());
                continue;
            }
            Map<String, QueryStat> queries = merged.computeIfAbsent(key, k -> new LinkedHashMap<>());
            for (QueryStat q : e.getValue()) {
                queries.merge(q.query(), q, (a, b) -> new QueryStat(a.query(), a.clicks() + b.clicks(),
                        a.impressions() + b.impressions()));
            }
        }
        Map<String, List<QueryStat>> byPage = new HashMap<>();
        merged.forEach((k, qs) -> {
            List<QueryStat> l = new ArrayList<>(qs.values());
            l.sort(MOST_CLICKED);
            byPage.put(k, l);
        });
        return new Matched(byPage, rows.size(), unmatched);
    }

    /** Most clicked first, then most seen. */
    public static final Comparator<QueryStat> MOST_CLICKED =
            Comparator.comparingLong(QueryStat::clicks).thenComparingLong(QueryStat::impressions).reversed();

    /** A clicks or impressions cell ("1,234" and blanks allowed); anything else is an error naming {@code where}. */
    public static long number(String where, String s, String column) {
        String v = s == null ? "" : s.replace(",", "").replace(" ", "").trim();
        if (v.isEmpty()) {
            return 0;
        }
        try {
            return (long) Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new LinkerException(where + ": " + column + " is not a number: \"" + s + "\"");
        }
    }
}
