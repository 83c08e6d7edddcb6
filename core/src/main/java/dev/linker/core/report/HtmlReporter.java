package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.result.Summary;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Page;
import dev.linker.core.result.FindingCounts;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One self-contained HTML page: figures, inline SVG charts (inbound links, click depth), link-score tables, anchor
 * diversity, orphans and the findings in a table a tiny inline script can filter (the first {@value #MAX_ROWS} of each
 * table, most severe first; a catalogue's full list is in the JSON and SARIF reports). No CDN, no request leaves the
 * file, no timestamp (so it has a golden test like every other format). Every text from the site or a check is
 * escaped.
 */
public final class HtmlReporter extends BaseReporter {
    /** Rows in each of the top and bottom link-score tables. */
    static final int SCORE_ROWS = 20;
    /** Targets shown in the anchor-diversity table. */
    static final int ANCHOR_ROWS = 20;
    /** Rows of the orphans and findings tables: enough to work through, small enough for a browser. */
    static final int MAX_ROWS = 5_000;
    static final List<String> INBOUND_BUCKETS = List.of("0", "1", "2", "3–5", "6–10", "11–20", "21–50", "51+");
    private static final Set<String> ORPHAN_CHECKS = Set.of("orphan", "content-orphan");

    public HtmlReporter(ReportOptions options) {
        super("html", "html", options);
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        List<Finding> findings = ReportSupport.sorted(result.findings());
        LinkGraph graph = result.graph();
        String site = ReportSupport.siteDisplay(result);
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"").append(Html.esc(Version.NAME + " " + options.toolVersion()))
                .append("\">\n<title>Linker report: ").append(Html.esc(site)).append("</title>\n<style>\n")
                .append(CSS).append("</style>\n</head>\n<body>\n");
        header(b, result, findings, site);
        b.append("<main>\n");
        if (graph != null) {
            inboundChart(b, graph);
            depthChart(b, result.summary());
            if (!result.history().linkAges().isEmpty()) {
                linkAgeChart(b, result.history().linkAges());
            }
            scoreTables(b, graph, result.config().input().baseUrl());
            anchorTable(b, graph, result.config().input().baseUrl());
        }
        orphans(b, findings, graph, result.config().input().baseUrl());
        findingsTable(b, findings, result.config().input().baseUrl());
        b.append("</main>\n<footer>Made by <a href=\"").append(Html.esc(Version.INFORMATION_URI)).append("\">Linker</a> ")
                .append(Html.esc(options.toolVersion())).append(".</footer>\n<script>\n").append(SCRIPT)
                .append("</script>\n</body>\n</html>\n");
        out.append(Visible.of(b));
    }

    private static void header(StringBuilder b, AuditResult result, List<Finding> findings, String site) {
        Summary s = result.summary();
        b.append("<header>\n<h1>Linker report</h1>\n<p class=\"meta\">Site <code>").append(Html.esc(site)).append("</code>");
        String entry = ReportSupport.entry(result);
        if (entry != null) {
            b.append(" · entry page <code>").append(Html.esc(entry)).append("</code>");
        }
        String base = result.config().input().baseUrl();
        if (base != null && !base.isBlank()) {
            b.append(" · base URL <code>").append(Html.esc(base)).append("</code>");
        }
        b.append("</p>\n<div class=\"cards\">\n");
        Map<Severity, Integer> bySeverity = FindingCounts.bySeverity(findings);
        Map<String, String> hints = Map.of("Links (unique page to page)", "unique page-to-page links",
                "Content links", "links with an instance in the content", "Orphans", "no page links to them",
                "Content orphans", "no content link points to them", "Unreachable pages",
                "not reachable from the entry page", "Broken links", "to a missing page or #fragment",
                "Reciprocal pairs (content)", "pages linking to each other from their content");
        for (SummaryRows.Row r : SummaryRows.of(result, findings)) {
            if (r.check() == null && !r.label().equals("Pages") && !r.label().startsWith("Links")
                    && !r.label().equals("Content links")) {
                continue; // depth has its chart, findings their cards below
            }
            String hint = hints.get(r.label());
            card(b, r.label().replace("Links (unique page to page)", "Links"), r.value(),
                    r.note().isEmpty() ? hint : (hint == null ? "" : hint + "; ") + r.note());
        }
        card(b, "Errors", bySeverity.get(Severity.ERROR), null);
        card(b, "Warnings", bySeverity.get(Severity.WARNING), null);
        card(b, "Info", bySeverity.get(Severity.INFO), null);
        card(b, "Baselined", result.baselined(), "known findings not shown");
        b.append("</div>\n<nav><a href=\"#inbound\">Inbound links</a> <a href=\"#depth\">Click depth</a> ")
                .append("<a href=\"#score\">Link score</a> <a href=\"#anchors\">Anchor diversity</a> ")
                .append("<a href=\"#orphans\">Orphans</a> <a href=\"#findings\">Findings</a></nav>\n</header>\n");
    }

    private static void card(StringBuilder b, String label, int value, String hint) {
        card(b, label, String.valueOf(value), hint);
    }

    private static void card(StringBuilder b, String label, String value, String hint) {
        b.append("<div class=\"card\"");
        if (hint != null) {
            b.append(" title=\"").append(Html.esc(hint)).append('"');
        }
        b.append("><span class=\"n\">").append(Html.esc(value)).append("</span><span class=\"l\">").append(Html.esc(label))
                .append("</span></div>\n");
    }

    private static void inboundChart(StringBuilder b, LinkGraph graph) {
        int[][] histogram = inboundHistogram(graph);
        int[] all = histogram[0];
        int[] content = histogram[1];
        b.append("<section id=\"inbound\">\n<h2>Inbound links per page</h2>\n")
                .append("<p>Pages by how many other pages link to them, counting any link and content links only. ")
                .append("Pages in the first bars are the ones to link to next.</p>\n");
        b.append(SvgCharts.barChart("Pages by number of linking pages", INBOUND_BUCKETS, "linking pages",
                List.of(new SvgCharts.Series("any link", "s1", all),
                        new SvgCharts.Series("content links", "s2", content))));
        b.append("</section>\n");
    }

    /**
     * Pages per {@link #INBOUND_BUCKETS} bucket of linking pages: [0] counting any link, [1] content links only — the
     * HTML report's chart and the JSON report's {@code linkStats.inbound}.
     */
    static int[][] inboundHistogram(LinkGraph graph) {
        int[] all = new int[INBOUND_BUCKETS.size()];
        int[] content = new int[INBOUND_BUCKETS.size()];
        for (String url : graph.urls()) {
            all[bucket(graph.inbound(url))]++;
            content[bucket(graph.contentInbound(url))]++;
        }
        return new int[][] {all, content};
    }

    static int bucket(int inbound) {
        if (inbound <= 2) {
            return inbound;
        }
        if (inbound <= 5) {
            return 3;
        }
        if (inbound <= 10) {
            return 4;
        }
        if (inbound <= 20) {
            return 5;
        }
        return inbound <= 50 ? 6 : 7;
    }

    private static void depthChart(StringBuilder b, Summary s) {
        List<String> labels = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        for (Map.Entry<Integer, Integer> e : s.depthHistogram().entrySet()) {
            labels.add(String.valueOf(e.getKey()));
            values.add(e.getValue());
        }
        if (s.unreachable() > 0) {
            labels.add("unreachable");
            values.add(s.unreachable());
        }
        b.append("<section id=\"depth\">\n<h2>Click depth</h2>\n")
                .append("<p>Pages by the number of clicks it takes to reach them from the entry page.</p>\n");
        if (labels.isEmpty()) {
            b.append("<p class=\"empty\">No pages.</p>\n");
        } else {
            b.append(SvgCharts.barChart("Pages by click depth", labels, "clicks from the entry page",
                    List.of(new SvgCharts.Series("pages", "s1", values.stream().mapToInt(Integer::intValue).toArray()))));
        }
        b.append("</section>\n");
    }

    /** Links by when they first appeared: a spike is a bulk change, a flat line is a site nobody maintains. */
    private static void linkAgeChart(StringBuilder b, dev.linker.core.history.LinkAges ages) {
        java.util.SortedMap<java.time.YearMonth, Integer> months = ages.byMonth();
        java.time.YearMonth first = months.firstKey();
        java.time.YearMonth last = months.lastKey();
        boolean byYear = first.until(last, java.time.temporal.ChronoUnit.MONTHS) > 36;
        Map<String, Integer> buckets = new java.util.LinkedHashMap<>();
        for (java.time.YearMonth m = first; !m.isAfter(last); m = m.plusMonths(1)) {
            buckets.putIfAbsent(byYear ? String.valueOf(m.getYear()) : m.toString(), 0);
        }
        months.forEach((m, n) -> buckets.merge(byYear ? String.valueOf(m.getYear()) : m.toString(), n, Integer::sum));
        b.append("<section id=\"link-age\">\n<h2>Link age</h2>\n")
                .append("<p>Links by the ").append(byYear ? "year" : "month")
                .append(" the page's file first carried them (git history). A spike is a bulk change; a flat line means ")
                .append("links are not maintained. ").append(ages.size()).append(" links dated.</p>\n")
                .append(SvgCharts.barChart("Links by first appearance", new ArrayList<>(buckets.keySet()),
                        byYear ? "year" : "month", List.of(new SvgCharts.Series("links", "s1",
                                buckets.values().stream().mapToInt(Integer::intValue).toArray()))))
                .append("</section>\n");
    }

    private static void scoreTables(StringBuilder b, LinkGraph graph, String baseUrl) {
        List<String> urls = new ArrayList<>(graph.urls());
        urls.sort(Comparator.comparingDouble(graph::linkScore).reversed().thenComparing(Comparator.naturalOrder()));
        List<String> top = urls.subList(0, Math.min(SCORE_ROWS, urls.size()));
        List<String> bottom = new ArrayList<>(graph.urls());
        bottom.sort(Comparator.comparingDouble(graph::linkScore).thenComparing(Comparator.naturalOrder()));
        bottom = bottom.subList(0, Math.min(SCORE_ROWS, bottom.size()));
        b.append("<section id=\"score\">\n<h2>Link score</h2>\n")
                .append("<p>Internal PageRank on a 0–100 log scale between the site's weakest and strongest page: ")
                .append("how much of the site's link authority reaches each page.</p>\n");
        scoreTable(b, graph, baseUrl, "Top " + top.size(), top);
        scoreTable(b, graph, baseUrl, "Bottom " + bottom.size(), bottom);
        b.append("</section>\n");
    }

    private static void scoreTable(StringBuilder b, LinkGraph graph, String base, String caption, List<String> urls) {
        b.append("<table class=\"score\">\n<caption>").append(Html.esc(caption)).append("</caption>\n")
                .append("<thead><tr><th>Page</th><th>Link score</th><th class=\"num\">Linking pages</th>")
                .append("<th class=\"num\">From content</th><th class=\"num\">Depth</th></tr></thead>\n<tbody>\n");
        for (String url : urls) {
            double score = graph.linkScore(url);
            int depth = graph.depth(url);
            b.append("<tr><td>").append(pageCell(graph, url, base)).append("</td><td>")
                    .append(bar(score / 100.0, String.format(Locale.ROOT, "%.1f", score))).append("</td><td class=\"num\">")
                    .append(graph.inbound(url)).append("</td><td class=\"num\">").append(graph.contentInbound(url))
                    .append("</td><td class=\"num\">").append(depth < 0 ? "–" : String.valueOf(depth)).append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void anchorTable(StringBuilder b, LinkGraph graph, String baseUrl) {
        List<AnchorDiversity> rows = AnchorDiversity.mostLinked(graph, ANCHOR_ROWS);
        b.append("<section id=\"anchors\">\n<h2>Anchor diversity</h2>\n")
                .append("<p>For the pages with the most inbound content links: distinct anchor texts ÷ links. ")
                .append("Navigation is left out, since menus repeat one label by design. A page whose ")
                .append(AnchorDiversity.MIN_LINKS).append(" or more content links all use one anchor looks over-optimised; ")
                .append("a ratio under ").append(String.format(Locale.ROOT, "%.1f", AnchorDiversity.LOW_RATIO))
                .append(" is low diversity.</p>\n");
        if (rows.isEmpty()) {
            b.append("<p class=\"empty\">No page has two or more inbound content links.</p>\n</section>\n");
            return;
        }
        b.append("<table class=\"anchors\">\n<thead><tr><th>Target</th><th class=\"num\">Content links</th>")
                .append("<th class=\"num\">Distinct anchors</th><th>Diversity</th><th>Most used anchor</th><th>Flag</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (AnchorDiversity a : rows) {
            String flag = a.singleAnchor() ? "<span class=\"flag bad\">single anchor</span>"
                    : a.lowDiversity() ? "<span class=\"flag warn\">low diversity</span>" : "";
            String anchor = a.topAnchor().isEmpty() ? "<em>(no text)</em>" : "“" + Html.esc(a.topAnchor()) + "”";
            b.append("<tr><td>").append(pageCell(graph, a.target(), baseUrl)).append("</td><td class=\"num\">")
                    .append(a.links()).append("</td><td class=\"num\">").append(a.distinct()).append("</td><td>")
                    .append(bar(a.ratio(), String.format(Locale.ROOT, "%.2f", a.ratio()))).append("</td><td>")
                    .append(anchor).append(" <span class=\"muted\">").append(a.topCount()).append(" of ").append(a.links())
                    .append("</span></td><td>").append(flag).append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n</section>\n");
    }

    private static void orphans(StringBuilder b, List<Finding> findings, LinkGraph graph, String baseUrl) {
        List<Finding> orphans = new ArrayList<>();
        for (Finding f : findings) {
            if (ORPHAN_CHECKS.contains(f.checkId()) && ReportSupport.hasPage(f)) {
                orphans.add(f);
            }
        }
        orphans.sort(Comparator.comparing(Finding::pageUrl).thenComparing(Finding::checkId));
        b.append("<section id=\"orphans\">\n<h2>Orphans</h2>\n")
                .append("<p>Pages no other page links to (orphan), or that only navigation links to (content-orphan).</p>\n");
        if (orphans.isEmpty()) {
            b.append("<p class=\"empty\">No orphan findings.</p>\n</section>\n");
            return;
        }
        b.append("<table class=\"orphans\">\n<thead><tr><th>Page</th><th>Check</th><th>File</th><th>Message</th></tr></thead>\n<tbody>\n");
        for (Finding f : orphans.subList(0, Math.min(MAX_ROWS, orphans.size()))) {
            b.append("<tr><td>").append(pageCell(graph, f.pageUrl(), baseUrl)).append("</td><td>").append(Html.esc(f.checkId()))
                    .append("</td><td><code>").append(Html.esc(f.file())).append("</code></td><td>").append(Html.esc(f.message()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
        more(b, orphans.size());
        b.append("</section>\n");
    }

    /** The line under a table cut at {@link #MAX_ROWS}. */
    private static void more(StringBuilder b, int rows) {
        if (rows > MAX_ROWS) {
            int more = rows - MAX_ROWS;
            b.append("<p class=\"more\">… and ").append(more).append(more == 1 ? " more row" : " more rows")
                    .append(": the JSON and SARIF reports list every finding.</p>\n");
        }
    }

    private static void findingsTable(StringBuilder b, List<Finding> findings, String baseUrl) {
        b.append("<section id=\"findings\">\n<h2>Findings (").append(findings.size()).append(")</h2>\n");
        if (findings.isEmpty()) {
            b.append("<p class=\"empty\">No findings.</p>\n</section>\n");
            return;
        }
        Map<String, Integer> byCheck = new TreeMap<>();
        for (Finding f : findings) {
            byCheck.merge(f.checkId(), 1, Integer::sum);
        }
        Map<Severity, Integer> bySeverity = FindingCounts.bySeverity(findings);
        b.append("<form class=\"filters\" onsubmit=\"return false\"><label>Check <select id=\"filter-check\">")
                .append("<option value=\"\">all (").append(findings.size()).append(")</option>");
        for (Map.Entry<String, Integer> e : byCheck.entrySet()) {
            b.append("<option value=\"").append(Html.esc(e.getKey())).append("\">").append(Html.esc(e.getKey()))
                    .append(" (").append(e.getValue()).append(")</option>");
        }
        b.append("</select></label> <label>Severity <select id=\"filter-severity\"><option value=\"\">all</option>");
        for (Severity s : Severity.values()) {
            if (bySeverity.get(s) > 0) {
                b.append("<option value=\"").append(s.id()).append("\">").append(s.id()).append(" (")
                        .append(bySeverity.get(s)).append(")</option>");
            }
        }
        b.append("</select></label> <output id=\"filter-count\"></output></form>\n");
        b.append("<table id=\"findings-table\" class=\"findings\">\n<thead><tr><th>Severity</th><th>Check</th><th>Page</th>")
                .append("<th>Location</th><th>Message</th><th>Target</th><th>Anchor</th></tr></thead>\n<tbody>\n");
        for (Finding f : findings.subList(0, Math.min(MAX_ROWS, findings.size()))) {
            b.append("<tr data-check=\"").append(Html.esc(f.checkId())).append("\" data-severity=\"").append(f.severity().id())
                    .append("\"><td><span class=\"sev ").append(f.severity().id()).append("\">").append(f.severity().id())
                    .append("</span></td><td>").append(Html.esc(f.checkId())).append("</td><td>")
                    .append(ReportSupport.hasPage(f) ? pageLink(f.pageUrl(), baseUrl) : "").append("</td><td><code>").append(Html.esc(f.location())).append("</code></td><td>")
                    .append(Html.esc(f.message())).append("</td><td>")
                    .append(f.targetUrl() == null ? "" : pageLink(f.targetUrl(), baseUrl)).append("</td><td>")
                    .append(f.anchor() == null ? "" : "“" + Html.esc(f.anchor()) + "”").append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
        more(b, findings.size());
        b.append("</section>\n");
    }

    /** The page's name (title or H1) over its key. */
    private static String pageCell(LinkGraph graph, String url, String baseUrl) {
        Page p = graph == null ? null : graph.site().page(url);
        String name = p == null ? "" : p.name();
        StringBuilder b = new StringBuilder();
        if (!name.isBlank()) {
            b.append("<span class=\"title\">").append(Html.esc(name)).append("</span><br>");
        }
        return b.append(pageLink(url, baseUrl)).toString();
    }

    /**
     * A page key as a link to the live page when the base URL makes that possible; only http(s) addresses become
     * links, so a hostile key (javascript:…) stays text.
     */
    static String pageLink(String url, String baseUrl) {
        String href = null;
        if (url.startsWith("http://") || url.startsWith("https://")) {
            href = url;
        } else if (url.startsWith("/") && baseUrl != null
                && (baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
            href = (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + url;
        }
        String text = "<code>" + Html.esc(url) + "</code>";
        return href == null ? text : "<a href=\"" + Html.esc(href) + "\">" + text + "</a>";
    }

    /** A horizontal bar of {@code fraction} (0–1) with its figure. */
    private static String bar(double fraction, String label) {
        double pct = Math.max(0, Math.min(1, fraction)) * 100;
        return "<span class=\"bar\"><span style=\"width:" + String.format(Locale.ROOT, "%.1f", pct) + "%\"></span></span> "
                + Html.esc(label);
    }

    private static final String CSS = """
            :root{--fg:#1d232b;--muted:#5b6673;--bg:#fff;--panel:#f4f6f8;--line:#d8dde3;--s1:#3566c4;--s2:#e08a1e;\
            --error:#c62828;--warning:#b26a00;--info:#1565c0}
            *{box-sizing:border-box}
            body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
            header,main,footer{max-width:1100px;margin:0 auto;padding:0 20px}
            h1{margin:24px 0 4px}
            h2{margin:36px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
            .meta,.muted,footer{color:var(--muted)}
            code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
            .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:16px 0}
            .card{background:var(--panel);border-radius:6px;padding:10px 12px}
            .card .n{display:block;font-size:24px;font-weight:600}
            .card .l{color:var(--muted);font-size:13px}
            nav a{margin-right:12px}
            .chart{width:100%;max-width:640px;height:auto}
            .chart .grid{stroke:var(--line)}
            .chart .axis{stroke:var(--muted)}
            .chart text{font-size:11px;fill:var(--muted)}
            .chart .value{fill:var(--fg)}
            .chart .s1{fill:var(--s1)}
            .chart .s2{fill:var(--s2)}
            table{border-collapse:collapse;width:100%;margin:8px 0 20px}
            caption{text-align:left;font-weight:600;padding:4px 0}
            th,td{border-bottom:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top}
            th{background:var(--panel)}
            .num{text-align:right}
            .title{font-weight:500}
            .bar{display:inline-block;width:90px;height:9px;background:var(--panel);border-radius:4px;vertical-align:middle}
            .bar span{display:block;height:100%;background:var(--s1);border-radius:4px}
            .flag{border-radius:4px;padding:1px 6px;font-size:12px;color:#fff}
            .flag.bad{background:var(--error)}
            .flag.warn{background:var(--warning)}
            .sev{font-weight:600}
            .sev.error{color:var(--error)}
            .sev.warning{color:var(--warning)}
            .sev.info{color:var(--info)}
            .filters{margin:8px 0}
            .empty,.more{color:var(--muted);font-style:italic}
            footer{margin:40px auto 24px;font-size:13px}
            """;

    // Filters the findings table; the page works without it (every row is shown).
    private static final String SCRIPT = """
            (function () {
              var check = document.getElementById('filter-check');
              var severity = document.getElementById('filter-severity');
              var count = document.getElementById('filter-count');
              if (!check) return;
              var rows = document.querySelectorAll('#findings-table tbody tr');
              function apply() {
                var shown = 0;
                rows.forEach(function (r) {
                  var ok = (!check.value || r.dataset.check === check.value)
                      && (!severity.value || r.dataset.severity === severity.value);
                  r.hidden = !ok;
                  if (ok) shown++;
                });
                count.textContent = shown + ' shown';
              }
              check.addEventListener('change', apply);
              severity.addEventListener('change', apply);
            })();
            """;
}
