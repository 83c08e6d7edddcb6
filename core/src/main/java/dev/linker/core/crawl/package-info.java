/** Crawling a live site by URL into a folder the audit and the index read as any built site. */
package dev.linker.core.crawl;
