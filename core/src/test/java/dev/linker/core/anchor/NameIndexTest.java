package dev.linker.core.anchor;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NameIndexTest {
    private static final UnaryOperator<String> NONE = UnaryOperator.identity();

    @Test
    void numbered_titles_are_named_by_their_words_their_parts_and_their_number() {
        List<String> names = TitleNames.names("7.8. WITH Queries (Common Table Expressions)", "", NONE).stream()
                .map(TitleNames.Name::text).toList();
        assertEquals(List.of("section 7.8", "WITH Queries (Common Table Expressions)", "WITH Queries",
                "Common Table Expressions"), names);
        assertEquals("chapter 13", TitleNames.names("Chapter 13. Concurrency Control", "", NONE).get(0).text());
        assertEquals("part III", TitleNames.names("Part III. Server Administration", "", NONE).get(0).text());
        assertEquals("appendix L", TitleNames.names("Appendix L. Acronyms", "", NONE).get(0).text());
    }

    @Test
    void words_that_only_look_like_numbers_are_not_numbers() {
        assertEquals("A Tour of the Shop", TitleNames.clean("A Tour of the Shop", NONE));
        assertEquals("Setup", TitleNames.clean("3. Setup", NONE));
        assertFalse(TitleNames.names("A Tour of the Shop", "", NONE).get(0).number());
    }

    @Test
    void the_site_template_is_stripped_before_names_are_taken() {
        TitleTemplate t = TitleTemplate.detect(List.of("Espresso — Brew Notes", "Kettles — Brew Notes",
                "Grinders — Brew Notes"));
        assertEquals("Espresso", TitleNames.clean("Espresso — Brew Notes", t::strip));
    }

    @Test
    void a_titles_head_is_its_leading_words_with_no_stop_word_longest_first() {
        assertEquals(List.of("Cold brew"), TitleNames.heads("Cold brew concentrate", NONE));
        assertEquals(List.of("Continuous Archiving"),
                TitleNames.heads("26.3. Continuous Archiving and Point-in-Time Recovery (PITR)", NONE));
        assertEquals(List.of(), TitleNames.heads("Choosing a burr grinder", NONE), "'Choosing a' is no head");
        assertEquals(List.of(), TitleNames.heads("Routine Vacuuming", NONE), "a two-word title is a name, no head");
        assertEquals(List.of("Storing coffee beans", "Storing coffee"),
                TitleNames.heads("Storing coffee beans at home — Brew Guide", t -> t.replace(" — Brew Guide", "")));
    }

    @Test
    void a_titles_head_places_a_link_but_gives_way_to_a_whole_name_and_is_no_evidence_for_ranking() {
        NameIndex n = new NameIndex();
        n.withStatistics(term -> 2, 100);
        n.addTitle("cold-brew", "Cold brew concentrate", "", NONE);
        n.addTitle("water", "Water for coffee", "", NONE);
        List<Tokens.Token> toks = Tokens.tokenize("On hot days I switch to cold brew instead.");
        Map<String, List<NameIndex.Mention>> every = n.occurrences(toks, null, java.util.Set.of("cold-brew"));
        assertEquals("cold brew", every.get("cold-brew").get(0).phrase());
        assertEquals(NameKind.HEAD, every.get("cold-brew").get(0).kind());
        assertFalse(n.mentions(toks, null).containsKey("cold-brew"), "a head is where a link goes, not a ranking signal");

        n.addTitle("cold", "Cold brew", "", NONE); // another page is named exactly so
        every = n.occurrences(toks, null, java.util.Set.of("cold-brew", "cold"));
        assertFalse(every.containsKey("cold-brew"), "the phrase names the other page");
        assertTrue(n.mentions(toks, null).containsKey("cold"));
    }

    @Test
    void a_head_inside_the_pages_whole_name_is_that_name_and_a_head_on_its_own_stays() {
        NameIndex n = new NameIndex();
        n.withStatistics(term -> 2, 100);
        n.addTitle("cold-brew", "Cold brew concentrate", "", NONE);
        List<Tokens.Token> toks = Tokens.tokenize("Cold brew concentrate keeps. Cold brew is easy to make. "
                + "We like cold brew concentrate best. Cold brew again.");
        Map<String, List<NameIndex.Mention>> every = new java.util.HashMap<>();
        n.mentions(toks, null, every);
        assertEquals(List.of("TITLE cold brew concentrate", "HEAD cold brew", "TITLE cold brew concentrate",
                "HEAD cold brew"), every.get("cold-brew").stream().map(m -> m.kind() + " " + m.phrase()).toList());
    }

    @Test
    void a_head_more_than_a_thousand_pages_share_places_no_link() {
        List<Tokens.Token> toks = Tokens.tokenize("We like cold brew in summer.");
        for (int pages : new int[] {3, NameIndex.MAX_HEAD_OWNERS, NameIndex.MAX_HEAD_OWNERS + 1}) {
            NameIndex n = new NameIndex();
            n.withStatistics(term -> 2, 100_000);
            for (int i = 0; i < pages; i++) {
                n.addTitle("farm-" + i, "Cold brew from farm " + i, "", NONE);
            }
            Map<String, List<NameIndex.Mention>> every = n.occurrences(toks, null, java.util.Set.of("farm-1"));
            assertEquals(pages <= NameIndex.MAX_HEAD_OWNERS, every.containsKey("farm-1"), pages + " pages");
        }
    }

    @Test
    void a_head_the_pages_address_also_says_is_a_whole_name_and_an_address_alone_names_nothing() {
        NameIndex n = new NameIndex();
        n.withStatistics(term -> 2, 100);
        n.addTitle("/blog/cold-brew.html", "Cold brew concentrate", "", NONE);
        n.addSlug("/blog/cold-brew.html", "/blog/cold-brew.html");
        n.addTitle("https://x.example/go-brand.html", "The Go brand book", "", NONE);
        n.addSlug("https://x.example/go-brand.html", "https://x.example/go-brand.html");
        List<Tokens.Token> toks = Tokens.tokenize("On hot days I switch to cold brew instead, whatever the go brand.");
        NameIndex.Mention m = n.mentions(toks, null).get("/blog/cold-brew.html");
        assertEquals(NameKind.TITLE, m.kind(), "ranked as a name of the page");
        assertEquals("cold brew", m.phrase());
        assertFalse(n.mentions(toks, null).containsKey("https://x.example/go-brand.html"),
                "\"go brand\" is the address's words, not a head of its title");
        assertEquals("cold-brew", TitleNames.slug("https://brew.example/blog/cold-brew.html?utm=x"));
        assertEquals(null, TitleNames.slug("/guides/"));
        assertEquals(null, TitleNames.slug("/guides/index.html"));
        assertEquals("Rust-1.83.0", TitleNames.slug("/2024/11/28/Rust-1.83.0.html"));
    }

    private static NameIndex index() {
        NameIndex n = new NameIndex();
        Map<String, Integer> df = Map.of("free", 40, "space", 60, "map", 30, "introduction", 90, "index", 300);
        n.withStatistics(term -> df.getOrDefault(term, 2), 1000);
        n.addTitle("fsm", "73.3. Free Space Map", "", NONE);
        n.addTitle("intro-a", "1.1. Introduction", "", NONE);
        n.addTitle("intro-b", "2.1. Introduction", "", NONE);
        n.add("gin", "Generalized Inverted Index", NameKind.ANCHOR, "acronyms");
        return n;
    }

    @Test
    void a_mention_reports_the_phrase_as_written_and_its_offsets() {
        String text = "Each relation has a Free Space Maps fork, see Section 73.3.";
        NameIndex.Mention m = index().mentions(text, null).get("fsm");
        assertEquals("Free Space Maps", text.substring(m.startChar(), m.endChar()));
        assertEquals(20, m.startChar());
    }

    @Test
    void occurrences_list_every_place_a_target_is_named_in_text_order() {
        String text = "The free space map is small. Section 73.3 says more; the Free Space Map fork grows.";
        List<NameIndex.Mention> all = index().occurrences(Tokens.tokenize(text), null, java.util.Set.of("fsm"))
                .get("fsm");
        assertEquals(List.of("free space map", "section 73 3", "Free Space Map"), all.stream()
                .map(m -> m.kind() == NameKind.NUMBER ? m.phrase() : text.substring(m.startChar(), m.endChar()))
                .toList());
        assertTrue(all.get(0).weight() > 0);
    }

    @Test
    void a_rare_name_weighs_more_than_a_name_shared_by_many_pages() {
        Map<String, NameIndex.Mention> m = index().mentions("Introduction. The free space map tracks pages.", null);
        assertTrue(m.get("fsm").weight() > 2 * m.get("intro-a").weight(), m.toString());
        assertEquals(m.get("intro-a").weight(), m.get("intro-b").weight(), 1e-9);
    }

    @Test
    void a_name_learned_only_from_a_hidden_pages_links_is_not_used_for_that_page() {
        NameIndex n = index();
        String text = "GIN stands for Generalized Inverted Index.";
        assertTrue(n.mentions(text, null).containsKey("gin"));
        assertTrue(n.mentions(text, "other").containsKey("gin"));
        assertFalse(n.mentions(text, "acronyms").containsKey("gin"));
        n.add("gin", "Generalized Inverted Index", NameKind.ANCHOR, "indexes");
        assertTrue(n.mentions(text, "acronyms").containsKey("gin"), "another page uses the name too");
    }

    @Test
    void a_titles_head_that_only_the_hidden_pages_anchors_made_a_name_is_a_head_again_for_that_page() {
        NameIndex n = new NameIndex();
        n.withStatistics(term -> 2, 100);
        n.addTitle("cold-brew", "Cold brew concentrate", "", NONE);
        n.add("cold-brew", "cold brew", NameKind.ANCHOR, "summer");
        String text = "On hot days I switch to cold brew instead.";
        assertEquals(NameKind.ANCHOR, n.mentions(text, null).get("cold-brew").kind());
        assertEquals(NameKind.ANCHOR, n.mentions(text, "other").get("cold-brew").kind());
        assertFalse(n.mentions(text, "summer").containsKey("cold-brew"), "hiding summer's links, it is a head");
        Map<String, List<NameIndex.Mention>> every = new java.util.HashMap<>();
        n.mentions(Tokens.tokenize(text), "summer", every);
        assertEquals(NameKind.HEAD, every.get("cold-brew").get(0).kind());

        n.add("cold-brew", "cold brew", NameKind.ANCHOR, "winter");
        assertTrue(n.mentions(text, "summer").containsKey("cold-brew"), "another page uses the name too");
    }

    @Test
    void names_inside_longer_names_and_long_names_are_all_found_while_the_scan_stops_where_no_name_continues() {
        NameIndex idx = new NameIndex();
        idx.add("/fsm", "Free Space Map", NameKind.TITLE, null);
        idx.add("/free", "Free Space", NameKind.TITLE, null);
        idx.add("/vm", "Space Map Visibility", NameKind.TITLE, null);
        idx.add("/long", "one two three four five six seven eight nine ten eleven twelve", NameKind.TITLE, null);
        String text = "The free space map visibility check, then one two three four five six seven eight nine ten "
                + "eleven twelve. Free space alone, and one two three stops short.";
        Map<String, NameIndex.Mention> m = idx.mentions(text, null);
        assertEquals(java.util.Set.of("/fsm", "/free", "/vm", "/long"), m.keySet());
        assertEquals("free space map", m.get("/fsm").phrase());
        assertEquals("space map visibility", m.get("/vm").phrase());
        NameIndex.Mention longest = m.get("/long");
        assertEquals("one two three four five six seven eight nine ten eleven twelve",
                text.substring(longest.startChar(), longest.endChar()));
    }

    @Test
    void a_one_word_title_in_capitals_is_named_only_where_the_text_writes_it_in_capitals() {
        NameIndex n = new NameIndex();
        n.withStatistics(t -> 3, 1000);
        n.addTitle("/sql-cluster", "CLUSTER", "", NONE);
        n.addTitle("/fsm", "Free Space Map", "", NONE);
        assertTrue(n.mentions("Run CLUSTER on the table.", null).containsKey("/sql-cluster"));
        assertFalse(n.mentions("Our 2 TB cluster went down.", null).containsKey("/sql-cluster"), "the common noun");
        assertTrue(n.mentions("the free space map", null).containsKey("/fsm"), "other names keep any case");
    }
}
