package dev.linker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PageLimitsTest {
    static String url(int length) {
        return "https://x.example/" + "u".repeat(length - "https://x.example/".length());
    }

    @Test
    void a_url_over_the_limit_is_refused_before_lucene_sees_it_and_the_index_is_unchanged() {
        try (PageIndex idx = PageIndex.inMemory(Fixtures.embedder())) {
            idx.upsert(PageRecord.of(url(PageLimits.MAX_URL_CHARS), "Longest", "", "fits", null));
            PageLimits.InvalidPageException e = assertThrows(PageLimits.InvalidPageException.class,
                    () -> idx.upsert(PageRecord.of(url(40_000), "Immense", "", "too long", null)));
            assertEquals("url", e.field());
            assertTrue(e.getMessage().contains("40000 characters"), e.getMessage());
            idx.commit();
            assertEquals(1, idx.size());
            assertEquals("Longest", idx.get(url(PageLimits.MAX_URL_CHARS)).title());
        }
    }

    @Test
    void a_sync_with_one_immense_url_fails_naming_it_instead_of_writing_half_a_batch() {
        try (PageIndex idx = PageIndex.inMemory(Fixtures.embedder())) {
            List<PageRecord> pages = List.of(PageRecord.of("https://x.example/a", "A", "", "a", null),
                    PageRecord.of(url(40_000), "Immense", "", "b", null));
            assertThrows(PageLimits.InvalidPageException.class, () -> idx.sync(pages, true, null));
            assertEquals(0, idx.size());
        }
    }

    @Test
    void categories_and_redirect_targets_are_bounded_too() {
        assertEquals("category", assertThrows(PageLimits.InvalidPageException.class, () -> PageLimits.check(
                PageRecord.of("https://x.example/a", "A", "", "", "/" + "c".repeat(40_000)))).field());
        assertEquals("redirectTo", assertThrows(PageLimits.InvalidPageException.class, () -> PageLimits.check(
                PageRecord.of("https://x.example/a", "A", "", "", null).withStatus(Status.REDIRECTED,
                        url(PageLimits.MAX_URL_CHARS + 1)))).field());
        assertNull(PageLimits.urlProblem("url", url(PageLimits.MAX_URL_CHARS)));
    }
}
