package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DraftTextTest {
    @Test
    void markdown_links_code_and_urls_are_blanked_in_place_and_link_targets_collected() {
        String md = "A [burr grinder](https://brew.example/gear/burr-grinder) and `water chemistry` and "
                + "https://x.example/y here.\n\n[ref]: /guides/cold-brew\n";
        DraftText d = DraftText.of(md, DraftText.Format.MARKDOWN);
        assertEquals(md.length(), d.linkable().length(), "offsets are kept");
        assertFalse(d.linkable().contains("burr grinder"));
        assertFalse(d.linkable().contains("water chemistry"));
        assertTrue(d.linkable().startsWith("A "));
        assertTrue(d.linkable().contains(" here."));
        assertEquals(List.of("https://brew.example/gear/burr-grinder", "/guides/cold-brew"), d.links());
    }

    @Test
    void html_tags_attributes_and_existing_anchors_are_blanked() {
        String html = "<p title=\"burr grinder\">Water <a href=\"/a?x=1&amp;y=2\">cold brew</a> chemistry</p>";
        DraftText d = DraftText.of(html, DraftText.Format.HTML);
        assertEquals(html.length(), d.linkable().length());
        assertFalse(d.linkable().contains("burr"));
        assertFalse(d.linkable().contains("cold brew"));
        assertTrue(d.linkable().contains("Water"));
        assertEquals(List.of("/a?x=1&y=2"), d.links());
    }

    @Test
    void relative_and_absolute_links_to_the_same_page_compare_equal() {
        assertEquals(DraftText.urlKey("https://brew.example/guides/x/"), DraftText.urlKey("/guides/x"));
        assertEquals("/", DraftText.urlKey("https://brew.example"));
        assertFalse(DraftText.urlKey("/guides/x?a=1").equals(DraftText.urlKey("/guides/x")));
    }

    @Test
    void headings_are_blocked_for_links_but_their_words_stay_in_the_text() {
        String md = "# Cold brew\n\nSteep it overnight.\n\nRatio matters\n---\n\nOne to five.";
        DraftText d = DraftText.of(md, DraftText.Format.MARKDOWN);
        assertTrue(d.linkable().contains("Cold brew"), "heading words still count for ranking");
        java.util.function.IntPredicate blocked = at -> d.blocked().stream().anyMatch(r -> r[0] <= at && at < r[1]);
        assertTrue(blocked.test(md.indexOf("Cold")));
        assertTrue(blocked.test(md.indexOf("Ratio")), "a setext heading");
        assertFalse(blocked.test(md.indexOf("Steep")));
        assertFalse(blocked.test(md.indexOf("One to five")));
    }

    @Test
    void a_draft_of_long_one_line_paragraphs_is_masked() {
        // Such paragraphs made the setext-heading pattern backtrack quadratically (26 ms for 1,800 words; these
        // 40,000 words would take hours): it must scan each line once.
        String line = "word ".repeat(20_000);
        DraftText d = DraftText.of(line + "\n\n" + line, DraftText.Format.MARKDOWN);
        assertEquals(2 * line.length() + 2, d.linkable().length());
        assertTrue(d.blocked().isEmpty(), "no heading, no markup");
    }
}
