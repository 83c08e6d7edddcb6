package dev.linker.core.report;

import java.nio.file.Path;

/**
 * What reporters need beyond the audit result; every door passes the same record (defaults suit a CLI run).
 *
 * @param toolVersion    version printed in JSON, SARIF and HTML (tests pin it so golden files survive releases)
 * @param workingDir     folder paths in GitHub annotations and SARIF base URIs are made relative to (the repository
 *                       checkout in CI), so annotations land on the repository's files
 * @param maxAnnotations GitHub workflow commands to emit at most, including the closing "N more" notice
 *                       (GitHub shows 10 errors + 10 warnings per step and 50 annotations per job)
 * @param maxTableRows   findings rows in the Markdown report before "… and N more"
 */
public record ReportOptions(String toolVersion, Path workingDir, int maxAnnotations, int maxTableRows) {

    public static final int DEFAULT_MAX_ANNOTATIONS = 50;
    public static final int DEFAULT_MAX_TABLE_ROWS = 1000;

    public ReportOptions {
        if (toolVersion == null || toolVersion.isBlank()) {
            throw new IllegalArgumentException("toolVersion must not be blank");
        }
        if (workingDir == null) {
            throw new IllegalArgumentException("workingDir must not be null");
        }
        workingDir = workingDir.toAbsolutePath().normalize();
        if (maxAnnotations < 1) {
            throw new IllegalArgumentException("maxAnnotations must be at least 1, was " + maxAnnotations);
        }
        if (maxTableRows < 1) {
            throw new IllegalArgumentException("maxTableRows must be at least 1, was " + maxTableRows);
        }
    }

    /** This build's version, the process's working directory, GitHub's per-job limit, 1,000 table rows. */
    public static ReportOptions defaults() {
        return new ReportOptions(Version.current(), Path.of(""), DEFAULT_MAX_ANNOTATIONS, DEFAULT_MAX_TABLE_ROWS);
    }

    public ReportOptions withToolVersion(String v) {
        return new ReportOptions(v, workingDir, maxAnnotations, maxTableRows);
    }

    public ReportOptions withWorkingDir(Path d) {
        return new ReportOptions(toolVersion, d, maxAnnotations, maxTableRows);
    }

    public ReportOptions withMaxAnnotations(int n) {
        return new ReportOptions(toolVersion, workingDir, n, maxTableRows);
    }

    public ReportOptions withMaxTableRows(int n) {
        return new ReportOptions(toolVersion, workingDir, maxAnnotations, n);
    }
}
