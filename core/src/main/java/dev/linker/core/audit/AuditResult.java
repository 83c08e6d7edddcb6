package dev.linker.core.audit;

import dev.linker.core.config.AuditConfig;
import dev.linker.core.graph.LinkGraph;

import java.util.List;

/**
 * Everything an audit produced; every reporter renders this and nothing else.
 *
 * @param config    the effective configuration
 * @param graph     the link graph (for charts and figures)
 * @param findings  findings not suppressed by the baseline, most severe first, then by file, line
 * @param baselined number of findings suppressed by the baseline
 * @param summary   site-wide figures
 */
public record AuditResult(AuditConfig config, LinkGraph graph, List<Finding> findings, int baselined,
                          Summary summary) {

    public AuditResult {
        findings = List.copyOf(findings);
    }

    public ExitCode exitCode() {
        return findings.stream().anyMatch(f -> config.failOn().fails(f.severity())) ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
