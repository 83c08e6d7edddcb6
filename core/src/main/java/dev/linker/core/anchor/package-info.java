/** Name-mention matching and anchors: the phrase in a source text that best names a target page. */
package dev.linker.core.anchor;
