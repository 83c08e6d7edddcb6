package dev.linker.core.site;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Placement;
import dev.linker.core.model.Site;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvSiteReaderTest {
    static Path site(String rel) {
        try {
            return Path.of(CsvSiteReaderTest.class.getResource("/sites/" + rel).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void columns_are_matched_case_insensitively_and_extra_columns_are_ignored() {
        Site s = CsvSiteReader.read(site("csv-coffee/pages.csv"));
        assertEquals(5, s.pages().size());
        Page p = s.page("https://brew.example/guides/espresso.html");
        assertEquals("Espresso at Home — Brew Notes", p.title());
        assertEquals("Espresso at Home", p.h1());
        assertTrue(p.text().startsWith("Espresso needs finely ground coffee"));
    }

    @Test
    void an_empty_h1_cell_gives_an_empty_h1() {
        Page p = CsvSiteReader.read(site("csv-coffee/pages.csv")).page("https://brew.example/gear/kettles.html");
        assertEquals("", p.h1());
        assertEquals("Gooseneck Kettles", p.name().replace(" — Brew Notes", ""));
    }

    @Test
    void a_missing_content_column_names_the_file_and_the_columns_found() {
        Path f = site("csv-bad/missing-content.csv");
        LinkerException e = assertThrows(LinkerException.class, () -> CsvSiteReader.read(f));
        assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("no content column"), e.getMessage());
        assertTrue(e.getMessage().contains("[Address, Title 1, H1-1, Meta Description 1]"), e.getMessage());
    }

    @Test
    void a_duplicate_address_is_an_error_naming_both_lines() {
        LinkerException e = assertThrows(LinkerException.class, () -> CsvSiteReader.read(site("csv-bad/duplicate.csv")));
        assertTrue(e.getMessage().contains("duplicate address https://x.example/a.html (lines 2 and 4)"), e.getMessage());
    }

    @Test
    void a_latin1_file_is_rejected_as_not_utf8_rather_than_read_garbled() {
        LinkerException e = assertThrows(LinkerException.class, () -> CsvSiteReader.read(site("csv-bad/latin1.csv")));
        assertTrue(e.getMessage().contains("latin1.csv: not valid UTF-8"), e.getMessage());
    }

    @Test
    void a_missing_file_is_named() {
        LinkerException e = assertThrows(LinkerException.class, () -> CsvSiteReader.read(Path.of("no/such.csv")));
        assertTrue(e.getMessage().contains("no/such.csv: no such file"), e.getMessage());
    }

    @Test
    void screaming_frog_exports_give_pages_and_links_with_their_position() {
        Site s = ScreamingFrogReader.read(site("screaming-frog/internal_html.csv"), site("screaming-frog/all_inlinks.csv"));
        assertEquals(List.of("https://shop.example/", "https://shop.example/tea/green/", "https://shop.example/tea/black/"),
                List.copyOf(s.pages().keySet()), "the 301 row is not a page");
        assertEquals("Green Tea — Shop", s.page("https://shop.example/tea/green/").title());
        assertEquals("Green Tea", s.page("https://shop.example/tea/green/").h1());
        List<Link> home = s.page("https://shop.example/").links();
        assertEquals(2, home.size());
        assertEquals(Placement.NAV, home.get(0).placement());
        assertEquals(Placement.CONTENT, home.get(1).placement());
        assertEquals("strong black teas", home.get(1).anchorText());
        Link assam = s.page("https://shop.example/tea/green/").links().get(0);
        assertEquals("https://shop.example/tea/black/", assam.targetUrl());
        assertEquals("assam", assam.fragment());
        assertTrue(assam.nofollow(), "Follow=false is nofollow");
        assertEquals(Placement.FOOTER, s.page("https://shop.example/tea/green/").links().get(1).placement());
        assertTrue(s.page("https://shop.example/tea/black/").links().isEmpty(), "image links are not hyperlinks");
    }

    @Test
    void search_console_rows_are_grouped_by_page_most_clicked_first() {
        Map<String, List<SearchConsoleReader.QueryStat>> m =
                SearchConsoleReader.read(site("screaming-frog/search_console.csv"));
        assertEquals(2, m.size());
        List<SearchConsoleReader.QueryStat> green = m.get("https://shop.example/tea/green/");
        assertEquals("matcha tea", green.get(0).query());
        assertEquals(1204, green.get(0).clicks(), "thousands separators are read");
        assertEquals(30000, green.get(0).impressions());
        assertEquals("sencha", green.get(1).query());
    }

    @Test
    void search_console_without_a_clicks_column_is_an_error_naming_it() {
        LinkerException e = assertThrows(LinkerException.class,
                () -> SearchConsoleReader.read(site("csv-coffee/pages.csv")));
        assertTrue(e.getMessage().contains("no query column") || e.getMessage().contains("no page column"),
                e.getMessage());
    }
}
