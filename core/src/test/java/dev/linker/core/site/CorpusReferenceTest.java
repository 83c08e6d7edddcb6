package dev.linker.core.site;

import dev.linker.core.Corpus;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The PostgreSQL 15 documentation against the figures of an independent implementation (corpus README). */
class CorpusReferenceTest {

    @Test
    void postgresql_docs_match_the_reference_figures_by_all_links() {
        Site site = SiteReader.read(ReadOptions.of(Corpus.require("postgresql-15/site")));
        LinkGraph g = LinkGraph.build(site, "/");
        assertEquals(1169, g.size(), "pages");
        assertEquals(10779, g.edgeCount(), "unique page→page links");
        assertEquals(0, g.orphans(false).size(), "orphans");
        assertEquals(0, g.unreachable().size(), "unreachable");
        assertEquals(2816, g.reciprocalPairs(false).size(), "reciprocal pairs");
        assertEquals(new TreeMap<>(Map.of(0, 1, 1, 111, 2, 1057)), g.depthHistogram(), "depth histogram");
        long broken = site.pages().values().stream().flatMap(p -> p.links().stream())
                .filter(l -> l.targetUrl() != null && !site.contains(l.targetUrl()) && !site.files().contains(l.targetUrl()))
                .count();
        assertEquals(0, broken, "links to missing pages");
    }

    @Test
    void postgresql_docs_match_the_reference_figures_by_content_links() {
        Site site = SiteReader.read(ReadOptions.of(Corpus.require("postgresql-15/site"))
                .withSelectors("body > div:not(.navheader):not(.navfooter)", "div.toc, div.navheader, div.navfooter"));
        LinkGraph g = LinkGraph.build(site, null);
        assertEquals(10779, g.edgeCount(), "unique page→page links");
        assertEquals(4185, g.contentEdgeCount(), "content links");
        assertEquals(213, g.orphans(true).size(), "content orphans");
        assertEquals(516, g.reciprocalPairs(true).size(), "content reciprocal pairs");
    }
}
