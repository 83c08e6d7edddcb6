package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.score.ScoreComponents;

/** One page to link to, why, and where the link fits in the source. */
public record Suggestion(String url, String title, double score, ScoreComponents components, Anchor anchor) {
}
