package dev.linker.core.site;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.Site;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads a site from the common SEO export shape {@code Address,Title,H1,Content}. Column names are matched
 * case-insensitively; Screaming Frog's {@code Title 1} and {@code H1-1} are accepted; H1 is optional, extra
 * columns are ignored. The page key is the address as written. Optional: a publication date column ({@code Date},
 * {@code Published}, {@code Date Published} or {@code datePublished}: an ISO date or date-time, empty when unknown;
 * anything else is an error naming the file, line and value) and a {@code Tags} column (split on , ; |). Whether a
 * page is a hub follows from its address ({@link Hubs#byUrl}).
 *
 * <p>Duplicate addresses are an error naming both lines: two rows for one URL mean a crawl or export went wrong,
 * and silently keeping one would index text the user never chose.
 */
public final class CsvSiteReader {
    static final String[] ADDRESS = {"Address", "URL", "Url", "Page", "Loc"};
    static final String[] TITLE = {"Title", "Title 1", "Page Title"};
    static final String[] H1 = {"H1", "H1-1", "H1 1"};
    static final String[] CONTENT = {"Content", "Text", "Body", "Body Text"};
    static final String[] DATE = {"Date", "Published", "Date Published", "datePublished"};
    static final String[] TAGS = {"Tags", "Tag", "Keywords"};

    private CsvSiteReader() {
    }

    public static Site read(Path csv) {
        Map<String, Page> pages = new LinkedHashMap<>();
        forEach(csv, p -> pages.put(p.url(), p));
        return new Site(csv.toString(), null, pages, Set.of(), Map.of());
    }

    /**
     * The columns a table of pages with {@code header} is read from, by the names this reader accepts: address,
     * title, H1 (null when it has none), content, and the publication date and tags (null when
     * absent). For readers of the same shape elsewhere (a Spark job reading
     * the CSV, JSON lines or Parquet). A missing required column is a {@link LinkerException} naming {@code source}.
     */
    public static List<String> pageColumns(Object source, List<String> header) {
        int h1 = CsvTable.indexOf(header, H1);
        int date = CsvTable.indexOf(header, DATE);
        int tags = CsvTable.indexOf(header, TAGS);
        return java.util.Arrays.asList(header.get(CsvTable.required(source, header, "address", ADDRESS)),
                header.get(CsvTable.required(source, header, "title", TITLE)), h1 < 0 ? null : header.get(h1),
                header.get(CsvTable.required(source, header, "content", CONTENT)), date < 0 ? null : header.get(date),
                tags < 0 ? null : header.get(tags));
    }

    /**
     * The page one row of such a table makes (title and H1 stripped; tags split on , ; |; a hub by its address and the length of its text), for
     * this reader and for readers of the same rows elsewhere (a Spark job).
     */
    public static Page page(String url, String title, String h1, String content, LocalDate published, String tags) {
        PageMeta meta = new PageMeta(published, List.of((tags == null ? "" : tags).split("[,;|]")),
                Hubs.byUrlAndText(url, content), List.of());
        return Page.of(url, title == null ? "" : title.strip(), h1 == null ? "" : h1.strip(),
                content == null ? "" : content).withMeta(meta);
    }

    /** A publication date cell: null when empty; anything but a date is an error saying how to write one. */
    public static LocalDate published(String cell) {
        String d = cell == null ? "" : cell.strip();
        LocalDate published = Dates.parse(d);
        if (!d.isEmpty() && published == null) {
            throw new LinkerException("\"" + d + "\" is not a date; write it as YYYY-MM-DD (e.g. 2024-03-05) or an ISO "
                    + "date-time, or leave it empty");
        }
        return published;
    }

    /** Streams the pages without holding them all, for catalogues too large for memory; returns the count. */
    public static int forEach(Path csv, Consumer<Page> sink) {
        try (CsvTable t = CsvTable.open(csv, ADDRESS)) {
            int address = t.required("address", ADDRESS);
            int title = t.required("title", TITLE);
            int h1 = t.column(H1);
            int content = t.required("content", CONTENT);
            int date = t.column(DATE);
            int tags = t.column(TAGS);
            Map<String, Integer> seen = new HashMap<>();
            int count = 0;
            String[] row;
            while ((row = t.next()) != null) {
                int line = t.line();
                if (row.length == 1 && row[0].isBlank()) {
                    continue;
                }
                String url = CsvTable.cell(row, address).trim();
                if (url.isEmpty()) {
                    throw new LinkerException(csv + ": line " + line + " has an empty address");
                }
                Integer before = seen.putIfAbsent(url, line);
                if (before != null) {
                    throw new LinkerException(csv + ": duplicate address " + url + " (lines " + before + " and "
                            + line + "); remove one of the rows");
                }
                LocalDate published;
                try {
                    published = published(CsvTable.cell(row, date));
                } catch (LinkerException e) {
                    throw new LinkerException(csv + ": line " + line + ": " + t.header().get(date) + " "
                            + e.getMessage());
                }
                sink.accept(page(url, CsvTable.cell(row, title), CsvTable.cell(row, h1), CsvTable.cell(row, content),
                        published, CsvTable.cell(row, tags)));
                count++;
            }
            return count;
        }
    }
}
