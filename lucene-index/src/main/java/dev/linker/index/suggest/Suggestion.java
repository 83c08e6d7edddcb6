package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.score.ScoreComponents;

/**
 * One page to link to, why, and where the link fits in the source.
 *
 * @param features what a learned ranker sees of the pair ({@link dev.linker.index.rank.RankFeatures}), when asked
 *                 for; null otherwise
 */
public record Suggestion(String url, String title, double score, ScoreComponents components, Anchor anchor,
                         float[] features) {

    public Suggestion(String url, String title, double score, ScoreComponents components, Anchor anchor) {
        this(url, title, score, components, anchor, null);
    }

    Suggestion withFeatures(float[] f) {
        return new Suggestion(url, title, score, components, anchor, f);
    }

    Suggestion withScore(double s) {
        return new Suggestion(url, title, s, components, anchor, features);
    }

    Suggestion withAnchor(Anchor a) {
        return new Suggestion(url, title, score, components, a, features);
    }
}
