package dev.linker.core.report;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Summary;

import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.history.SiteHistory;

import java.util.List;

/**
 * Everything an audit produced; every reporter renders this and nothing else.
 *
 * @param config    the effective configuration
 * @param graph     the link graph (for charts and figures)
 * @param findings  findings not suppressed by the baseline, most severe first, then by file, line
 * @param baselined number of findings suppressed by the baseline
 * @param summary   site-wide figures
 * @param history   what git history said (former titles, link ages); {@link SiteHistory#NONE} without git
 */
public record AuditResult(AuditConfig config, LinkGraph graph, List<Finding> findings, int baselined,
                          Summary summary, SiteHistory history) {

    public AuditResult {
        findings = List.copyOf(findings);
        history = history == null ? SiteHistory.NONE : history;
    }

    /** The same result with other findings (the same findings, renamed or located elsewhere). */
    public AuditResult withFindings(List<Finding> other) {
        return new AuditResult(config, graph, other, baselined, summary, history);
    }

    /** A result without git history. */
    public AuditResult(AuditConfig config, LinkGraph graph, List<Finding> findings, int baselined, Summary summary) {
        this(config, graph, findings, baselined, summary, SiteHistory.NONE);
    }

    public ExitCode exitCode() {
        FailOn failOn = config.reporting().failOn();
        return findings.stream().anyMatch(f -> failOn.fails(f.severity())) ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
