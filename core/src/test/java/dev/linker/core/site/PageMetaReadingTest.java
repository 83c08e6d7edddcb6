package dev.linker.core.site;

import dev.linker.core.Sites;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.Site;
import dev.linker.core.model.TextRegion;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dates, tags and kinds of pages, from built HTML (the blog fixture) and from a CSV. */
class PageMetaReadingTest {
    private static final Site BLOG = SiteReader.read(ReadOptions.of(Sites.dir("blog")));

    private static Page post(String slug) {
        return BLOG.page("/posts/" + slug + ".html");
    }

    @Test
    void the_date_comes_from_json_ld_meta_itemprop_or_the_first_time_element_and_is_null_when_there_is_none() {
        assertEquals(LocalDate.of(2022, 11, 3), post("why-grind-matters").meta().published(), "JSON-LD BlogPosting");
        assertEquals(LocalDate.of(2023, 1, 15), post("burr-grinders").meta().published(),
                "a BlogPosting inside @graph; the date-time's own local date, not converted to UTC");
        assertEquals(LocalDate.of(2023, 3, 2), post("espresso-basics").meta().published(), "article:published_time");
        assertEquals(LocalDate.of(2023, 5, 20), post("milk-steaming").meta().published(), "itemprop=datePublished");
        assertEquals(LocalDate.of(2023, 8, 9), post("cold-brew").meta().published(), "first time[datetime] in main");
        assertNull(post("water").meta().published());
    }

    @Test
    void tags_come_from_json_ld_keywords_meta_article_tag_or_rel_tag_links_in_the_content() {
        assertEquals(List.of("grinders", "basics"), post("why-grind-matters").meta().tags(), "keywords array");
        assertEquals(List.of("grinders", "gear"), post("burr-grinders").meta().tags(), "comma-separated keywords");
        assertEquals(List.of("espresso", "basics"), post("espresso-basics").meta().tags(), "meta article:tag");
        assertEquals(List.of("milk", "espresso"), post("milk-steaming").meta().tags(), "rel=tag links");
        assertEquals(List.of(), post("water").meta().tags(), "the header's tag links are navigation, not tags");
    }

    @Test
    void home_listings_about_and_folder_indexes_made_of_links_are_hubs_and_everything_else_is_content() {
        Map<String, PageKind> kinds = new TreeMap<>();
        BLOG.pages().forEach((url, p) -> kinds.put(url, p.meta().kind()));
        assertEquals(PageKind.HOME, kinds.get("/"));
        assertEquals(PageKind.LISTING, kinds.get("/tags/espresso.html"));
        assertEquals(PageKind.ABOUT, kinds.get("/about.html"));
        assertEquals(PageKind.LINK_LIST, kinds.get("/guides/"));
        assertEquals(PageKind.CONTENT, kinds.get("/guides/brewing.html"),
                "a chapter page of links that is not a folder index stays content");
        kinds.forEach((url, k) -> assertEquals(url.startsWith("/posts/") || url.equals("/guides/brewing.html"),
                !k.isHub(), url + " is " + k));
    }

    @Test
    void pages_are_hubs_by_what_they_are_a_guide_under_topics_is_content_and_an_archive_under_a_plain_path_is_a_list() {
        Site site = SiteReader.read(ReadOptions.of(Sites.dir("hubs-by-content")));
        Map<String, PageKind> kinds = new TreeMap<>();
        site.pages().forEach((url, p) -> kinds.put(url, p.meta().kind()));
        for (String guide : List.of("caching", "indexing", "replication", "backups")) {
            assertEquals(PageKind.CONTENT, kinds.get("/topics/" + guide + ".html"), "a guide with prose of its own");
        }
        assertEquals(PageKind.LISTING, kinds.get("/topics/"), "the section's index: links, no prose");
        assertEquals(PageKind.LISTING, kinds.get("/tags/maintenance.html"), "excerpts under links are not its own prose");
        assertEquals(PageKind.LINK_LIST, kinds.get("/all-posts.html"), "32 posts with their dates");
        assertEquals(PageKind.CONTENT, kinds.get("/operations.html"), "a chapter page listing its four sections");
        assertEquals(PageKind.LINK_LIST, kinds.get("/notes/"), "a section's index of three posts");
        assertEquals(PageKind.HOME, kinds.get("/"));
        kinds.forEach((url, k) -> {
            if (url.startsWith("/posts/")) {
                assertEquals(PageKind.CONTENT, k, url);
            }
        });
    }

