/**
 * What a run results in, shared by every package and door: findings and their severity, the summary counts, the
 * severity a run fails on, the exit codes, and {@link dev.linker.core.result.LinkerException}, the error that names
 * the input at fault. Depends on nothing else in core, so the packages above it depend one way.
 */
package dev.linker.core.result;
