package dev.linker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The report's orphans: the home page is exempt, as in {@code linker audit}; the first page of a site without one is not. */
class LinkReportTest {

    static Site site(String... urls) {
        Map<String, Page> pages = new LinkedHashMap<>();
        for (String u : urls) {
            pages.put(u, Page.of(u, u, "", "text"));
        }
        // the last page links to the one before it
        String from = urls[urls.length - 1];
        String to = urls[urls.length - 2];
        pages.put(from, pages.get(from).withLinks(List.of(new Link(from, to, to, null, "see", "", Placement.CONTENT,
                Link.Position.UNKNOWN))));
        return new Site("test", null, new java.util.TreeMap<>(pages), Set.of(), Map.of());
    }

    @Test
    void a_site_keyed_by_absolute_urls_without_its_home_page_exempts_no_page_from_the_orphans() {
        LinkReport r = LinkReport.of(site("https://garden.example/compost/", "https://garden.example/mulch/",
                "https://garden.example/roses/"));
        assertEquals(List.of("https://garden.example/compost/", "https://garden.example/roses/"), r.orphans());
    }

    @Test
    void the_home_page_is_exempt_whether_keyed_as_a_path_or_as_its_origin() {
        LinkReport byUrl = LinkReport.of(site("https://garden.example/", "https://garden.example/mulch/",
                "https://garden.example/roses/"));
        assertEquals(List.of("https://garden.example/roses/"), byUrl.orphans());
        LinkReport byPath = LinkReport.of(site("/", "/mulch/", "/roses/"));
        assertEquals(List.of("/roses/"), byPath.orphans());
    }
}
