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
}
