/** Candidate scoring: weights, components, category distance. */
package dev.linker.core.score;
