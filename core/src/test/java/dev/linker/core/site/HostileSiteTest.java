package dev.linker.core.site;

import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Sites built to break the reader: each problem becomes a {@link Site.Problem} and the read goes on. */
class HostileSiteTest {
    @TempDir
    Path tmp;
    /** Outside the site folder: what a link out of the site would expose. */
    @TempDir
    Path outside;
    static final String SECRET = "root:x:0:0:secret-marker";

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
    void a_sitemap_that_is_not_well_formed_xml_is_read_as_far_as_it_goes_and_no_entity_is_fetched()
            throws IOException {
        page("index.html", "<title>Home</title>");
        page("a.html", "<title>A</title>");
        page("b.html", "<title>B</title>");
        // Well-formed, with CDATA, a namespace and spread-out text: read as a stream.
        Files.writeString(tmp.resolve("sitemap.xml"), "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/"
                + "schemas/sitemap/0.9\"><url><loc><![CDATA[https://example.com/a.html]]></loc></url>\n<url>\n  <loc>\n"
                + "  https://example.com/b.html\n  </loc><lastmod>2026-11-20</lastmod></url></urlset>");
        assertEquals(java.util.Set.of("/a.html", "/b.html"), SiteReader.read(ReadOptions.of(tmp)).sitemapUrls());
        // Unclosed elements and a stray ampersand: the lenient parser still finds all three.
        Files.writeString(tmp.resolve("sitemap.xml"), "<urlset><url><loc>https://example.com/a.html</loc></url>"
                + "<url><loc>https://example.com/b.html?x=1&y=2</loc><url><loc>https://example.com/</loc>");
        assertEquals(java.util.Set.of("/", "/a.html", "/b.html"), SiteReader.read(ReadOptions.of(tmp)).sitemapUrls());
        // An external entity is never resolved (no file outside the folder is read).
        Files.writeString(tmp.resolve("sitemap.xml"), "<?xml version=\"1.0\"?><!DOCTYPE urlset [<!ENTITY x SYSTEM "
                + "\"file:///etc/hostname\">]><urlset><url><loc>https://example.com/a.html&x;</loc></url></urlset>");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertTrue(s.sitemapUrls().stream().noneMatch(u -> u.contains("\n")), s.sitemapUrls().toString());
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

    private Site siteWithSecretOutside() throws IOException {
        page("index.html", "<title>Home</title><a href=\"/passwd.html\">p</a>");
        Path secret = outside.resolve("passwd");
        Files.writeString(secret, "<title>" + SECRET + "</title><p>" + SECRET + "</p>");
        Files.createSymbolicLink(tmp.resolve("passwd.html"), secret);
        return SiteReader.read(ReadOptions.of(tmp));
    }

    @Test
    void a_link_to_a_file_outside_the_site_is_not_read_and_is_reported() throws IOException {
        Site s = siteWithSecretOutside();
        assertEquals(List.of("passwd.html links outside the site folder (to " + outside.toRealPath().resolve("passwd")
                + "); not read"), problems(s));
        assertFalse(s.contains("/passwd.html"));
        s.pages().values().forEach(p -> assertFalse((p.title() + p.text()).contains("secret-marker"), p.url()));
    }

    @Test
    void a_link_to_a_folder_outside_the_site_is_not_followed() throws IOException {
        page("index.html", "<title>Home</title>");
        Files.createDirectories(outside.resolve("etc"));
        Files.writeString(outside.resolve("etc/shadow.html"), "<title>" + SECRET + "</title>");
        Files.createSymbolicLink(tmp.resolve("vendor"), outside.resolve("etc"));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("vendor/ links outside the site folder (to " + outside.toRealPath().resolve("etc")
                + "); not read"), problems(s));
        assertEquals(java.util.Set.of("/"), s.pages().keySet());
    }

