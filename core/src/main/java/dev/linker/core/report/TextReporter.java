package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.result.Summary;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plain text for a terminal: findings grouped by check (most severe check first), then by page, each as
 * {@code file:line:col  severity  message}, then the summary figures. No colours, so it reads the same in a CI log
 * and in a file.
 */
public final class TextReporter extends BaseReporter {
    public TextReporter() {
        super("text", "txt", ReportOptions.defaults());
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        render(result, Visible.to(out)); // streamed: one line per finding, never the whole report in memory
    }

    private void render(AuditResult result, Appendable out) throws IOException {
        out.append("Linker audit of ").append(ReportSupport.siteDisplay(result)).append('\n');
        String entry = ReportSupport.entry(result);
        out.append("Entry page: ").append(entry == null ? "(none)" : entry);
        String base = result.config().input().baseUrl();
        out.append("   Base URL: ").append(base == null || base.isBlank() ? "(none)" : base).append("\n\n");

        List<Finding> findings = ReportSupport.sorted(result.findings());
        if (findings.isEmpty()) {
            out.append("No findings.\n\n");
        }
        for (Map.Entry<String, List<Finding>> check : byCheck(findings).entrySet()) {
            List<Finding> fs = check.getValue();
            out.append(check.getKey()).append(" (").append(String.valueOf(fs.size())).append("): ")
                    .append(CheckTexts.description(check.getKey())).append('\n');
            Map<String, List<Finding>> byPage = new TreeMap<>();
            for (Finding f : fs) {
                byPage.computeIfAbsent(ReportSupport.subject(f), k -> new ArrayList<>()).add(f);
            }
            for (Map.Entry<String, List<Finding>> page : byPage.entrySet()) {
                out.append("  ").append(page.getKey()).append('\n');
                List<Finding> onPage = new ArrayList<>(page.getValue());
                onPage.sort(Comparator.comparingInt(Finding::line).thenComparingInt(Finding::column)
                        .thenComparing(Finding.ORDER));
                for (Finding f : onPage) {
                    out.append("    ").append(f.location()).append("  ")
                            .append(pad(f.severity().id(), 7)).append("  ").append(oneLine(f.message())).append('\n');
                }
            }
            out.append('\n');
        }
        writeSummary(result, findings, out);
    }

    /** Checks in order of their most severe finding, then by id. */
    private static Map<String, List<Finding>> byCheck(List<Finding> sorted) {
        Map<String, List<Finding>> m = new TreeMap<>();
        Map<String, Severity> worst = new TreeMap<>();
        for (Finding f : sorted) {
            m.computeIfAbsent(f.checkId(), k -> new ArrayList<>()).add(f);
            worst.merge(f.checkId(), f.severity(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
        List<String> ids = new ArrayList<>(m.keySet());
        ids.sort(Comparator.comparing((String id) -> worst.get(id)).thenComparing(id -> id));
        Map<String, List<Finding>> ordered = new LinkedHashMap<>();
        for (String id : ids) {
            ordered.put(id, m.get(id));
        }
        return ordered;
    }

    private static void writeSummary(AuditResult result, List<Finding> findings, Appendable out) throws IOException {
        out.append("Summary\n");
        for (SummaryRows.Row r : SummaryRows.of(result, findings)) {
            row(out, r.label(), r.note().isEmpty() ? r.value() : r.value() + " (" + r.note() + ")");
        }
    }

    private static void row(Appendable out, String label, Object value) throws IOException {
        out.append("  ").append(pad(label, 30)).append(String.valueOf(value)).append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    /** A message stays on its line, so the output can be grepped per finding. */
    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\R", " ");
    }
}