    @Test
    void a_csv_page_under_a_listing_segment_is_content_when_its_text_is_long_enough_to_be_a_guide() {
        String guide = "word ".repeat(Hubs.CSV_CONTENT_WORDS);
        assertEquals(PageKind.CONTENT, Hubs.byUrlAndText("https://docs.example/topics/caching/", guide));
        assertEquals(PageKind.LISTING, Hubs.byUrlAndText("https://docs.example/topics/", "Caching Indexing Backups"));
        assertEquals(PageKind.HOME, Hubs.byUrlAndText("https://docs.example/", guide));
    }

    @Test
    void a_page_declaring_itself_a_collection_in_json_ld_is_a_hub_but_a_post_inside_a_blog_is_not() {
        assertTrue(Hubs.collection(List.of("CollectionPage")));
        assertTrue(Hubs.collection(List.of("WebPage", "ItemList")));
        assertTrue(!Hubs.collection(List.of("BlogPosting", "ItemList")), "a post with a list in its markup");
        assertEquals(PageKind.CONTENT, post("burr-grinders").meta().kind(), "its Blog is nested in isPartOf");
    }

    @Test
    void listing_segments_pagination_and_about_pages_are_recognised_in_keys_and_absolute_addresses() {
        assertEquals(PageKind.HOME, Hubs.byUrl("https://www.example.com/index.html"));
        assertEquals(PageKind.LISTING, Hubs.byUrl("/blog/category/news/"));
        assertEquals(PageKind.LISTING, Hubs.byUrl("https://x.example/authors/jane.html"));
        assertEquals(PageKind.LISTING, Hubs.byUrl("/blog/page/3/"));
        assertEquals(PageKind.ABOUT, Hubs.byUrl("/de/impressum.html"));
        assertEquals(PageKind.CONTENT, Hubs.byUrl("/blog/page-speed.html"));
        assertEquals(PageKind.CONTENT, Hubs.byUrl("https://www.example.com/tutorial-join.html"));
    }

    @Test
    void a_csv_may_carry_a_date_and_tags_and_its_addresses_say_which_pages_are_hubs() {
        Site s = CsvSiteReader.read(CsvSiteReaderTest.site("csv-dated/pages.csv"));
        Page espresso = s.page("https://brew.example/guides/espresso.html");
        assertEquals(LocalDate.of(2023, 3, 2), espresso.meta().published());
        assertEquals(List.of("espresso", "basics"), espresso.meta().tags());
        Page cold = s.page("https://brew.example/guides/cold-brew.html");
        assertEquals(LocalDate.of(2023, 8, 9), cold.meta().published());
        assertEquals(List.of("cold", "brewing"), cold.meta().tags());
        assertNull(s.page("https://brew.example/").meta().published());
        assertEquals(PageKind.HOME, s.page("https://brew.example/").meta().kind());
        assertEquals(PageKind.LISTING, s.page("https://brew.example/tags/espresso/").meta().kind());
        assertEquals(PageKind.ABOUT, s.page("https://brew.example/about-us/").meta().kind());
        assertEquals(PageKind.CONTENT, espresso.meta().kind());
    }

    @Test
    void a_date_that_does_not_parse_is_an_error_naming_the_file_the_line_and_the_value() {
        LinkerException e = assertThrows(LinkerException.class,
                () -> CsvSiteReader.read(CsvSiteReaderTest.site("csv-bad/bad-date.csv")));
        assertTrue(e.getMessage().contains("bad-date.csv: line 3: Published \"31/01/2024\" is not a date"),
                e.getMessage());
    }

    @Test
    void iso_dates_and_date_times_give_their_local_date_and_anything_else_gives_none() {
        assertEquals(LocalDate.of(2024, 3, 5), Dates.parse("2024-03-05"));
        assertEquals(LocalDate.of(2024, 3, 5), Dates.parse(" 2024-03-05T23:30:00-08:00 "));
        assertEquals(LocalDate.of(2024, 3, 5), Dates.parse("2024-03-05 09:00"));
        assertNull(Dates.parse("2024-02-30"));
        assertNull(Dates.parse("March 5, 2024"));
        assertNull(Dates.parse("2024-03-05garbage"));
        assertNull(Dates.parse(""));
    }

    @Test
    void regions_of_a_post_cover_its_headings_code_and_links_by_offset() {
        Page p = post("espresso-basics");
        List<String> headings = texts(p, TextRegion.Kind.HEADING);
        assertEquals(List.of("Espresso Basics", "Dose and yield"), headings);
        assertEquals(List.of("tare", "Start", "dose = 18.0 g\nyield = 36.0 g"), texts(p, TextRegion.Kind.CODE));
        assertEquals(List.of("burr grinder"), texts(p, TextRegion.Kind.LINK));
    }

    private static List<String> texts(Page p, TextRegion.Kind kind) {
        return p.meta().regions().stream().filter(r -> r.kind() == kind)
                .map(r -> p.text().substring(r.start(), r.end())).toList();
    }
}
