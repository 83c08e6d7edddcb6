/**
 * Reporters: one result model ({@link dev.linker.core.report.AuditResult}) written as text, JSON, Markdown, SARIF,
 * GitHub commands, HTML.
 */
package dev.linker.core.report;
