/** Embedders: the offline local model and OpenAI-compatible HTTP endpoints. */
package dev.linker.index.embed;
