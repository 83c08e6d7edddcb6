/** Anchor text: the site's title template, anchor normalisation and comparison with what a target is called. */
package dev.linker.core.anchor;
