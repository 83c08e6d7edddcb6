package dev.linker.core.site;

import dev.linker.core.audit.LinkerException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
            int page = t.required("page", "Page", "Landing page", "Top pages", "URL", "Address");
            int query = t.required("query", "Query", "Top queries", "Queries");
            int clicks = t.required("clicks", "Clicks");
            int impressions = t.required("impressions", "Impressions");
            String[] row;
            while ((row = t.next()) != null) {
                String p = CsvTable.cell(row, page).trim();
                String q = CsvTable.cell(row, query).strip();
                if (p.isEmpty() || q.isEmpty()) {
                    continue;
                }
                out.computeIfAbsent(p, k -> new ArrayList<>()).add(new QueryStat(q,
                        number(csv, t, CsvTable.cell(row, clicks), "clicks"),
                        number(csv, t, CsvTable.cell(row, impressions), "impressions")));
            }
        }
        for (List<QueryStat> l : out.values()) {
            l.sort(Comparator.comparingLong(QueryStat::clicks).thenComparingLong(QueryStat::impressions).reversed());
        }
        return out;
    }

    private static long number(Path csv, CsvTable t, String s, String column) {
        String v = s.replace(",", "").replace(" ", "").trim();
        if (v.isEmpty()) {
            return 0;
        }
        try {
            return (long) Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new LinkerException(csv + ": line " + t.line() + ": " + column + " is not a number: \"" + s + "\"");
        }
    }
}
