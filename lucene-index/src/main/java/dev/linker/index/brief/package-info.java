/** Content briefs: the links a planned article should carry, and the existing pages that should link to it. */
package dev.linker.index.brief;
