package dev.linker.core.site;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageKeysTest {
    private static final Set<String> KEYS = Set.of("/", "/docs/", "/docs/a.html", "/b.html");

    private static PageKeys.Target r(String source, String href) {
        return PageKeys.resolve(source, href, "acme.test", "/", KEYS);
    }

    @Test
    void dir_and_dir_index_html_are_one_page() {
        assertEquals("/docs/", PageKeys.ofFile("docs/index.html"));
        assertEquals("/", PageKeys.ofFile("index.html"));
        assertEquals("/docs/", r("/", "docs/index.html").key());
        assertEquals("/docs/", r("/", "docs/").key());
    }

    @Test
    void relative_paths_resolve_against_the_source_folder_and_dots_collapse() {
        assertEquals("/docs/a.html", r("/docs/", "a.html").key());
        assertEquals("/b.html", r("/docs/a.html", "../b.html").key());
        assertEquals("/b.html", r("/docs/a.html", "../../../b.html").key());
        assertEquals("/docs/a.html", r("/b.html", "./docs/./a.html").key());
    }

    @Test
    void query_and_fragment_are_split_off() {
        PageKeys.Target t = r("/", "docs/a.html?x=1#Part%202");
        assertEquals("/docs/a.html", t.key());
        assertEquals("Part 2", t.fragment());
    }

    @Test
    void bare_fragment_and_empty_href_are_self_links() {
        assertEquals("/docs/a.html", r("/docs/a.html", "#top").key());
        assertEquals("top", r("/docs/a.html", "#top").fragment());
        assertEquals("/docs/a.html", r("/docs/a.html", "").key());
    }

    @Test
    void other_schemes_and_hosts_are_external_but_the_base_host_is_internal() {
        assertTrue(r("/", "mailto:x@acme.test").external());
        assertTrue(r("/", "https://other.test/docs/").external());
        assertTrue(r("/", "javascript:void(0)").external());
        assertEquals("/docs/a.html", r("/", "https://acme.test/docs/a.html").key());
        assertEquals("/docs/", r("/", "//acme.test/docs/").key());
        assertTrue(PageKeys.resolve("/", "https://acme.test/docs/", null, "/", KEYS).external(), "no base URL: absolute is external");
    }

    @Test
    void extension_less_links_map_to_the_page_that_exists() {
        assertEquals("/docs/", r("/", "/docs").key());
        assertEquals("/b.html", r("/", "/b").key());
        assertEquals("/nope", r("/", "/nope").key());
    }

    @Test
    void a_base_url_path_prefix_is_stripped() {
        assertEquals("/docs/a.html", PageKeys.resolve("/", "https://acme.test/v2/docs/a.html", "acme.test", "/v2/", KEYS).key());
        assertTrue(PageKeys.resolve("/", "https://acme.test/blog/", "acme.test", "/v2/", KEYS).external());
        assertNull(r("/", "https://other.test/").key());
    }
}
