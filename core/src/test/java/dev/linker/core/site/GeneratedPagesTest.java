package dev.linker.core.site;

import dev.linker.core.model.PageKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedPagesTest {
    @Test
    void sphinx_module_source_page_sources_and_indexes_are_generated_pages_and_so_hubs() {
        for (String url : new String[] {"/_modules/requests/api.html",
                "https://docs.example.org/en/_modules/index.html", "/_sources/user/quickstart.rst.txt",
                "/genindex.html", "/py-modindex.html", "/api/allclasses-index.html",
                "/api/org/example/package-tree.html", "/api/index-all.html"}) {
            assertEquals(PageKind.GENERATED, Hubs.byUrl(url), url);
            assertTrue(Hubs.byUrl(url).isHub(), url);
        }
    }

    @Test
    void pages_that_only_share_a_generated_name_stay_content() {
        for (String url : new String[] {"/user/quickstart.html", "/blog/genindex/why-we-index.html",
                "/_modules.html", "/docs/modules/index.html"}) {
            assertEquals(PageKind.CONTENT, Hubs.byUrl(url), url);
        }
    }

    @Test
    void a_generated_page_is_classified_so_whatever_its_text() {
        String prose = "The requests module sends HTTP requests. Each function returns a Response object.";
        assertEquals(PageKind.GENERATED, Hubs.classify("/_modules/requests/api.html", java.util.List.of(), prose,
                java.util.List.of()));
    }
}
