package dev.linker.core.site;

import dev.linker.core.Sites;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.TextRegion;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SiteReaderTest {
    @TempDir
    Path tmp;

    private Site basic() {
        return SiteReader.read(ReadOptions.of(Sites.dir("basic")));
    }

    @Test
    void pages_read_again_for_their_text_equal_a_whole_site_read_with_text_on_every_fixture_site() {
        for (String name : List.of("basic", "blog", "breadcrumbs", "hubs-by-content", "stale-anchors", "history")) {
            ReadOptions options = ReadOptions.of(Sites.dir(name));
            Site whole = SiteReader.read(options.withText());
            Site light = SiteReader.read(options.withoutText());
            List<Page> again = SiteReader.withText(light, options).apply(List.copyOf(light.pages().values()));
            assertEquals(List.copyOf(whole.pages().values()), again, name);
            assertTrue(again.stream().anyMatch(p -> !p.text().isEmpty() && !p.links().isEmpty()), name);
        }
    }

    @Test
    void pages_whose_text_was_kept_aside_in_one_read_equal_a_whole_site_read_with_text_on_every_fixture_site() {
        for (String name : List.of("basic", "blog", "breadcrumbs", "hubs-by-content", "stale-anchors", "history")) {
            ReadOptions options = ReadOptions.of(Sites.dir(name));
            Site whole = SiteReader.read(options.withText());
            SiteReader.TextRead read = SiteReader.readForText(options);
            assertEquals(SiteReader.read(options.withoutText()).pages(), read.site().pages(), name);
            List<Page> filled = read.withText().apply(List.copyOf(read.site().pages().values()));
            assertEquals(List.copyOf(whole.pages().values()), filled, name);
            assertTrue(filled.stream().anyMatch(p -> !p.text().isEmpty() && p.meta().regions().size() > 1), name);
        }
    }

    @Test
    void text_kept_aside_keeps_every_character_and_is_the_kept_file_s_where_two_files_are_one_page()
            throws IOException {
        String astral = "Caf\u00e9 \uD83D\uDE00 \u65e5\u672c";
        String longText = "word ".repeat(30_000);
        Files.writeString(tmp.resolve("index.html"), "<html lang=\"fr\"><title>Home</title><body><main><p>" + astral
                + "</p><p>" + longText + "</p><a href=\"/big.html\">big</a></main></body></html>");
        Files.createDirectories(tmp.resolve("dir"));
        for (String file : List.of("index.htm", "index.html")) {
            Files.writeString(tmp.resolve("dir").resolve(file),
                    "<html><title>Dir</title><body><main>" + file + "</main></body></html>");
        }
        Files.writeString(tmp.resolve("big.html"),
                "<html><title>Big</title><body>" + "x".repeat(300_000) + "</body></html>");
        ReadOptions options = new ReadOptions(tmp, null, null, null, 200_000, null);
        Site whole = SiteReader.read(options.withText());
        SiteReader.TextRead read = SiteReader.readForText(options);
        List<Page> filled = read.withText().apply(List.copyOf(read.site().pages().values()));
        assertEquals(List.copyOf(whole.pages().values()), filled);
        Page home = filled.stream().filter(p -> p.url().equals("/")).findFirst().orElseThrow();
        assertTrue(home.text().contains(astral.strip()) && home.text().length() > 150_000, "every char kept");
        assertEquals(read.site().page("/big.html"), filled.stream().filter(p -> p.url().equals("/big.html"))
                .findFirst().orElseThrow(), "an unread page is given back as it was");
        assertEquals(whole.page("/dir/").text(), filled.stream().filter(p -> p.url().equals("/dir/"))
                .findFirst().orElseThrow().text(), "two files of one page: the text of the file the site kept");
    }

    @Test
    void a_text_kept_aside_comes_back_char_for_char_with_its_metadata_and_a_page_never_kept_is_not_filled() {
        TextSpill spill = TextSpill.open();
        String text = "a lone \uD800 surrogate, " + "\u00e9t\u00e9 ".repeat(30_000);
        PageMeta meta = new PageMeta(LocalDate.of(2024, 1, 2), List.of("x", "y"), PageKind.CONTENT,
                List.of(new TextRegion(TextRegion.Kind.CODE, 0, 3)), "fr");
        spill.put("a.html", text, meta);
        spill.put("b.html", "", PageMeta.NONE);
        Page a = spill.filled(Page.unread("/a.html", "a.html"));
        assertEquals(text, a.text());
        assertEquals(meta, a.meta());
        assertEquals(PageMeta.NONE, spill.filled(Page.unread("/b.html", "b.html")).meta());
        assertNull(spill.filled(Page.unread("/c.html", "c.html")));
    }

    @Test
    void pages_carry_title_h1_robots_breadcrumbs_and_section_headings() {
        Site s = basic();
        assertEquals(9, s.pages().size());
        Page b = s.page("/blog/post-b.html");
        assertEquals("Installing Acme 2.0 — Acme", b.title());
        assertEquals("Installing Acme 2.0", b.h1());
        assertEquals(List.of("Home", "Blog"), b.breadcrumbs().stream().map(c -> c.name()).toList());
        assertEquals("https://acme.test/", b.breadcrumbs().get(0).url(), "no base URL: crumbs keep absolute URLs");
        assertTrue(s.page("/noindex.html").noindex());
        assertEquals("Setting up", s.page("/blog/post-a.html").sectionHeadings().get("setup"));
        assertEquals("/blog/post-a.html", s.page("/old.html").redirectTo());
        assertEquals("en", b.lang());
    }

    @Test
    void read_for_an_audit_pages_keep_everything_but_their_text() {
        Site full = basic();
        Site lean = SiteReader.read(ReadOptions.of(Sites.dir("basic")).withoutText());
        assertEquals(full.pages().keySet(), lean.pages().keySet());
        for (Page f : full.pages().values()) {
            Page l = lean.page(f.url());
            assertEquals("", l.text());
            assertEquals(List.of(), l.meta().regions());
            assertEquals(List.of(f.title(), f.h1(), f.links(), f.sectionHeadings(), f.breadcrumbs(), f.lang(),
                            String.valueOf(f.canonical()), String.valueOf(f.redirectTo()), f.meta().kind(),
                            f.meta().tags(), String.valueOf(f.meta().published())),
                    List.of(l.title(), l.h1(), l.links(), l.sectionHeadings(), l.breadcrumbs(), l.lang(),
                            String.valueOf(l.canonical()), String.valueOf(l.redirectTo()), l.meta().kind(),
                            l.meta().tags(), String.valueOf(l.meta().published())), f.url());
        }
        assertFalse(full.page("/contact.html").text().isEmpty(), "by default pages keep their text");
    }

    @Test
    void a_string_repeated_across_pages_is_held_once_and_a_link_to_a_page_shares_its_key() {
        Site s = basic();
        Page a = s.page("/about.html");
        Page c = s.page("/contact.html");
        Link navA = a.links().stream().filter(l -> !l.content() && "/blog/".equals(l.targetUrl())).findFirst().orElseThrow();
        Link navC = c.links().stream().filter(l -> !l.content() && "/blog/".equals(l.targetUrl())).findFirst().orElseThrow();
        assertTrue(navA.anchorText() == navC.anchorText(), "one instance of the same navigation text");
        assertTrue(navA.href() == navC.href(), "one instance of the same href");
        assertTrue(navA.targetUrl() == s.page("/blog/").url(), "the target is the page's own key");
    }

    @Test
    void main_text_leaves_out_navigation_and_footer() {
        String text = basic().page("/contact.html").text();
        assertEquals("Contact\nMail us.", text);
    }

    @Test
    void main_text_puts_every_block_on_a_line_of_its_own_with_whitespace_collapsed_inside_it() {
        Page p = SiteReader.read(ReadOptions.of(Sites.dir("blog"))).page("/posts/espresso-basics.html");
        assertEquals(String.join("\n",
                "Espresso Basics",
                "Espresso forces hot water through a puck of finely ground coffee at about nine bars. Start with a good"
                        + " burr grinder: no machine saves a shot from uneven grounds.",
                "Dose and yield",
                "Dose 18 g of coffee", "Yield 36 g of espresso", "Time 25 to 30 seconds",
                "Taste", "Fix", "Sour", "Grind finer", "Bitter", "Grind coarser",
                "Weigh every shot with tare and a scale; press Start as the pump starts.",
                "dose = 18.0 g", "yield = 36.0 g"), p.text());
    }

    @Test
    void a_line_break_inside_a_paragraph_and_several_content_roots_give_lines_and_no_empty_ones() throws IOException {
        Files.writeString(tmp.resolve("a.html"), "<article><p>One<br>two  <b>three</b></p>\n\n<div></div><p> </p></article>"
                + "<nav>menu</nav><article><h2>Four</h2>five</article>");
        assertEquals("One\ntwo three\nFour\nfive", SiteReader.read(ReadOptions.of(tmp)).page("/a.html").text());
    }

    @Test
    void a_page_of_twenty_thousand_sibling_articles_is_read_whole() throws IOException {
        StringBuilder html = new StringBuilder("<title>Many</title>");
        for (int i = 0; i < 20_000; i++) {
            html.append("<article><p>item ").append(i).append("</p></article>");
        }
        Files.writeString(tmp.resolve("many.html"), html);
        String text = SiteReader.read(ReadOptions.of(tmp)).page("/many.html").text();
        List<String> lines = text.lines().toList();
        assertEquals(20_000, lines.size());
        assertEquals("item 0", lines.get(0));
        assertEquals("item 19999", lines.get(19_999));
    }

    @Test
    void placement_is_auto_detected_from_nav_header_footer_and_main() {
        Page a = basic().page("/about.html");
        Link home = a.links().get(0);
        assertEquals("/", home.targetUrl());
        assertEquals(Placement.NAV, home.placement());
        Link contact = a.links().get(a.links().size() - 1);
        assertEquals(Placement.FOOTER, contact.placement());
        assertTrue(a.links().stream().filter(l -> "/missing.html".equals(l.targetUrl())).allMatch(Link::content));
    }

    @Test
    void classes_on_html_and_body_tell_the_page_s_state_not_a_region_of_it() throws IOException {
        // mdBook writes <html class="sidebar-visible …"> on every page; Apache's manual <body class="no-sidebar">.
        Files.writeString(tmp.resolve("book.html"), "<html lang=en class=\"sidebar-visible no-js light\"><body>"
                + "<nav id=sidebar class=sidebar><a href=manual.html>Manual</a></nav>"
                + "<main><p>See <a href=manual.html>the manual</a>.</p></main></body></html>");
        Files.writeString(tmp.resolve("manual.html"), "<html><body id=manual-page class=no-sidebar>"
                + "<div id=page-header><a href=book.html>Book</a></div>"
                + "<div id=page-content><p>Read <a href=book.html>the book</a> first.</p></div></body></html>");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of(Placement.NAV, Placement.CONTENT),
                s.page("/book.html").links().stream().map(Link::placement).toList());
        assertEquals(List.of(Placement.HEADER, Placement.CONTENT),
                s.page("/manual.html").links().stream().map(Link::placement).toList());
    }

    @Test
    void explicit_selectors_decide_placement_exactly() {
        Site s = SiteReader.read(ReadOptions.of(Sites.dir("basic")).withSelectors("body", "nav, footer, ul"));
        Page blog = s.page("/blog/");
        assertTrue(blog.links().stream().noneMatch(Link::content), "every link is in nav, footer or the ul");
        assertTrue(s.page("/about.html").links().stream().anyMatch(Link::content));
    }

    @Test
    void sitemap_and_redirects_file_are_read() {
        Site s = basic();
        assertEquals(java.util.Set.of("/", "/orphan.html", "/gone.html"), s.sitemapUrls());
        assertEquals("/blog/", s.redirects().get("/legacy"));
    }

    @Test
    void a_missing_folder_is_a_clear_error() {
        LinkerException e = assertThrows(LinkerException.class, () -> SiteReader.read(ReadOptions.of(tmp.resolve("public"))));
        assertTrue(e.getMessage().contains("public") && e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void a_bad_selector_is_a_clear_error_naming_it() {
        LinkerException e = assertThrows(LinkerException.class,
                () -> SiteReader.read(ReadOptions.of(Sites.dir("basic")).withSelectors("main >> p[", null)));
        assertTrue(e.getMessage().startsWith("content selector 'main >> p['"), e.getMessage());
    }

    @Test
    void malformed_html_is_read_as_a_browser_would() throws IOException {
        Files.writeString(tmp.resolve("index.html"), "<html><title>Broken</title><body><p><a href=b.html>B<div><a href='c.html'>C</p></b></html>");
        Files.writeString(tmp.resolve("b.html"), "<a href=index.html>home");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(List.of("/b.html", "/c.html"), s.page("/").links().stream().map(Link::targetUrl).toList());
        assertTrue(s.problems().isEmpty());
    }

    @Test
    void a_page_that_is_not_utf8_and_declares_no_charset_is_read_and_reported() throws IOException {
        Files.write(tmp.resolve("index.html"), "<title>Caf\u00e9</title><a href=x.html>Men\u00fc</a>".getBytes(StandardCharsets.ISO_8859_1));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertEquals(1, s.problems().size());
        assertTrue(s.problems().get(0).message().contains("not valid UTF-8"), s.problems().get(0).message());
        assertEquals("/x.html", s.page("/").links().get(0).targetUrl());
    }

    @Test
    void a_page_declaring_its_charset_is_decoded_with_it() throws IOException {
        Files.write(tmp.resolve("index.html"), "<meta charset=\"iso-8859-1\"><title>Caf\u00e9</title>".getBytes(StandardCharsets.ISO_8859_1));
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertTrue(s.problems().isEmpty());
        assertEquals("Caf\u00e9", s.page("/").title());
    }

    @Test
    void a_page_over_the_size_limit_is_kept_as_a_page_and_reported() throws IOException {
        Files.writeString(tmp.resolve("index.html"), "<a href=big.html>big</a>");
        Files.createDirectories(tmp.resolve("dir"));
        Files.writeString(tmp.resolve("dir/index.htm"), "<html><title>Dir</title><body><main>first</main></body></html>");
        Files.writeString(tmp.resolve("dir/index.html"), "<html><title>Dir</title><body><main>second</main></body></html>");
        Files.writeString(tmp.resolve("big.html"), "<p>" + "x".repeat(3000) + "</p>");
        Site s = SiteReader.read(new ReadOptions(tmp, null, null, null, 1000, null));
        assertTrue(s.contains("/big.html"));
        assertEquals("/big.html", s.problems().get(0).key());
        assertTrue(s.problems().get(0).message().contains("over the"), s.problems().get(0).message());
    }

    @Test
    void an_unreadable_file_is_reported_not_fatal() throws IOException {
        Path p = tmp.resolve("locked.html");
        Files.writeString(p, "<a href=index.html>x</a>");
        Files.writeString(tmp.resolve("index.html"), "<a href=locked.html>x</a>");
        boolean readable = p.toFile().setReadable(false);
        org.junit.jupiter.api.Assumptions.assumeTrue(readable && !Files.isReadable(p), "running as root: files stay readable");
        Site s = SiteReader.read(ReadOptions.of(tmp));
        assertTrue(s.contains("/locked.html"));
        assertFalse(s.problems().isEmpty());
    }
}
