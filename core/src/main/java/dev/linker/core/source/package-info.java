/** Source files behind built pages (Markdown/HTML under content folders): front matter, page keys, lines. */
package dev.linker.core.source;
