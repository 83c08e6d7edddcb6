package dev.linker.core.graph;

import dev.linker.core.model.Site;

/**
 * The link graph of a site: unique page→page links (self links dropped, fragments and queries stripped), each
 * flagged content or boilerplate; inbound/outbound counts; BFS click depth from an entry page; internal PageRank
 * scaled 0–100 as the link score.
 *
 * <p>CONTRACT ONLY — the reader branch replaces this with the implementation.
 */
public final class LinkGraph {
    private final Site site;

    private LinkGraph(Site site) {
        this.site = site;
    }

    /** @param entryUrl page key BFS depth is measured from; null means the root index page. */
    public static LinkGraph build(Site site, String entryUrl) {
        throw new UnsupportedOperationException("LinkGraph is being written on the reader branch");
    }

    public Site site() {
        return site;
    }
}
