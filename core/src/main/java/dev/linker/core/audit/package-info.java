/**
 * The Auditor facade: reads a site, runs the checks with their configuration, applies the baseline and the change
 * scope, and returns the {@link dev.linker.core.report.AuditResult} the reporters write. Findings, severities and
 * exit codes live below it, in {@code core.result}.
 */
package dev.linker.core.audit;
