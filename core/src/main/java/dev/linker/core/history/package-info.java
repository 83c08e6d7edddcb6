/** Git history through JGit: what a change touched, former page titles, and when each link first appeared. */
package dev.linker.core.history;
