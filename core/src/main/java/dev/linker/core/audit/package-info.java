/** Audit checks, their configuration, findings and the Auditor facade. */
package dev.linker.core.audit;
