package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DraftTextTest {
    /** Drafts of every shape the scanners meet: the eval drafts, pages of the example site, and edge cases. */
    private static List<String> texts() throws IOException {
        List<String> out = new ArrayList<>(List.of(
                "[a](/x)\r\n# Title\r\nText with `code` and https://a.example/b.\r\n\r\n[ref]: /y\r\n",
                "Old Mac lines\r## Heading\r[ref]: /z\rand ```\rnot a fence",
                "Line\u2028## Heading after a line separator\u2029[ref]: /p\u0085 text",
                "```go\nfmt.Println(\"[x](/y)\")\n```\nafter ![img](/i.png) and [b][c] <https://q.example/r>\n",
                "Setext\n===\n\nAnother\n---\n   [spaced]: <https://s.example/t> \"T\"\n~~~\nunclosed",
                "!!![[nested]](/a) \\[escaped](/b) [x\\]y](/c) <a href='/d'>d</a> &amp; &#39; <!-- c --> <h2>H</h2>",
                "<script>var a = '<a href=\"/no\">';</script><pre>[p](/q)</pre><A HREF=/up>UP</A><p title=x",
                "", "h", "<", "[", "!", "`", "\n", "#", "http://", "httpshttps://x.example"));
        for (String f : List.of("go-blog.jsonl", "postgresql-15.jsonl")) {
            for (String line : Files.readAllLines(Path.of("src/test/resources/drafts", f))) {
                out.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).get("text").asText());
            }
        }
        try (Stream<Path> pages = Files.walk(Path.of("../examples/site"))) {
            for (Path p : pages.filter(p -> p.toString().endsWith(".html")).toList()) {
                out.add(Files.readString(p));
            }
        }
        return out;
    }

    @Test
    void scanning_from_the_places_a_match_can_start_finds_what_a_find_loop_finds() throws IOException {
        List<String> texts = texts();
        int matches = 0;
        for (DraftText.Format format : List.of(DraftText.Format.MARKDOWN, DraftText.Format.HTML)) {
            for (DraftText.Rule rule : DraftText.rules(format)) {
                for (String text : texts) {
                    List<String> expected = new ArrayList<>();
                    Matcher m = rule.pattern().matcher(text);
                    while (m.find()) {
                        expected.add(m.start() + "-" + m.end() + ":" + (m.groupCount() > 0 ? m.group(1) : ""));
                    }
                    List<String> actual = new ArrayList<>();
                    rule.matches(text, r -> actual.add(r.start() + "-" + r.end() + ":"
                            + (r.groupCount() > 0 ? r.group(1) : "")));
                    assertEquals(expected, actual, rule.pattern() + " on " + text.substring(0,
                            Math.min(60, text.length())));
                    matches += expected.size();
                }
            }
        }
        assertTrue(matches > 1000, "the texts exercise the rules: " + matches + " matches");
    }

    @Test
    void paragraphs_are_what_splitting_on_blank_lines_and_collapsing_white_space_gives() throws IOException {
        List<String> texts = new ArrayList<>(texts());
        texts.addAll(List.of("a\n\n\n\nb", "a\n \t\n b \n", "a\n  x\n\nb", "\n\na", "a\r\n\r\nb\u2028\n\n\u00a0c",
                " lead\u000b and\ftrail \n", "\n", " \n \n ", "one\u2028\u2029two"));
        for (String text : texts) {
            for (DraftText.Format format : DraftText.Format.values()) {
                DraftText d = DraftText.of(text, format);
                List<String> expected = new ArrayList<>();
                for (String p : d.linkable().split("\\n\\s*\\n")) {
                    String s = p.replaceAll("\\s+", " ").strip();
                    if (!s.isEmpty()) {
                        expected.add(s);
                    }
                }
                assertEquals(expected, d.paragraphs(), format + " " + text.substring(0, Math.min(60, text.length())));
            }
        }
    }

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
