package dev.linker.maven;

import dev.linker.core.report.AuditResult;
import dev.linker.core.report.SummaryRows;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.Finding;
import dev.linker.core.result.FindingCounts;
import dev.linker.core.result.Severity;
import org.apache.maven.plugin.logging.Log;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** What an audit says in Maven's log: the summary, the first findings at their level, and the failure line. */
final class AuditLog {
    private static final int TOP_FINDINGS = 10;

    private AuditLog() {
    }

    static void summary(Log log, AuditResult result) {
        List<Finding> findings = result.findings();
        log.info("Linker: " + SummaryRows.oneLine(SummaryRows.of(result, findings)));
        String counts = FindingCounts.byCheck(findings);
        log.info("Linker: " + findings.size() + " finding" + (findings.size() == 1 ? "" : "s")
                + (counts.isEmpty() ? "" : " (" + counts + ")")
                + (result.baselined() > 0 ? ", " + result.baselined() + " suppressed by the baseline" : ""));
        FailOn fail = result.config().reporting().failOn();
        for (Finding f : findings.subList(0, Math.min(TOP_FINDINGS, findings.size()))) {
            String line = "  " + f.severity().id() + " [" + f.checkId() + "] " + f.location() + ": " + f.message();
            if (fail.fails(f.severity())) {
                log.error(line);
            } else if (f.severity() == Severity.INFO) {
                log.info(line);
            } else {
                log.warn(line);
            }
        }
        if (findings.size() > TOP_FINDINGS) {
            log.info("  … and " + (findings.size() - TOP_FINDINGS) + " more in the reports");
        }
    }

    /** "Linker: 3 findings at or above error: orphan 2, broken-link 1 — see target/linker/report.html". */
    static String failure(AuditResult result, Map<String, Path> written, Function<Path, String> display) {
        FailOn fail = result.config().reporting().failOn();
        List<Finding> failing = result.findings().stream().filter(f -> fail.fails(f.severity())).toList();
        Path report = written.containsKey("html") ? written.get("html") : written.values().stream().findFirst().orElse(null);
        return "Linker: " + failing.size() + " finding" + (failing.size() == 1 ? "" : "s") + " at or above "
                + fail.name().toLowerCase(Locale.ROOT) + ": " + FindingCounts.byCheck(failing)
                + (report == null ? "" : " — see " + display.apply(report));
    }
}
