/** Suggestions: hybrid retrieval (vectors, BM25, name mentions, SERP), filters, scoring and anchors. */
package dev.linker.index.suggest;
