package dev.linker.index.suggest;

import dev.linker.index.SyncReport;
import dev.linker.core.anchor.Anchor;
import dev.linker.core.model.TextRegion;
import dev.linker.core.model.Site;
import dev.linker.index.Fixtures;
import dev.linker.index.HiddenLinks;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Inbound suggestions: the pages that should link to a page or a draft, under a plan's filters and anchors. */
class InboundTest {
    static final String SITE = "https://brew.example/";
    static final String GRINDER = SITE + "gear/burr-grinder.html";
    static final String ESPRESSO = SITE + "guides/espresso.html";
    static final String STORAGE = SITE + "beans/storage.html";
    static final String ROASTS = SITE + "beans/roast-levels.html";
    static PageIndex index;
    static Suggester suggester;

    @BeforeAll
    static void build() {
        index = PageIndex.inMemory(Fixtures.embedder());
        index.sync(SourceLoader.of(Fixtures.site("coffee/pages.csv")).withLinks(Fixtures.site("coffee/links.jsonl"))
                .records(), true, null);
        suggester = new Suggester(index, SuggestSettings.DEFAULT);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    static List<String> sources(List<Suggestion> got) {
        return got.stream().map(Suggestion::url).toList();
    }

    @Test
    void a_page_that_links_to_the_target_already_is_never_a_source() {
        List<Suggestion> got = suggester.inbound(GRINDER, Inbound.Options.of(10, -1));
        assertFalse(got.isEmpty(), "some page should link to the grinder guide");
        for (Suggestion s : got) {
            assertFalse(index.get(s.url()).allLinks().contains(GRINDER), s.url() + " links to it already: " + got);
            assertFalse(s.url().equals(GRINDER), "never the page itself");
        }
    }

    @Test
    void hubs_are_never_sources() {
        for (String target : List.of(GRINDER, ROASTS, SITE + "beans/decaf.html", SITE + "guides/cold-brew.html")) {
            for (Suggestion s : suggester.inbound(target, Inbound.Options.of(10, -1))) {
                assertFalse(index.get(s.url()).hub(), s.url() + " is a hub, suggested as a source of " + target);
            }
        }
    }

    @Test
    void every_source_has_a_phrase_of_its_own_text_in_the_sentence_given_and_outside_its_links_and_headings() {
        for (String target : List.of(GRINDER, ROASTS, SITE + "guides/flat-white.html", SITE + "gear/scales.html")) {
            for (Suggestion s : suggester.inbound(target, Inbound.Options.of(10, -1))) {
                Anchor a = s.anchor();
                PageRecord source = index.get(s.url());
                assertTrue(a.inText(), "a phrase the source already contains: " + s);
                assertEquals(a.phrase(), source.body().substring(a.start(), a.end()), s.toString());
                assertTrue(a.start() >= a.sentenceStart() && a.end() <= a.sentenceEnd(), "inside its sentence: " + s);
                for (TextRegion r : source.meta().regions()) {
                    assertFalse(r.overlaps(a.start(), a.end()), "inside a " + r.kind() + " of " + s.url() + ": " + a);
                }
            }
        }
    }

    @Test
    void in_a_copy_of_the_site_without_the_links_to_a_page_its_real_sources_are_found_again() {
        // The espresso guide and the storage page link to the grinder guide; in a copy where they never did, the
        // espresso guide (which says "burr grinder") should be asked to.
        SourceLoader loader = SourceLoader.of(Fixtures.site("coffee/pages.csv"))
                .withLinks(Fixtures.site("coffee/links.jsonl"));
        Site copy = HiddenLinks.without(loader.site(), Map.of(ESPRESSO, Set.of(GRINDER), STORAGE, Set.of(GRINDER)));
        try (PageIndex without = PageIndex.inMemory(Fixtures.embedder())) {
            SyncReport r = without.sync(loader.records(copy), true, null, HiddenLinks.vectorsOf(index));
            assertEquals(0, r.embedded(), "every vector comes from the whole site's index: " + r);
            assertFalse(without.get(ESPRESSO).allLinks().contains(GRINDER));
            List<String> got = sources(new Suggester(without, SuggestSettings.DEFAULT).inbound(GRINDER,
                    Inbound.Options.of(10, -1)));
            assertTrue(got.contains(ESPRESSO), got.toString());
        }
        List<String> shown = sources(suggester.inbound(GRINDER, Inbound.Options.of(10, -1)));
        assertFalse(shown.contains(ESPRESSO), "in the site itself, a page that links already is left out: " + shown);
    }

    @Test
    void a_high_similarity_bar_keeps_only_sources_that_name_the_target() {
        List<Suggestion> all = suggester.inbound(GRINDER, Inbound.Options.of(10, -1));
        List<Suggestion> named = suggester.inbound(GRINDER, Inbound.Options.of(10, 1));
        assertTrue(named.size() < all.size() || all.stream().allMatch(s -> s.components().name() > 0), all.toString());
        for (Suggestion s : named) {
            assertTrue(s.components().name() > 0, "under the bar, only a source naming the target stays: " + s);
        }
    }

    @Test
    void a_draft_gets_sources_with_a_phrase_and_none_that_links_to_its_address_already() {
        Draft d = new Draft(GRINDER, "Choosing a Burr Grinder", "A burr grinder crushes beans evenly; blade grinders "
                + "chop them unevenly, so espresso and pour-over taste better from burrs.", List.of(), Set.of(),
                Draft.Profile.NONE);
        List<Suggestion> got = suggester.inbound(d, d.url(), d.title(), d.title() + "\n" + d.text(),
                Inbound.Options.of(10, -1));
        assertFalse(got.isEmpty(), "pages about grinding should link to the draft");
        for (Suggestion s : got) {
            assertFalse(index.get(s.url()).allLinks().contains(GRINDER), s.url() + " links to it already");
            assertFalse(index.get(s.url()).hub(), s.url() + " is a hub");
            assertTrue(s.anchor().inText() && s.anchor().sentence().contains(s.anchor().phrase()), s.toString());
        }
    }

    @Test
    void an_unknown_page_is_an_error_naming_it() {
        Exception e = assertThrows(RuntimeException.class,
                () -> suggester.inbound(SITE + "nope.html", Inbound.Options.of(5, -1)));
        assertTrue(e.getMessage().contains(SITE + "nope.html"), e.getMessage());
    }
}
