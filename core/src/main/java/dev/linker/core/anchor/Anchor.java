package dev.linker.core.anchor;

import java.util.Locale;

/**
 * Where a link fits in the source text: the phrase to turn into the link, or — when no phrase of the source says what
 * the target is about — none, with the sentence where a link fits best and a wording to add there.
 *
 * @param phrase        the anchor as written in the source, or null when no phrase qualifies
 * @param start         offset of the phrase in the source text (-1 when there is no phrase)
 * @param end           offset just after the phrase (-1 when there is no phrase)
 * @param sentence      the sentence that holds the phrase, or where the link fits best ("" when the source has none)
 * @param sentenceStart offset of that sentence (-1 when there is none)
 * @param sentenceEnd   offset just after it (-1 when there is none)
 * @param rule          which rule chose the phrase
 * @param wording       the text a link to add would carry: the target's name (its title without the site template)
 */
public record Anchor(String phrase, int start, int end, String sentence, int sentenceStart, int sentenceEnd,
                     Rule rule, String wording) {

    /** How the phrase was chosen, in the order the rules are tried. */
    public enum Rule {
        /** The source names the target: its title or H1 without the template, an anchor other pages use, a query. */
        NAME,
        /** A span made of words distinctive of the target: frequent in it, rare on the site. */
        DISTINCTIVE,
        /** The span of the source closest in meaning to the target. */
        SEMANTIC,
        /** No phrase qualifies: add a link worded {@link #wording()} in the sentence. */
        NONE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Anchor {
        sentence = sentence == null ? "" : sentence;
        wording = wording == null ? "" : wording;
    }

    /** True when the phrase is in the source text (the link can be made in place). */
    public boolean inText() {
        return phrase != null;
    }

    /** The phrase, or the wording to add when no phrase qualifies: what a link would read. */
    public String text() {
        return phrase != null ? phrase : wording;
    }

    /** No phrase: the sentence where the link fits best (or none), and the wording to add there. */
    public static Anchor none(String text, Sentences.Span sentence, String wording) {
        if (sentence == null) {
            return new Anchor(null, -1, -1, "", -1, -1, Rule.NONE, wording);
        }
        return new Anchor(null, -1, -1, text.substring(sentence.start(), sentence.end()), sentence.start(),
                sentence.end(), Rule.NONE, wording);
    }

    /** The phrase at [start, end) of the text, in the given sentence. */
    public static Anchor at(String text, int start, int end, Sentences.Span sentence, Rule rule, String wording) {
        return new Anchor(text.substring(start, end), start, end, text.substring(sentence.start(), sentence.end()),
                sentence.start(), sentence.end(), rule, wording);
    }
}
