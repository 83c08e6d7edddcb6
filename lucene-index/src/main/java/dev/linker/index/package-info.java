/** The Lucene page index: BM25 fields and HNSW vectors keyed on URL, NRT search, content-hash re-embedding. */
package dev.linker.index;
