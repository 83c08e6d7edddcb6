package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;

import java.io.IOException;
import java.util.List;

/**
 * GitHub Actions workflow commands ({@code ::error file=…,line=…,col=…,title=…::message}) that become PR
 * annotations on the page's source file. Most severe first; GitHub shows at most 10 errors and 10 warnings per step
 * and 50 annotations per job, so at most {@link ReportOptions#maxAnnotations()} lines are written, the last one a
 * notice saying how many more findings the job summary or report holds.
 */
public final class GithubReporter extends BaseReporter {
    public GithubReporter(ReportOptions options) {
        super("github", "github.txt", options);
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        StringBuilder b = new StringBuilder();
        render(result, b);
        out.append(Visible.of(b));
    }

    private void render(AuditResult result, Appendable out) throws IOException {
        List<Finding> findings = ReportSupport.sorted(result.findings());
        String site = ReportSupport.siteDirFrom(result, options.workingDir());
        String prefix = site.isEmpty() ? "" : site + "/";
        int cap = options.maxAnnotations();
        int shown = findings.size() <= cap ? findings.size() : cap - 1;
        for (int i = 0; i < shown; i++) {
            Finding f = findings.get(i);
            out.append("::").append(command(f.severity()));
            StringBuilder props = new StringBuilder();
            String source = ReportSupport.sourcePath(f, options.workingDir());
            if (source != null) {
                // The file a reviewer edits (Markdown source), where the link or title is written.
                prop(props, "file", source);
                if (f.source().line() > 0) {
                    prop(props, "line", String.valueOf(f.source().line()));
                }
            } else if (ReportSupport.hasFile(f)) {
                prop(props, "file", prefix + f.file());
                if (f.line() > 0) {
                    prop(props, "line", String.valueOf(f.line()));
                    if (f.column() > 0) {
                        prop(props, "col", String.valueOf(f.column()));
                    }
                }
            }
            prop(props, "title", f.checkId());
            out.append(' ').append(props).append("::").append(escapeData(message(f, source != null || ReportSupport.hasFile(f))))
                    .append('\n');
        }
        int more = findings.size() - shown;
        if (more > 0) {
            out.append("::notice title=").append(escapeProperty("Linker")).append("::")
                    .append(escapeData(more + " more " + (more == 1 ? "finding" : "findings")
                            + " — see the job summary/report")).append('\n');
        }
    }

    /** A page finding without a file cannot be placed on a file, so its message names the page. */
    private static String message(Finding f, boolean placed) {
        return placed || !ReportSupport.hasPage(f) ? f.message() : f.pageUrl() + ": " + f.message();
    }

    static String command(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "notice";
        };
    }

    private static void prop(StringBuilder b, String key, String value) {
        if (!b.isEmpty()) {
            b.append(',');
        }
        b.append(key).append('=').append(escapeProperty(value));
    }

    /** The message part of a command: GitHub's escapeData (% first, so escapes are not escaped twice). */
    static String escapeData(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A property value: escapeData plus ':' and ',' which would end the value. */
    static String escapeProperty(String s) {
        return escapeData(s).replace(":", "%3A").replace(",", "%2C");
    }
}
