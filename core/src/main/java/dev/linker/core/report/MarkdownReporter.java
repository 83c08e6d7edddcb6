package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import dev.linker.core.result.FindingCounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * GitHub-flavoured Markdown for a job summary ({@code $GITHUB_STEP_SUMMARY}) or a PR comment: a title, the figures,
 * findings per check, then the findings by severity. GitHub rejects a step summary over 1 MiB, so the findings table
 * stops at {@link ReportOptions#maxTableRows()} rows or {@link #MAX_BYTES}, whichever comes first, and says how
 * many were left out.
 */
public final class MarkdownReporter extends BaseReporter {
    /** GitHub's step-summary limit is 1 MiB; stay well below it so other steps can still append. */
    public static final int MAX_BYTES = 900 * 1024;
    /** Longest message shown in a cell; a longer one is cut with an ellipsis. */
    static final int MAX_MESSAGE_CHARS = 500;
    /** Room kept for the closing lines once the table stops. */
    private static final int TAIL_RESERVE = 512;

    public MarkdownReporter(ReportOptions options) {
        super("markdown", "md", options);
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        List<Finding> findings = ReportSupport.sorted(result.findings());
        StringBuilder b = new StringBuilder();
        b.append("## Linker audit: ");
        b.append(findings.isEmpty() ? "no findings" : FindingCounts.plural(findings.size(), "finding", "findings")
                + " (" + FindingCounts.severityLine(findings) + ")");
        b.append("\n\n");
        b.append("Site ").append(code(ReportSupport.siteDisplay(result), false));
        String entry = ReportSupport.entry(result);
        if (entry != null) {
            b.append(" · entry page ").append(code(entry, false));
        }
        String base = result.config().input().baseUrl();
        if (base != null && !base.isBlank()) {
            b.append(" · base URL ").append(code(base, false));
        }
        if (result.baselined() > 0) {
            b.append(" · ").append(FindingCounts.plural(result.baselined(), "baselined finding", "baselined findings"))
                    .append(" not shown");
        }
        b.append("\n\n");
        figures(b, SummaryRows.of(result, findings));

        if (findings.isEmpty()) {
            b.append("No findings.\n");
            out.append(b);
            return;
        }
        b.append("### Findings by check\n\n| Check | Findings | What it means |\n| --- | ---: | --- |\n");
        for (Map.Entry<String, Integer> e : countsByCheck(findings).entrySet()) {
            b.append("| ").append(cell(e.getKey())).append(" | ").append(e.getValue()).append(" | ")
                    .append(cell(CheckTexts.description(e.getKey()))).append(" |\n");
        }
        b.append('\n');

        int bytes = utf8Length(b);
        int shown = 0;
        Severity section = null;
        for (Finding f : findings) {
            StringBuilder chunk = new StringBuilder();
            if (f.severity() != section) {
                if (section != null) {
                    chunk.append('\n');
                }
                int inSection = (int) findings.stream().filter(x -> x.severity() == f.severity()).count();
                chunk.append("### ").append(heading(f.severity())).append(" (").append(inSection).append(")\n\n")
                        .append("| Location | Check | Message |\n| --- | --- | --- |\n");
            }
            chunk.append("| ").append(code(f.location(), true)).append(" | ").append(cell(f.checkId()))
                    .append(" | ").append(cell(ReportSupport.truncate(f.message(), MAX_MESSAGE_CHARS))).append(" |\n");
            int len = utf8Length(chunk);
            if (shown >= options.maxTableRows() || bytes + len > MAX_BYTES - TAIL_RESERVE) {
                break;
            }
            b.append(chunk);
            bytes += len;
            shown++;
            section = f.severity();
        }
        int more = findings.size() - shown;
        if (more > 0) {
            b.append("\n… and ").append(more).append(" more ").append(more == 1 ? "finding" : "findings")
                    .append(": see the full report (JSON, SARIF or HTML) for all of them.\n");
        }
        out.append(b);
    }

    private static void figures(StringBuilder b, List<SummaryRows.Row> rows) {
        b.append("| Figure | Value |\n| --- | ---: |\n");
        for (SummaryRows.Row r : rows) {
            if (r.label().equals("Findings") || r.label().startsWith("Baselined")) {
                continue; // the findings are counted right below
            }
            b.append("| ").append(cell(r.label())).append(" | ").append(cell(r.value()))
                    .append(r.note().isEmpty() ? "" : " (" + cell(r.note()) + ")").append(" |\n");
        }
        b.append('\n');
    }

    private static Map<String, Integer> countsByCheck(List<Finding> findings) {
        Map<String, Integer> m = new java.util.TreeMap<>();
        for (Finding f : findings) {
            m.merge(f.checkId(), 1, Integer::sum);
        }
        return m;
    }

    private static String heading(Severity s) {
        return switch (s) {
            case ERROR -> "Errors";
            case WARNING -> "Warnings";
            case INFO -> "Info";
        };
    }

    /**
     * Text safe inside a table cell: one line, pipes escaped (they would split the cell), Markdown and HTML
     * metacharacters neutralised so a message or anchor text is shown, never interpreted.
     */
    static String cell(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\r', '\n', '\t' -> b.append(' ');
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '|', '\\', '`', '*', '_', '[', ']', '~' -> b.append('\\').append(c);
                default -> {
                    if (Visible.hidden(c)) {
                        b.append('\\').append(Visible.of(String.valueOf(c))); // the backslash itself escaped
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /**
     * A code span (paths, URLs); falls back to escaped text when the value itself holds a backtick.
     *
     * @param inTable whether the span sits in a table row, where GFM splits cells on pipes even inside code spans
     */
    static String code(String s, boolean inTable) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        String one = Visible.of(s.replaceAll("\\R", " "));
        if (one.indexOf('`') >= 0) {
            return cell(one);
        }
        return "`" + (inTable ? one.replace("|", "\\|") : one) + "`";
    }

    private static int utf8Length(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8).length;
    }
}
