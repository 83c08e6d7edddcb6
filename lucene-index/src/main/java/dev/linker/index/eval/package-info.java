/** Evaluation: the site's own links as the judge (recall@5, precision@5, nDCG@10, MRR), lexical baselines alike. */
package dev.linker.index.eval;
