package dev.linker.core.anchor;

/**
 * Where a link fits in the source text.
 *
 * @param phrase   the anchor text, as written in the source (or the cleaned target title when no phrase fits)
 * @param sentence the sentence that holds it ("" when the source has no related sentence)
 * @param start    character offset of the phrase in the source text, -1 when the phrase is not in the text
 * @param end      character offset just after the phrase, -1 when not in the text
 * @param inText   true when the phrase was found in the source text (the link can be inserted in place)
 */
public record Anchor(String phrase, String sentence, int start, int end, boolean inText) {
}
