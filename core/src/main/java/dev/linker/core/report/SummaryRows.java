package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Summary;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.result.FindingCounts;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The audit's figures as every report and door shows them, so that they add up: a count that has a check is the
 * number of findings of that check in the report, and where the site holds more such pages than are reported, a note
 * says which were left out and why ("Orphans 1 — not counted: the entry page"). The JSON report's {@code summary}
 * keeps the site-wide figures beside the per-check counts.
 */
public final class SummaryRows {
    /**
     * One figure.
     *
     * @param label  what it counts
     * @param value  the number (or, for the click depths, the histogram)
     * @param note   what the count leaves out and why; "" when nothing
     * @param check  the check whose findings it counts; null for a plain figure of the site
     */
    public record Row(String label, String value, String note, String check) {
    }

    private SummaryRows() {
    }

    /** The rows for {@code result}, counting the findings in {@code shown} (what the report lists). */
    public static List<Row> of(AuditResult result, List<Finding> shown) {
        Summary s = result.summary();
        LinkGraph g = result.graph();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Pages", String.valueOf(s.pages()), "", null));
        rows.add(new Row("Links (unique page to page)", String.valueOf(s.links()), "", null));
        rows.add(new Row("Content links", String.valueOf(s.contentLinks()), "", null));

        String entry = g == null ? null : g.entry();
        Set<String> orphans = g == null ? Set.of() : new HashSet<>(g.orphans(false));
        boolean entryOrphan = entry != null && orphans.contains(entry);
        int orphan = count(shown, "orphan");
        List<String> left = new ArrayList<>();
        int rest = s.orphans() - orphan;
        if (entryOrphan) {
            left.add("the entry page");
            rest--;
        }
        other(left, rest);
        rows.add(new Row("Orphans", String.valueOf(orphan), notCounted(left), "orphan"));

        int contentOrphan = count(shown, "content-orphan");
        left = new ArrayList<>();
        rest = s.contentOrphans() - contentOrphan;
        int outright = s.orphans() - (entryOrphan ? 1 : 0);
        if (outright > 0 && rest > 0) {
            int n = Math.min(outright, rest);
            left.add(n + (n == 1 ? " is an orphan" : " are orphans") + " outright (above)");
            rest -= n;
        }
        boolean entryContentOrphan = entry != null && g.orphans(true).contains(entry);
        if (entryContentOrphan && rest > 0) {
            left.add("the entry page");
            rest--;
        }
        other(left, rest);
        rows.add(new Row("Content orphans", String.valueOf(contentOrphan), notCounted(left), "content-orphan"));

        int unreachable = count(shown, "unreachable");
        left = new ArrayList<>();
        rest = s.unreachable() - unreachable;
        if (g != null && rest > 0) {
            Set<String> un = new HashSet<>(g.unreachable());
            int n = (int) orphans.stream().filter(un::contains).count();
            n = Math.min(n, rest);
            if (n > 0) {
                left.add(n + (n == 1 ? " is an orphan" : " are orphans") + " (above)");
                rest -= n;
            }
        }
        other(left, rest);
        rows.add(new Row("Unreachable pages", String.valueOf(unreachable), notCounted(left), "unreachable"));

        int broken = count(shown, "broken-link");
        left = new ArrayList<>();
        other(left, s.brokenLinks() - broken);
        rows.add(new Row("Broken links", String.valueOf(broken), notCounted(left), "broken-link"));

        int reciprocal = count(shown, "reciprocal");
        left = new ArrayList<>();
        int navigation = s.reciprocalPairs() - s.contentReciprocalPairs();
        if (navigation > 0) {
            left.add(navigation + " more " + (navigation == 1 ? "pair links" : "pairs link")
                    + " both ways only through navigation, header or footer");
        }
        other(left, s.contentReciprocalPairs() - reciprocal);
        rows.add(new Row("Reciprocal pairs (content)", String.valueOf(reciprocal), notCounted(left), "reciprocal"));

        StringBuilder depth = new StringBuilder();
        s.depthHistogram().forEach((d, n) -> depth.append(depth.length() == 0 ? "" : ", ").append(d).append(": ")
                .append(n));
        rows.add(new Row("Pages by click depth", depth.length() == 0 ? "(none reachable)" : depth.toString(), "", null));
        rows.add(new Row("Findings", shown.size() + " (" + FindingCounts.severityLine(shown) + ")", "", null));
        rows.add(new Row("Baselined (not shown)", String.valueOf(result.baselined()), "", null));
        return rows;
    }

    /** "14 pages, 90 links; orphans 1, content orphans 2, …" — the figures on one line, for a build log. */
    public static String oneLine(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        for (Row r : rows) {
            if (r.label().equals("Pages")) {
                b.append(r.value()).append(" pages");
            } else if (r.label().startsWith("Links")) {
                b.append(", ").append(r.value()).append(" links;");
            } else if (r.check() != null) {
                b.append(b.charAt(b.length() - 1) == ';' ? " " : ", ")
                        .append(r.label().replace(" (content)", "").toLowerCase(Locale.ROOT)).append(' ')
                        .append(r.value());
            }
        }
        return b.toString();
    }

    private static int count(List<Finding> findings, String check) {
        int n = 0;
        for (Finding f : findings) {
            if (check.equals(f.checkId())) {
                n++;
            }
        }
        return n;
    }

    /** The rest of a difference: pages the checks exempt or the run did not show. */
    private static void other(List<String> left, int n) {
        if (n > 0) {
            left.add(n + " exempt (redirects, noindex, error pages), ignored, baselined or not shown");
        }
    }

    private static String notCounted(List<String> left) {
        return left.isEmpty() ? "" : "not counted: " + String.join("; ", left);
    }
}
