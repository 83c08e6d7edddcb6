/** Link plans (donors → acceptors, stable across runs), similar-page pairs, crawl logs. */
package dev.linker.index.plan;
