/** Embedders turning page text into unit vectors: the offline local MiniLM model and OpenAI-compatible endpoints. */
package dev.linker.core.embed;
