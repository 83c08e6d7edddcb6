package dev.linker.cli;

import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code linker index SITE_DIR --search-console gsc.csv}: the export lists absolute URLs, the folder's pages are keyed
 * by path; with --base-url the queries reach the index, without it the user is told why they do not.
 */
class IndexSearchConsoleTest {
    static final Path FIXTURE = Path.of("..", "core", "src", "test", "resources", "sites", "search-console");
    static final Path SITE = FIXTURE.resolve("site");
    static final Path GSC = FIXTURE.resolve("search_console.csv");

    @TempDir
    Path tmp;

    private static List<String> queries(Path index, String url) {
        try (PageIndex i = PageIndex.openReadOnly(index, null)) {
            PageRecord r = i.get(url);
            return r.queries().stream().map(q -> q[0] + "=" + q[1]).toList();
        }
    }

    @Test
    void with_the_base_url_the_export_s_absolute_urls_reach_the_pages() {
        Path index = tmp.resolve("idx");
        AuditCommandTest.Run r = AuditCommandTest.run("index", SITE.toString(), "--search-console", GSC.toString(),
                "--base-url", "https://brew.example/", "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("espresso at home=120", "espresso grind size=40"), queries(index, "/guides/espresso.html"));
        assertEquals(List.of("brewing guides=35"), queries(index, "/guides/"), "guides/ and guides/index.html add up");
        assertEquals(List.of("swiss water decaf=12"), queries(index, "/beans/decaf.html"));
        assertTrue(r.err().contains("linker: Search Console: 2 of 6 URLs in " + GSC + " are not pages of " + SITE
                + " (e.g. https://brew.example/old-espresso-post.html); their queries are not used"), r.err());
        assertTrue(!r.err().contains("warning"), r.err());
    }

    @Test
    void without_the_base_url_nothing_matches_and_stderr_says_so_with_an_example_and_the_option_even_when_quiet() {
        Path index = tmp.resolve("idx");
        AuditCommandTest.Run r = AuditCommandTest.run("index", SITE.toString(), "--search-console", GSC.toString(),
                "--index", index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertEquals("linker: warning: " + GSC + ": none of its 6 URLs is a page of " + SITE
                + " (e.g. https://brew.example/beans/decaf.html?utm_source=newsletter), so its queries are not used. "
                + "Pages of a folder are keyed by path (e.g. /beans/decaf.html): pass the site's base URL "
                + "(--base-url https://brew.example/) to map the export's absolute URLs onto them\n", r.err());
        assertEquals(List.of(), queries(index, "/guides/espresso.html"));
    }

    @Test
    void a_base_url_on_another_host_is_named_in_the_warning() {
        AuditCommandTest.Run r = AuditCommandTest.run("index", SITE.toString(), "--search-console", GSC.toString(),
                "--base-url", "https://www.brew.example/", "--index", tmp.resolve("idx").toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("The base URL https://www.brew.example/ is on another host than the export's: "
                + "pass --base-url https://brew.example/ if the export is for this site"), r.err());
    }
}
