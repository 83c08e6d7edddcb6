/** Evaluation: the site's own links as the judge (recall@5, precision@5, nDCG@10, MRR). */
package dev.linker.index.eval;
