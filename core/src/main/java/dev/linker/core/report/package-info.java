/** Reporters: one result model written as text, JSON, Markdown, SARIF, GitHub commands, HTML. */
package dev.linker.core.report;
