package dev.linker.core.model;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SortedStringsTest {

    @Test
    void a_sites_sitemap_answers_as_a_sorted_set_would() {
        Set<String> given = new HashSet<>(List.of("/b/", "/a.html", "/", "/z/y.html", "/B/"));
        Site site = new Site("test", null, Map.of(), given, Map.of());
        TreeSet<String> expected = new TreeSet<>(given);
        assertEquals(expected, site.sitemapUrls());
        assertEquals(expected.hashCode(), site.sitemapUrls().hashCode());
        assertEquals(new ArrayList<>(expected), new ArrayList<>(site.sitemapUrls()), "in natural order");
        assertEquals(expected.toString(), site.sitemapUrls().toString());
        assertTrue(site.sitemapUrls().contains("/z/y.html"));
        assertFalse(site.sitemapUrls().contains("/c/"));
        assertFalse(site.sitemapUrls().contains(7));
        assertThrows(UnsupportedOperationException.class, () -> site.sitemapUrls().add("/c/"));
        assertThrows(UnsupportedOperationException.class, () -> site.sitemapUrls().iterator().remove());
        assertThrows(NullPointerException.class, () -> SortedStrings.of(Arrays.asList("/a", null)));
        assertEquals(Set.of("/a", "/b"), SortedStrings.of(List.of("/b", "/a", "/b")), "duplicates held once");
    }
}
