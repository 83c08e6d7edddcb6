package dev.linker.index.plan;

/** One row of a link plan: put a link to {@code acceptor} on {@code donor}, with this anchor, in this sentence. */
public record PlannedLink(String donor, String anchor, String acceptor, double score, String sentence,
                          double similarity) {
}
