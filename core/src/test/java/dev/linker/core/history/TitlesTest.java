package dev.linker.core.history;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TitlesTest {
    @Test
    void an_old_version_is_read_as_the_site_reader_reads_a_page_so_commented_out_and_scripted_markup_is_not_a_title() {
        Titles.Named n = Titles.html("<!doctype html><html><head><!-- <title>Old draft</title> -->"
                + "<title>Beans &amp; roasts</title><script>let t = '<h1>not this</h1>';</script></head>"
                + "<body><h1>Picking   a <em>roast</em></h1><h1>Second</h1></body></html>");
        assertEquals("Beans & roasts", n.title());
        assertEquals("Picking a roast", n.h1());
    }

    @Test
    void without_an_h1_the_first_heading_stands_for_it_and_front_matter_may_carry_the_title() {
        Titles.Named n = Titles.html("---\ntitle: From front matter\n---\n<h3>Brewing</h3><h2>Later</h2>");
        assertEquals("From front matter", n.title());
        assertEquals("Brewing", n.h1());
        assertEquals(new Titles.Named("", ""), Titles.html("<p>no headings at all</p>"));
    }
}
