package dev.linker.core.score;

import java.io.Serializable;

/**
 * The ten parts of a candidate's score, in four groups and two singles: what one suggestion's {@link ScoreComponents}
 * hold (each part's value, described below) and what the {@link ScoreWeights} hold (each part's weight), read through
 * the same accessors.
 */
public interface ScoreParts {

    /**
     * How alike the two texts are.
     *
     * @param lexical BM25 relative to the best lexical candidate for this source
     * @param vector  cosine similarity of the page embeddings (0 when negative)
     */
    record Similarity(double lexical, double vector) implements Serializable {
    }

    /**
     * How the source text names the target.
     *
     * @param name  how strongly the source text names the target (rarity of the name found)
     * @param title how much of the target's title the source says in its own words: the rarity of the title words
     *              found within a few words of each other (at least two of them), times the share of the title's
     *              rarity they cover — "replacing godoc.org with pkg.go.dev" for "Redirecting godoc.org requests to
     *              pkg.go.dev", where the name itself is not written
     */
    record Mention(double name, double title) implements Serializable {
    }

    /**
     * What the target brings and what it lacks.
     *
     * @param authority      the target's authority (link score / 100, blended with Search Console clicks)
     * @param inboundDeficit 1 for a page nobody links to, falling towards 0 as inbound content links grow
     */
    record Standing(double authority, double inboundDeficit) implements Serializable {
    }

    /**
     * What counts against the link (the two subtracted parts).
     *
     * @param linkDensity      the source's existing content links per 100 words, capped at 1
     * @param categoryDistance steps between the two category paths, divided by both paths' depth
     */
    record Penalties(double linkDensity, double categoryDistance) implements Serializable {
    }

    Similarity similarity();

    Mention mention();

    Standing standing();

    Penalties penalties();

    double serp();

    double time();

    default double lexical() {
        return similarity().lexical();
    }

    default double vector() {
        return similarity().vector();
    }

    default double name() {
        return mention().name();
    }

    default double title() {
        return mention().title();
    }

    default double authority() {
        return standing().authority();
    }

    default double inboundDeficit() {
        return standing().inboundDeficit();
    }

    default double linkDensity() {
        return penalties().linkDensity();
    }

    default double categoryDistance() {
        return penalties().categoryDistance();
    }
}
