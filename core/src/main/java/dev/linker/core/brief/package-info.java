/** Content briefs: Markdown files with YAML front matter naming a planned page and the links it must carry. */
package dev.linker.core.brief;
