package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;

import dev.linker.core.embed.Vectors;
import dev.linker.core.score.ScoreComponents;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.Status;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuggesterTest {
    static final String ESPRESSO = "https://brew.example/guides/espresso.html";
    static final String GRINDER = "https://brew.example/gear/burr-grinder.html";
    static final String FLAT_WHITE = "https://brew.example/guides/flat-white.html";
    static final String COLD_BREW = "https://brew.example/guides/cold-brew.html";
    static final String ROAST = "https://brew.example/beans/roast-levels.html";
    static final String STORAGE = "https://brew.example/beans/storage.html";
    static PageIndex index;

    @BeforeAll
    static void build() {
        index = Fixtures.coffeeIndex();
    }

    @AfterAll
    static void close() {
        index.close();
    }

    static List<String> urls(List<Suggestion> s) {
        return s.stream().map(Suggestion::url).toList();
    }

    @Test
    void suggestions_never_include_the_source_or_the_pages_it_already_links_to() {
        List<Suggestion> s = new Suggester(index, SuggestSettings.DEFAULT).forUrl(ESPRESSO, 10);
        assertFalse(urls(s).contains(ESPRESSO));
        assertFalse(urls(s).contains(GRINDER));
        assertFalse(urls(s).contains(FLAT_WHITE));
        assertEquals(7, s.size(), "11 pages minus the source, its two targets and the home page (a hub)");
    }

    @Test
    void with_its_links_hidden_a_page_gets_the_pages_its_text_names_with_anchor_and_sentence() {
        List<Suggestion> s = new Suggester(index, SuggestSettings.DEFAULT).forUrl(ESPRESSO, 5, true);
        List<String> top3 = urls(s).subList(0, 3);
        assertTrue(top3.contains(GRINDER), top3.toString());
        assertTrue(top3.contains(FLAT_WHITE), top3.toString());
        Suggestion g = s.stream().filter(x -> x.url().equals(GRINDER)).findFirst().orElseThrow();
        String body = index.get(ESPRESSO).body();
        assertEquals("burr grinder", g.anchor().phrase());
        assertEquals("burr grinder", body.substring(g.anchor().start(), g.anchor().end()));
        assertEquals("Start with a good burr grinder, because blade grinders give uneven particles that channel.",
                g.anchor().sentence());
        assertTrue(g.components().name() > 0.3, g.components().toString());
    }

    @Test
    void every_suggestion_reports_components_that_add_up_to_its_score() {
        // Ranked by the weights (a model's score is its own, the components explain the weights' part).
        SuggestSettings st = SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS);
        for (Suggestion s : new Suggester(index, st).forUrl(COLD_BREW, 5)) {
            ScoreComponents c = s.components();
            assertEquals(s.score(), c.total(st.weights()), 1e-9);
            for (double x : new double[] {c.lexical(), c.vector(), c.name(), c.authority(), c.inboundDeficit(),
                    c.linkDensity(), c.categoryDistance(), c.serp()}) {
                assertTrue(x >= 0 && x <= 1, c.toString());
            }
        }
    }

    @Test
    void a_suggestions_cosine_is_the_dot_product_of_the_stored_vectors_in_double_however_it_was_found() {
        // Not the vector search's float score, which sums in an order that changes once the JIT compiles it: plans
        // made twice would order their rows by noise.
        List<Suggestion> s = new Suggester(index, SuggestSettings.DEFAULT).forUrl(COLD_BREW, 10);
        assertFalse(s.isEmpty());
        index.withView(v -> {
            float[] source = v.vector(v.doc(COLD_BREW));
            for (Suggestion x : s) {
                double want = Math.max(0, Vectors.dotDouble(source, v.vector(v.doc(x.url()))));
                assertEquals(want, x.components().vector(), 0.0, x.url());
            }
            return null;
        });
    }

    @Test
    void a_query_finds_the_page_about_it() {
        List<String> got = urls(new Suggester(index, SuggestSettings.DEFAULT).forQuery("how to steam milk microfoam", 3));
        assertTrue(got.contains(FLAT_WHITE), got.toString());
    }

    @Test
    void a_draft_gets_anchors_in_its_own_text_or_a_suggested_wording() {
        Draft d = new Draft(null, "Iced coffee", "Iced coffee is not cold brew: pour hot espresso over ice. "
                + "With milk it becomes an iced flat white.", List.of(), Set.of(),
                Draft.Profile.NONE.withCategory("/guides/"));
        List<Suggestion> s = new Suggester(index, SuggestSettings.DEFAULT).forDraft(d, 5);
        assertTrue(urls(s).subList(0, 3).contains(FLAT_WHITE), urls(s).toString());
        Suggestion fw = s.stream().filter(x -> x.url().equals(FLAT_WHITE)).findFirst().orElseThrow();
        assertTrue(fw.anchor().inText());
        assertEquals("flat white", d.text().substring(fw.anchor().start(), fw.anchor().end()));
        assertEquals("With milk it becomes an iced flat white.", fw.anchor().sentence());
        assertEquals(Anchor.Rule.NAME, fw.anchor().rule());
        // No page is called "cold brew", but the cold brew page's title starts so: its head is the anchor (on ten
        // pages about coffee its words are not rare enough to be distinctive, and meaning alone might pick another).
        Suggestion cb = s.stream().filter(x -> x.url().equals(COLD_BREW)).findFirst().orElseThrow();
        assertEquals("cold brew", cb.anchor().phrase());
        assertEquals(Anchor.Rule.NAME, cb.anchor().rule());
        assertEquals("Iced coffee is not cold brew: pour hot espresso over ice.", cb.anchor().sentence());
    }

    @Test
    void a_page_ranked_in_the_top_five_is_returned_without_anchor_when_no_phrase_fits() {
        // A draft that says nothing the decaf page is about in words of its own, but is about coffee.
        Draft d = Draft.of("", "Coffee every evening keeps me up.");
        List<Suggestion> s = new Suggester(index, SuggestSettings.DEFAULT.withAnchorSpans(0)).forDraft(d, 5);
        assertEquals(5, s.size(), "ranking first: five pages, placed or not");
        Suggestion none = s.stream().filter(x -> !x.anchor().inText()).findFirst().orElseThrow();
        assertEquals(Anchor.Rule.NONE, none.anchor().rule());
        assertEquals(-1, none.anchor().start());
        assertFalse(none.anchor().wording().isBlank(), "the page's name, as the wording to add");
        assertEquals(d.text(), none.anchor().sentence());
        assertEquals(0, none.anchor().sentenceStart());
    }

    @Test
    void exclusions_safety_classes_and_the_category_bound_filter_targets() {
        Suggester base = new Suggester(index, SuggestSettings.DEFAULT);
        assertTrue(urls(base.forUrl(COLD_BREW, 10)).contains(STORAGE));
        Suggester noBeans = new Suggester(index,
                SuggestSettings.DEFAULT.withTargets(t -> t.withExcludes(List.of(Pattern.compile("/beans/")))));
        assertTrue(urls(noBeans.forUrl(COLD_BREW, 10)).stream().noneMatch(u -> u.contains("/beans/")));
        Suggester sameCategory = new Suggester(index,
                SuggestSettings.DEFAULT.withTargets(t -> t.withCategoryLevels(0)));
        List<String> inGuides = urls(sameCategory.forUrl(COLD_BREW, 10));
        assertFalse(inGuides.isEmpty());
        assertTrue(inGuides.stream().allMatch(u -> u.contains("/guides/")), inGuides.toString());
        Suggester safety = new Suggester(index,
                SuggestSettings.DEFAULT.withTargets(t -> t.withForbiddenSafety(Map.of("", Set.of("")))));
        assertTrue(safety.forUrl(COLD_BREW, 10).isEmpty(), "unclassified pages may not link to unclassified pages");
    }

    @Test
    void search_console_queries_become_names_and_raise_authority() {
        var plain = dev.linker.index.SourceLoader.of(Fixtures.site("coffee/pages.csv"))
                .withLinks(Fixtures.site("coffee/links.jsonl")).records();
        var withGsc = dev.linker.index.SourceLoader.of(Fixtures.site("coffee/pages.csv"))
                .withLinks(Fixtures.site("coffee/links.jsonl"))
                .withSearchConsole(Fixtures.site("coffee/search_console.csv")).records();
        String decaf = "https://brew.example/beans/decaf.html";
        var before = plain.stream().filter(r -> r.url().equals(decaf)).findFirst().orElseThrow();
        var after = withGsc.stream().filter(r -> r.url().equals(decaf)).findFirst().orElseThrow();
        assertEquals("swiss water decaf", after.queries().get(0)[0]);
        assertTrue(after.authority() > before.authority(), before.authority() + " -> " + after.authority());
        try (PageIndex idx = PageIndex.inMemory(Fixtures.embedder())) {
            idx.sync(withGsc, true, null);
            Draft d = Draft.of("Evening coffee", "For an evening cup, a Swiss Water decaf keeps the flavour.");
            Suggestion s = new Suggester(idx, SuggestSettings.DEFAULT).forDraft(d, 3).get(0);
            assertEquals(decaf, s.url());
            assertEquals("Swiss Water decaf", s.anchor().phrase());
        }
    }

    @Test
    void pages_that_are_not_live_are_never_suggested() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            assertTrue(urls(s.forUrl(COLD_BREW, 10)).contains(STORAGE));
            idx.setStatus(STORAGE, Status.KILLED, null);
            List<String> got = urls(s.forUrl(COLD_BREW, 10));
            assertFalse(got.contains(STORAGE), got.toString());
            idx.setStatus(STORAGE, Status.LIVE, null);
            assertTrue(urls(s.forUrl(COLD_BREW, 10)).contains(STORAGE),
                    "the suggester sees index changes without being rebuilt");
        }
    }

    @Test
    void word_frequencies_remembered_for_drafts_follow_index_changes() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            String url = "https://brew.example/gear/aeropress.html";
            // "aeropress" is on no page yet: its frequency (0) is remembered for this version of the index.
            assertTrue(s.forQuery("aeropress recipe", 10).stream().noneMatch(x -> x.url().equals(url)));
            idx.upsert(page(url, "AeroPress Recipe",
                    "The aeropress brews one cup: an aeropress recipe with a fine grind and two minutes.", "/gear/"));
            Suggestion got = s.forQuery("aeropress recipe", 10).stream().filter(x -> x.url().equals(url))
                    .findFirst().orElseThrow();
            assertTrue(got.components().lexical() > 0, "BM25 sees the new page's words: " + got.components());
        }
    }

    @Test
    void term_lookups_remembered_for_a_query_follow_index_changes() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            String url = "https://brew.example/gear/hand-grinder.html";
            // "grinder" is in this version's BM25 query, its term states remembered.
            assertTrue(s.forQuery("hand grinder", 10).stream().noneMatch(x -> x.url().equals(url)));
            idx.upsert(page(url, "Hand Grinder",
                    "A hand grinder with a steel burr: the hand grinder for travel, grinder setting by setting.",
                    "/gear/"));
            Suggestion got = s.forQuery("hand grinder", 10).stream().filter(x -> x.url().equals(url))
                    .findFirst().orElseThrow();
            assertTrue(got.components().lexical() > 0.5, "BM25 reads the new version's postings: " + got.components());
            idx.delete(url);
            assertTrue(s.forQuery("hand grinder", 10).stream().noneMatch(x -> x.url().equals(url)),
                    "and forgets a deleted page");
        }
    }

    @Test
    void a_short_list_is_the_head_of_a_long_one_with_the_same_scores() {
        // Candidates that cannot reach a short list are not scored by BM25: the list must not change for it.
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT.withCandidates(c -> c.withDepth(100, 2)));
        for (String url : List.of(ESPRESSO, GRINDER, COLD_BREW, ROAST)) {
            List<Suggestion> all = s.forUrl(url, 50);
            List<Suggestion> head = s.forUrl(url, 2);
            assertEquals(all.subList(0, Math.min(2, all.size())).stream().map(x -> x.url() + " " + x.score()).toList(),
                    head.stream().map(x -> x.url() + " " + x.score()).toList(), url);
        }
    }

    @Test
    void a_draft_asked_again_is_answered_from_the_search_memo_until_the_index_changes() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            Draft d = Draft.of("Dialling in espresso",
                    "Grind finer on the burr grinder when the espresso shot runs fast and tastes sour.");
            List<String> first = s.forDraft(d, 5).stream().map(x -> x.url() + " " + x.score()).toList();
            assertEquals(List.of(0L, 1L, 0L, 1L), counts(s), "one vector and one BM25 search, nothing remembered yet");
            List<String> again = s.forDraft(d, 5).stream().map(x -> x.url() + " " + x.score()).toList();
            assertEquals(first, again);
            assertEquals(List.of(1L, 1L, 1L, 1L), counts(s), "the same draft: both searches from the memo");

            // A page added makes a new index version: searched afresh, so the new page is found.
            String url = "https://brew.example/guides/espresso-grind-size.html";
            idx.upsert(page(url, "Espresso Grind Size",
                    "A sour espresso shot that runs fast needs a finer grind: turn the burr grinder a step finer.",
                    "/guides/"));
            List<Suggestion> after = s.forDraft(d, 10);
            assertEquals(List.of(1L, 2L, 1L, 2L), counts(s));
            assertTrue(urls(after).contains(url), urls(after).toString());
        }
    }

    @Test
    void while_a_large_site_is_written_a_draft_is_answered_from_the_last_snapshot_as_the_next_loads_behind_it()
            throws Exception {
        PageIndex idx = Fixtures.coffeeIndex();
        try {
            // Every site counts as large (0 pages or more), as one of 100k pages: drafts never wait for a load.
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT, 0);
            Draft d = Draft.of("Dialling in espresso",
                    "Grind finer on the burr grinder when the espresso shot runs fast and tastes sour.");
            assertFalse(s.forDraft(d, 10).isEmpty(), "the first snapshot is loaded by the first draft");
            org.apache.lucene.index.IndexReader before = idx.withView(v -> v.searcher().getIndexReader());

            String url = "https://brew.example/guides/espresso-grind-size.html";
            idx.upsert(page(url, "Espresso Grind Size",
                    "A sour espresso shot that runs fast needs a finer grind: turn the burr grinder a step finer.",
                    "/guides/"));
            // Its reader was kept open for it: the searcher manager let it go when the write was made visible.
            assertFalse(urls(s.forDraft(d, 10)).contains(url), "answered from the snapshot before the write");
            assertEquals(1, s.snapshotCounts().draftsFromPrevious(), "and counted so");

            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!urls(s.forDraft(d, 10)).contains(url)) {
                assertTrue(System.nanoTime() < deadline, "the snapshot after the write is loaded in the background");
                Thread.sleep(20);
            }
            assertEquals(0, before.getRefCount(), "the replaced snapshot's reader is let go");
            assertTrue(s.snapshotCounts().loads() >= 2, s.snapshotCounts().toString());
            // Loaded from the segments read before plus the new one: the same answer as a snapshot read whole.
            assertEquals(scores(new Suggester(idx, SuggestSettings.DEFAULT).forDraft(d, 10)), scores(s.forDraft(d, 10)));

            idx.delete(url); // the page's segment is kept; only which of its pages are live changed
            deadline = System.nanoTime() + 30_000_000_000L;
            while (urls(s.forDraft(d, 10)).contains(url)) {
                assertTrue(System.nanoTime() < deadline, "a deleted page leaves the snapshot loaded behind it");
                Thread.sleep(20);
            }
            assertEquals(scores(new Suggester(idx, SuggestSettings.DEFAULT).forDraft(d, 10)), scores(s.forDraft(d, 10)));
            org.apache.lucene.index.IndexReader last = idx.withView(v -> v.searcher().getIndexReader());
            idx.close();
            idx = null;
            assertEquals(0, last.getRefCount(), "and the last one when the index closes");
        } finally {
            if (idx != null) {
                idx.close();
            }
        }
    }

    @Test
    void drafts_answered_on_four_threads_while_pages_are_written_never_meet_a_closed_reader() throws Exception {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT, 0); // every draft may be served from the last one
            Draft d = Draft.of("Dialling in espresso",
                    "Grind finer on the burr grinder when the espresso shot runs fast and tastes sour.");
            s.forDraft(d, 5);
            java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
            java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
            List<Thread> editors = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread th = new Thread(() -> {
                    try {
                        while (writing.get()) {
                            assertFalse(s.forDraft(d, 5).isEmpty());
                            answered.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                editors.add(th);
                th.start();
            }
            for (int i = 0; i < 30; i++) {
                idx.upsert(page("https://brew.example/guides/grind-" + i + ".html", "Grind Size " + i,
                        "Espresso grind size number " + i + " for the burr grinder.", "/guides/"));
                if (i % 3 == 0) {
                    idx.delete("https://brew.example/guides/grind-" + (i / 3) + ".html");
                }
                // The next write once the editors have answered a few drafts of this version (however slow the machine).
                int seen = answered.get();
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (answered.get() < seen + 4 && failure.get() == null) {
                    assertTrue(System.nanoTime() < deadline, "drafts are answered while pages are written");
                    Thread.sleep(1);
                }
            }
            writing.set(false);
            for (Thread th : editors) {
                th.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a draft failed while pages were written", failure.get());
            }
        }
    }

    static List<String> scores(List<Suggestion> s) {
        return s.stream().map(x -> x.url() + " " + x.score()).toList();
    }

    static List<Long> counts(Suggester s) {
        Suggester.SearchCounts c = s.searchCounts();
        return List.of(c.vectorHits(), c.vectorSearches(), c.lexicalHits(), c.lexicalSearches());
    }

    /** A live page of authority 0.5, its H1 its title, with no links and no names. */
    private static dev.linker.index.PageRecord page(String url, String title, String body, String category) {
        return new dev.linker.index.PageRecord(url, new dev.linker.index.PageRecord.Text(title, title, body), category,
                "", new dev.linker.index.PageRecord.Standing(Status.LIVE, null, 0.5, 0), null, null, null);
    }
}
