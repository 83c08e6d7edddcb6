/** Anchor text: the site title template, normalisation, and name-mention matching (the phrase in a source text that best names a target). */
package dev.linker.core.anchor;
