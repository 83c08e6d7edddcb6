package dev.linker.core.site;

import dev.linker.core.model.PageKind;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedPagesTest {
    @Test
    void sphinx_module_source_page_sources_and_indexes_are_generated_pages_and_so_hubs() {
        for (String url : new String[] {"/_modules/requests/api.html",
                "https://docs.example.org/en/_modules/index.html", "/_sources/user/quickstart.rst.txt",
                "/genindex.html", "/py-modindex.html", "/api/allclasses-index.html",
                "/api/org/example/package-tree.html", "/api/index-all.html", "/src/serde/de/mod.rs.html",
                "/doc/src/tokio/lib.rs.html", "/html/grind_8c_source.html"}) {
            assertEquals(PageKind.GENERATED, Hubs.byUrl(url), url);
            assertTrue(Hubs.byUrl(url).isHub(), url);
        }
    }

    @Test
    void pages_that_only_share_a_generated_name_stay_content() {
        for (String url : new String[] {"/user/quickstart.html", "/blog/genindex/why-we-index.html",
                "/_modules.html", "/docs/modules/index.html", "/src/index.html", "/blog/rust.html",
                "/docs/open_source.html"}) {
            assertEquals(PageKind.CONTENT, Hubs.byUrl(url), url);
        }
    }

    @Test
    void a_generated_page_is_classified_so_whatever_its_text() {
        String prose = "The requests module sends HTTP requests. Each function returns a Response object.";
        assertEquals(PageKind.GENERATED, Hubs.classify("/_modules/requests/api.html", java.util.List.of(), prose,
                java.util.List.of()));
    }

    @Test
    void a_real_sphinx_build_has_its_module_sources_and_indexes_read_as_generated_and_its_prose_as_content() {
        // core/src/test/sphinx-brewkit: a small project built by Sphinx 5.3.0 with autodoc and viewcode.
        Site site = SiteReader.read(ReadOptions.of(Path.of("src/test/resources/sites/sphinx")));
        Map<String, PageKind> kinds = new TreeMap<>();
        for (Page p : site.pages().values()) {
            kinds.put(p.url(), p.meta().kind());
        }
        assertEquals(Map.of("/_modules/brewkit/extract.html", PageKind.GENERATED,
                "/_modules/brewkit/grind.html", PageKind.GENERATED, "/_modules/", PageKind.GENERATED,
                "/genindex.html", PageKind.GENERATED, "/py-modindex.html", PageKind.GENERATED,
                "/", PageKind.HOME, "/api.html", PageKind.CONTENT, "/espresso.html", PageKind.CONTENT,
                "/extraction.html", PageKind.CONTENT, "/grinding.html", PageKind.CONTENT), kinds);
    }
}