    @Test
    void a_relative_link_climbing_out_of_the_site_is_caught_on_its_real_path() throws IOException {
        Path site = tmp.resolve("public");
        Files.createDirectories(site);
        Files.writeString(site.resolve("index.html"), "<title>Home</title>");
        Files.writeString(tmp.resolve("private.html"), "<title>" + SECRET + "</title>");
        Files.createSymbolicLink(site.resolve("leak.html"), Path.of("../private.html"));
        Site s = SiteReader.read(ReadOptions.of(site));
        assertEquals(1, s.problems().size(), problems(s).toString());
        assertTrue(problems(s).getFirst().startsWith("leak.html links outside the site folder"), problems(s).toString());
        assertFalse(s.contains("/leak.html"));
    }

    @Test
    void links_that_stay_inside_the_site_are_followed() throws IOException {
        page("v2/guide.html", "<title>Guide v2</title>");
        page("index.html", "<title>Home</title>");
        Files.createSymbolicLink(tmp.resolve("latest"), Path.of("v2"));
        Files.createSymbolicLink(tmp.resolve("start.html"), tmp.resolve("index.html"));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of(), problems(s));
        assertEquals("Guide v2", s.page("/latest/guide.html").title());
        assertEquals("Home", s.page("/start.html").title());
    }

    @Test
    void a_site_reached_through_a_link_is_read_as_the_folder_it_points_to() throws IOException {
        page("index.html", "<title>Home</title>");
        Path link = outside.resolve("site-link");
        Files.createSymbolicLink(link, tmp);
        Site s = SiteReader.read(ReadOptions.of(link));
        assertEquals(List.of(), problems(s));
        assertEquals("Home", s.page("/").title());
    }

    @Test
    void a_loop_of_links_inside_the_site_is_read_once_and_ends() throws IOException {
        page("docs/a.html", "<title>A</title>");
        Files.createSymbolicLink(tmp.resolve("docs/again"), Path.of(".."));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals("A", s.page("/docs/a.html").title());
        assertEquals(List.of(), problems(s));
    }

    @Test
    void a_sitemap_and_redirects_file_linking_outside_the_site_are_not_read() throws IOException {
        page("index.html", "<title>Home</title>");
        Files.writeString(outside.resolve("sitemap.xml"), "<urlset><url><loc>/index.html</loc></url></urlset>");
        Files.writeString(outside.resolve("_redirects"), "/old.html /index.html\n");
        Files.createSymbolicLink(tmp.resolve("sitemap.xml"), outside.resolve("sitemap.xml"));
        Files.createSymbolicLink(tmp.resolve("_redirects"), outside.resolve("_redirects"));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("_redirects", "sitemap.xml"),
                s.problems().stream().map(Site.Problem::file).toList(), problems(s).toString());
        assertTrue(s.sitemapUrls().isEmpty());
        assertTrue(s.redirects().isEmpty());
    }

    @Test
    void a_folder_without_permissions_is_reported_and_the_rest_of_the_site_is_read() throws IOException {
        page("index.html", "<title>Home</title>");
        page("private/secret.html", "<title>Secret</title>");
        Path dir = tmp.resolve("private");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("---------"));
        try {
            assumeFalse(Files.isReadable(dir), "running as root: a chmod-000 folder is still readable");
            Site s = SiteReader.read(ReadOptions.of(tmp));
            assertEquals(List.of("private/ is a folder that cannot be read (permission denied); the files in it were not read"),
                    problems(s));
            assertEquals("Home", s.page("/").title());
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void a_folder_the_walk_cannot_open_is_listed_as_skipped_even_as_root() throws IOException {
        // As root, chmod 000 does not stop reading; drive the walker's failure path with the error the OS gives.
        Files.createDirectories(tmp.resolve("private"));
        List<FolderFiles.Skipped> skipped = new java.util.ArrayList<>();
        var v = new FolderFiles.Visitor(tmp, tmp.toRealPath(), "site folder", rel -> false, new java.util.ArrayList<>(),
                skipped);
        v.visitFileFailed(tmp.resolve("private"), new AccessDeniedException(tmp.resolve("private").toString()));
        assertEquals(List.of(new FolderFiles.Skipped("private/",
                "is a folder that cannot be read (permission denied); the files in it were not read")), skipped);
    }
}
