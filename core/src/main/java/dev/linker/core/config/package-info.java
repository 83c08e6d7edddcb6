/** Audit configuration: defaults, file, command line. */
package dev.linker.core.config;
