package dev.linker.index.plan;

/**
 * One row of a link plan: put a link to {@code acceptor} on {@code donor}, with this anchor, in this sentence.
 * {@code anchorInText} says whether the anchor is a phrase of the donor's text (the link is made in place) or, when no
 * phrase of it says what the acceptor is about, the wording of a link to add to the sentence.
 */
public record PlannedLink(String donor, String anchor, String acceptor, double score, String sentence,
                          double similarity, boolean anchorInText) {

    public PlannedLink(String donor, String anchor, String acceptor, double score, String sentence,
                       double similarity) {
        this(donor, anchor, acceptor, score, sentence, similarity, true);
    }
}
