package dev.linker.index.suggest;

import dev.linker.index.Status;

import java.util.Set;

/**
 * What the suggester knows about one indexed page, loaded once per index version: its address and titles, its
 * {@link Standing} in the site, its {@link Outbound} links and its {@link PageFacts facts}; read through the accessors
 * below.
 *
 * @param cleanTitle the title without the site's template (or the H1, or the address)
 */
record PageInfo(String url, String title, String cleanTitle, Standing standing, Outbound outbound, PageFacts facts)
        implements PageFacts.Held {

    /** Whether it is live, whether it is a hub (home, listing), its authority and how many content links it gets. */
    record Standing(Status status, boolean hub, double authority, int inbound) {
    }

    /**
     * @param links    outbound content links (link density, evaluation)
     * @param allLinks outbound links of any placement: the links the page already has
     */
    record Outbound(Set<String> links, Set<String> allLinks) {
    }

    Status status() {
        return standing.status();
    }

    boolean hub() {
        return standing.hub();
    }

    double authority() {
        return standing.authority();
    }

    int inbound() {
        return standing.inbound();
    }

    Set<String> links() {
        return outbound.links();
    }

    Set<String> allLinks() {
        return outbound.allLinks();
    }
}
