/** Load benchmark of the suggestion server: a synthetic 100k-page index, drafts from a word model, an HTTP driver. */
package dev.linker.server.bench;
