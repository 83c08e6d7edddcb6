package dev.linker.server;

import dev.linker.index.LinkReport;
import dev.linker.index.LinkReport.LinkAt;
import dev.linker.index.LinkReport.PageLinks;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@code GET /api/v1/report}: the site's link health ({@link LinkReport}, the audit's figures) as JSON. Pages come a
 * page of them at a time ({@code offset}, {@code limit}, {@code sort}, {@code order}), or only those {@code url}
 * names (repeated), and then the lists keep only what touches those pages.
 */
final class ReportRoute {
    static final int MAX_LIMIT = 1000;
    static final int MAX_URLS = 1000;
    private static final Map<String, Comparator<PageLinks>> SORTS = Map.of(
            "url", Comparator.comparing(PageLinks::url),
            "title", Comparator.comparing(PageLinks::title).thenComparing(PageLinks::url),
            "inbound", Comparator.comparingInt(PageLinks::inbound).thenComparing(PageLinks::url),
            "outbound", Comparator.comparingInt(PageLinks::outbound).thenComparing(PageLinks::url));

    private ReportRoute() {
    }

    /** The answer to one request, {@code report} being the index's. */
    static Map<String, Object> answer(Context ctx, LinkReport report) {
        Set<String> urls = new LinkedHashSet<>();
        List<String> given = ctx.queryParams("url");
        if (given.size() > MAX_URLS) {
            throw ApiException.badField("url", "url is given " + given.size() + " times; at most " + MAX_URLS);
        }
        for (String u : given) {
            urls.add(Requests.checkLength(u, "url"));
        }
        int offset = number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
        int limit = number(ctx, "limit", 100, 1, MAX_LIMIT);
        String sort = ctx.queryParam("sort") == null ? "url" : ctx.queryParam("sort");
        if (!SORTS.containsKey(sort)) {
            throw ApiException.badField("sort", "sort must be one of url, title, inbound, outbound (got \"" + sort
                    + "\")");
        }
        String order = ctx.queryParam("order") == null ? "asc" : ctx.queryParam("order");
        if (!order.equals("asc") && !order.equals("desc")) {
            throw ApiException.badField("order", "order must be asc or desc (got \"" + order + "\")");
        }
        Predicate<String> wanted = urls.isEmpty() ? u -> true : urls::contains;
        List<PageLinks> pages = new ArrayList<>();
        Map<String, String> titles = new java.util.HashMap<>();
        for (PageLinks p : report.pages()) {
            titles.put(p.url(), p.title());
            if (wanted.test(p.url())) {
                pages.add(p);
            }
        }
        Comparator<PageLinks> c = SORTS.get(sort);
        pages.sort(order.equals("asc") ? c : c.reversed());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("summary", report.summary());
        out.put("total", pages.size());
        out.put("offset", offset);
        out.put("pages", pages.subList(Math.min(offset, pages.size()),
                (int) Math.min(pages.size(), (long) offset + limit)));
        List<Map<String, String>> orphans = new ArrayList<>();
        for (String u : report.orphans()) {
            if (wanted.test(u)) {
                orphans.add(Map.of("url", u, "title", titles.getOrDefault(u, "")));
            }
        }
        out.put("orphans", orphans);
        out.put("brokenLinks", links(report.broken(), wanted));
        out.put("reciprocal", report.loops().stream().filter(l -> wanted.test(l.a()) || wanted.test(l.b())).toList());
        out.put("redirectLinks", links(report.redirects(), wanted));
        return out;
    }

    private static List<LinkAt> links(List<LinkAt> all, Predicate<String> wanted) {
        return all.stream().filter(l -> wanted.test(l.source())).toList();
    }

    private static int number(Context ctx, String name, int otherwise, int min, int max) {
        String v = ctx.queryParam(name);
        if (v == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the error naming the parameter
        }
        throw ApiException.badField(name, name + " must be an integer from " + min + " to " + max);
    }
}
