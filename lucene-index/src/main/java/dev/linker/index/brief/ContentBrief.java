package dev.linker.index.brief;

import java.util.List;

/**
 * A brief for an article that does not exist yet.
 *
 * @param query    the main search query it targets
 * @param title    planned title ("" when none)
 * @param url      planned URL or page key, or null
 * @param linkTo   existing pages it should link to, best first
 * @param linkFrom existing pages that should link to it, with the sentence where the link fits, best first
 */
public record ContentBrief(String query, String title, String url, List<LinkTo> linkTo, List<LinkFrom> linkFrom) {

    public ContentBrief {
        linkTo = List.copyOf(linkTo);
        linkFrom = List.copyOf(linkFrom);
    }

    /**
     * @param url    target page
     * @param title  its title
     * @param anchor suggested anchor (the target's title without the site template)
     * @param why    the strongest reasons, in words
     * @param score  ranking score
     */
    public record LinkTo(String url, String title, String anchor, String why, double score) {
    }

    /**
     * @param url      donor page
     * @param title    its title
     * @param anchor       the words of {@code sentence} to turn into the link, or — when no phrase of the page says
     *                     what the article is about — the wording of a link to add to the sentence
     * @param sentence     the donor's sentence where the link fits
     * @param score        ranking score
     * @param anchorInText whether {@code anchor} is a phrase of the sentence
     */
    public record LinkFrom(String url, String title, String anchor, String sentence, double score,
                           boolean anchorInText) {
    }
}
