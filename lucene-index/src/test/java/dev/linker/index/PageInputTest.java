package dev.linker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one reader of a page given as JSON: every door (API, serve --pages, linker event --page) gets these errors. */
class PageInputTest {
    static JsonNode json(String s) throws Exception {
        return new ObjectMapper().readTree(s);
    }

    static String fieldOf(String body) {
        return assertThrows(PageLimits.InvalidPageException.class,
                () -> PageInput.batch(json(body), PageInput.DEFAULT_MAX_TEXT_CHARS)).field();
    }

    @Test
    void a_page_is_read_with_its_category_parts_and_becomes_the_indexs_record() throws Exception {
        List<PageInput> pages = PageInput.batch(json("{\"pages\":[{\"url\":\"/guides/espresso/\",\"title\":\"Espresso\","
                + "\"text\":\"Pull a shot.\",\"category\":[\"guides\",\"coffee\"],\"status\":\"merged\","
                + "\"redirectTo\":\"https://brew.example/espresso\",\"authority\":0.5,\"inbound\":3}]}"), 1000);
        PageRecord r = pages.get(0).toRecord();
        assertEquals("/guides/coffee/", r.category());
        assertEquals(Status.MERGED, r.status());
        assertEquals("https://brew.example/espresso", r.redirectTo());
        assertEquals(3, r.inbound());
    }

    @Test
    void each_fault_names_its_field_by_its_path_in_the_request() {
        assertEquals("pages[0].title", fieldOf("{\"pages\":[{\"url\":\"/a\"}]}"));
        assertEquals("pages[1].url", fieldOf("{\"pages\":[{\"url\":\"/a\",\"title\":\"A\"},{\"url\":\"javascript:x\","
                + "\"title\":\"B\"}]}"));
        assertEquals("pages[0].authority", fieldOf("{\"pages\":[{\"url\":\"/a\",\"title\":\"A\",\"authority\":2}]}"));
        assertEquals("pages[0].title", fieldOf("{\"pages\":[{\"url\":\"/a\",\"title\":7}]}"));
        assertEquals("pages[0].category[1]", fieldOf("{\"pages\":[{\"url\":\"/a\",\"title\":\"A\",\"category\":[\"x\",1]}]}"));
        assertEquals("pages[1].url", fieldOf("{\"pages\":[{\"url\":\"/a\",\"title\":\"A\"},{\"url\":\"/a\",\"title\":\"B\"}]}"));
        assertEquals("pages", fieldOf("{\"pages\":{}}"));
    }

    @Test
    void a_date_is_read_as_a_cms_writes_it_and_its_local_date_kept() {
        assertEquals(java.time.LocalDate.of(2026, 11, 20), PageInput.date("2026-11-20", "date"));
        assertEquals(java.time.LocalDate.of(2026, 11, 20), PageInput.date("2026-11-20 23:30:00", "date"));
        assertEquals(java.time.LocalDate.of(2026, 11, 20), PageInput.date("2026-11-20T23:30:00-05:00", "date"));
        assertEquals(java.time.LocalDate.of(2026, 11, 20), PageInput.date("2026-11-20T09:30:00Z", "date"));
        assertEquals(null, PageInput.date(null, "date"));
        for (String bad : List.of("20/11/2026", "2026-13-01", "2026-11-20T25:00", "2026-11-20 at noon")) {
            assertEquals("pages[0].date", assertThrows(PageLimits.InvalidPageException.class,
                    () -> PageInput.date(bad, "pages[0].date")).field(), bad);
        }
    }

    @Test
    void a_language_is_a_bcp47_tag_and_an_underscore_locale_is_read_as_one() {
        assertEquals("pt-BR", PageInput.language("pt_BR", "language"));
        assertEquals("zh-Hant-TW", PageInput.language(" zh-Hant-TW ", "language"));
        assertEquals("", PageInput.language(null, "language"));
        for (String bad : List.of("français", "e", "en-", "en us")) {
            assertEquals("language", assertThrows(PageLimits.InvalidPageException.class,
                    () -> PageInput.language(bad, "language")).field(), bad);
        }
    }

    @Test
    void a_text_over_five_times_the_draft_limit_is_too_long() {
        PageInput.TooLongException e = assertThrows(PageInput.TooLongException.class, () -> PageInput.of(
                json("{\"url\":\"/a\",\"title\":\"A\",\"text\":\"" + "x".repeat(51) + "\"}"), "page", 10));
        assertEquals("page.text", e.field());
    }
}
