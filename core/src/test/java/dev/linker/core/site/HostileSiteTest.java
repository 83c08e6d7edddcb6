package dev.linker.core.site;

import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sites built to break the reader: each problem becomes a {@link Site.Problem} and the read goes on. */
class HostileSiteTest {
    @TempDir
    Path tmp;

    private static List<String> problems(Site s) {
        return s.problems().stream().map(p -> p.file() + " " + p.message()).toList();
    }

    private void page(String rel, String html) throws IOException {
        Path p = tmp.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, html, StandardCharsets.UTF_8);
    }

    @Test
    void a_sitemap_loc_with_a_space_is_reported_with_why_and_the_other_locs_are_read() throws IOException {
        page("index.html", "<title>Home</title>");
        page("a.html", "<title>A</title>");
        Files.writeString(tmp.resolve("sitemap.xml"), "<urlset><url><loc>https://example.com/my page.html</loc></url>"
                + "<url><loc>https://example.com/a.html</loc></url></urlset>");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("sitemap.xml has an invalid <loc> 'https://example.com/my page.html': "
                + "illegal character in path (character 23)"), problems(s));
        assertEquals(java.util.Set.of("/a.html"), s.sitemapUrls());
    }

    @Test
    void a_latin1_redirects_file_is_read_with_its_bad_bytes_replaced_and_reported() throws IOException {
        page("index.html", "<title>Home</title>");
        Files.write(tmp.resolve("_redirects"), "# caf\u00e9 moved\n/old.html /index.html 301\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("_redirects is not valid UTF-8; invalid bytes were replaced"), problems(s));
        assertEquals("/", s.redirects().get("/old.html"));
    }

    @Test
    void a_latin1_sitemap_without_an_encoding_is_read_and_reported() throws IOException {
        page("caf\u00e9.html", "<title>Caf\u00e9</title>");
        Files.write(tmp.resolve("sitemap.xml"), ("<urlset><!-- caf\u00e9 --><url><loc>https://example.com/index.html</loc>"
                + "</url></urlset>").getBytes(StandardCharsets.ISO_8859_1));
        page("index.html", "<title>Home</title>");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("sitemap.xml is not valid UTF-8 and declares no other encoding; invalid bytes were replaced"),
                problems(s));
        assertEquals(java.util.Set.of("/"), s.sitemapUrls());
    }

    @Test
    void a_sitemap_that_declares_latin1_is_decoded_with_it() throws IOException {
        page("index.html", "<title>Home</title>");
        page("caf\u00e9.html", "<title>Caf\u00e9</title>");
        Files.write(tmp.resolve("sitemap.xml"), ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><urlset><url>"
                + "<loc>https://example.com/caf%C3%A9.html</loc></url></urlset>").getBytes(StandardCharsets.ISO_8859_1));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of(), problems(s));
        assertEquals(1, s.sitemapUrls().size(), s.sitemapUrls().toString());
    }

    /** Sibling content roots, each with a paragraph and a link: the page of issue 11 that took minutes to read. */
    private static String siblings(String tag, int n) {
        StringBuilder b = new StringBuilder("<title>Many</title><body>");
        for (int i = 0; i < n; i++) {
            b.append('<').append(tag).append("><p>Item ").append(i).append(" <a href=\"/p").append(i)
                    .append(".html\">more</a></p></").append(tag).append('>');
        }
        return b.append("</body>").toString();
    }

    @Test
    void a_page_of_50000_sibling_articles_is_read_whole_in_linear_time() throws IOException {
        int n = 50_000;
        page("index.html", siblings("article", n));
        // The bound is loose on purpose (a slow CI machine): quadratic work took minutes here, linear takes a second.
        Site s = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> SiteReader.read(ReadOptions.of(tmp)));
        var p = s.page("/");
        String[] lines = p.text().split("\n");
        assertEquals(n, lines.length);
        assertEquals("Item 0 more", lines[0]);
        assertEquals("Item 49999 more", lines[n - 1]);
        assertEquals(n, p.links().stream().filter(l -> l.content()).count(), "every link is in the content");
    }

    @Test
    void a_page_of_50000_sibling_mains_is_read_whole_in_linear_time() throws IOException {
        int n = 50_000;
        page("index.html", siblings("main", n));
        Site s = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> SiteReader.read(ReadOptions.of(tmp)));
        String text = s.page("/").text();
        assertTrue(text.startsWith("Item 0 more\nItem 1 more\n"), text.substring(0, 40));
        assertTrue(text.endsWith("\nItem 49999 more"));
        assertEquals(n, s.page("/").links().stream().filter(l -> l.content()).count());
    }
}
