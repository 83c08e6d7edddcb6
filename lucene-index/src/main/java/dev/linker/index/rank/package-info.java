/**
 * A ranker learned from a site's own links: the features every candidate gets, boosted trees trained with XGBoost and
 * applied in plain Java, and what an index keeps of them.
 */
package dev.linker.index.rank;
