/** The link graph: unique page-to-page links, depth, link score. */
package dev.linker.core.graph;
