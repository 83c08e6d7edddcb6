package dev.linker.core.audit;

import dev.linker.core.config.AuditConfig;

/** The audit facade: read the site, build the graph, run the checks, apply the baseline. */
public final class Auditor {
    private Auditor() {
    }

    /**
     * @throws LinkerException for input or configuration the user can fix (message names the file or key)
     */
    public static AuditResult run(AuditConfig config) {
        throw new UnsupportedOperationException("CONTRACT ONLY — implemented on the audit branch");
    }
}
