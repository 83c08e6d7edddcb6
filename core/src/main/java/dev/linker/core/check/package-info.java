/** The audit rules: one small class per check id, registered in {@link dev.linker.core.check.Checks}. */
package dev.linker.core.check;
