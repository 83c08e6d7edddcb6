package dev.linker.core.site;

import dev.linker.core.Sites;
import dev.linker.core.model.Site;
import dev.linker.core.site.SearchConsoleReader.Matched;
import dev.linker.core.site.SearchConsoleReader.QueryStat;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Search Console export (absolute URLs) placed on a site read from its built HTML (pages keyed by path). */
class SearchConsoleMatchTest {
    private static final Path DIR = Sites.dir("search-console");
    private static final Map<String, List<QueryStat>> ROWS = SearchConsoleReader.read(DIR.resolve("search_console.csv"));

    private static Site site(String baseUrl) {
        ReadOptions o = ReadOptions.of(DIR.resolve("site"));
        return SiteReader.read(baseUrl == null ? o : o.withBaseUrl(baseUrl));
    }

    @Test
    void absolute_urls_on_the_base_url_host_map_to_the_pages_paths() {
        Matched m = SearchConsoleReader.match(ROWS, site("https://brew.example/"));
        assertEquals(6, m.urls(), "distinct URLs of the 7 rows");
        assertEquals("espresso at home", m.byPage().get("/guides/espresso.html").getFirst().query());
        assertEquals(List.of("swiss water decaf"), m.byPage().get("/beans/decaf.html").stream().map(QueryStat::query).toList(),
                "a URL with a query string counts for its page");
        assertEquals(3, m.byPage().size(), m.byPage().keySet().toString());
    }

    @Test
    void dir_slash_and_dir_index_html_are_one_page_and_their_rows_add_up() {
        Matched m = SearchConsoleReader.match(ROWS, site("https://brew.example/"));
        assertEquals(List.of(new QueryStat("brewing guides", 35, 900)), m.byPage().get("/guides/"));
    }

    @Test
    void urls_of_removed_pages_and_other_hosts_are_listed_as_unmatched() {
        Matched m = SearchConsoleReader.match(ROWS, site("https://brew.example/"));
        assertEquals(List.of("https://brew.example/old-espresso-post.html", "https://shop.brew.example/grinders.html"),
                m.unmatched());
    }

    @Test
    void without_a_base_url_no_absolute_url_is_a_page_of_the_folder() {
        Matched m = SearchConsoleReader.match(ROWS, site(null));
        assertTrue(m.byPage().isEmpty(), m.byPage().toString());
        assertEquals(6, m.unmatched().size());
    }
}
