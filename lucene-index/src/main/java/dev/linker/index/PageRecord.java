package dev.linker.index;

import java.util.List;

/**
 * One page as the index holds it.
 *
 * @param names   anchor texts other pages use for this page, each {source, text}
 * @param queries Search Console queries, most clicked first, each {query, clicks}
 */
public record PageRecord(String url, String title, String h1, String body, String category, Status status,
                         String redirectTo, double authority, int inbound, String safety, List<String> links,
                         List<String[]> names, List<String[]> queries) {

    public PageRecord {
        title = title == null ? "" : title;
        h1 = h1 == null ? "" : h1;
        body = body == null ? "" : body;
        safety = safety == null ? "" : safety;
        status = status == null ? Status.LIVE : status;
        links = links == null ? List.of() : List.copyOf(links);
        names = names == null ? List.of() : List.copyOf(names);
        queries = queries == null ? List.of() : List.copyOf(queries);
    }

    public static PageRecord of(String url, String title, String h1, String body, String category) {
        return new PageRecord(url, title, h1, body, category, Status.LIVE, null, 0, 0, "", List.of(), List.of(),
                List.of());
    }
}
