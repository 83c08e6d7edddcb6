package dev.linker.index.suggest;

import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Suggestions on the blog fixture: hubs, links the page has anywhere, and the as-of bound. */
class HubsAndDatesTest {
    static final String GRIND = "/posts/why-grind-matters.html";
    static final String ESPRESSO = "/posts/espresso-basics.html";
    static final String WATER = "/posts/water.html";
    static PageIndex index;

    @BeforeAll
    static void build() {
        index = Fixtures.blogIndex();
    }

    @AfterAll
    static void close() {
        index.close();
    }

    private static List<String> urls(List<Suggestion> s) {
        return s.stream().map(Suggestion::url).toList();
    }

    private static boolean hub(String url) {
        return index.get(url).hub();
    }

    @Test
    void hubs_are_never_suggested_unless_asked_for() {
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
        for (String url : List.of(ESPRESSO, WATER, "/posts/cold-brew.html", "/guides/brewing.html")) {
            List<String> got = urls(s.forUrl(url, 20, true));
            assertFalse(got.isEmpty(), url);
            assertTrue(got.stream().noneMatch(HubsAndDatesTest::hub), url + " got " + got);
        }
        assertTrue(urls(s.forQuery("grinders espresso milk posts", 20)).stream().noneMatch(HubsAndDatesTest::hub));
        List<String> with = urls(s.with(SuggestSettings.DEFAULT.withTargets(t -> t.withHubTargets(true)))
                .forUrl(ESPRESSO, 30, true));
        assertTrue(with.stream().anyMatch(HubsAndDatesTest::hub), with.toString());
    }

    @Test
    void a_page_linked_from_any_placement_is_not_suggested_again() {
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
        // Every post's footer links to why-grind-matters: it is no suggestion for any of them …
        for (String url : List.of(ESPRESSO, WATER, "/posts/milk-steaming.html")) {
            assertFalse(urls(s.forUrl(url, 20)).contains(GRIND), url);
        }
        // … except while evaluating, when the page's own links are hidden.
        assertTrue(urls(s.forUrl(WATER, 20, true)).contains(GRIND));
    }

    @Test
    void as_of_the_source_date_only_pages_published_by_then_or_undated_are_candidates() {
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT.withTargets(t -> t.withAsOfSourceDate(true)));
        LocalDate espresso = index.get(ESPRESSO).meta().published();
        List<String> got = urls(s.candidates(ESPRESSO, true, null, 50, false));
        assertTrue(got.contains(WATER), "an undated page is kept: " + got);
        assertTrue(got.contains(GRIND), got.toString());
        for (String url : got) {
            LocalDate d = index.get(url).meta().published();
            assertTrue(d == null || !d.isAfter(espresso), url + " was published on " + d);
        }
        List<String> unbounded = urls(new Suggester(index, SuggestSettings.DEFAULT)
                .candidates(ESPRESSO, true, null, 50, false));
        assertTrue(unbounded.contains("/posts/milk-steaming.html"), "without the bound, later posts are candidates");
        // An undated source has no bound.
        assertTrue(urls(s.candidates(WATER, true, null, 50, false)).contains("/posts/cold-brew.html"));
    }

    @Test
    void the_plan_pass_does_not_offer_hubs_as_acceptors() {
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
        java.util.Set<String> all = new java.util.HashSet<>(index.urls(true));
        List<String> got = s.planPass(all, p -> urls(p.candidates(WATER, 30)));
        assertFalse(got.isEmpty());
        assertTrue(got.stream().noneMatch(HubsAndDatesTest::hub), got.toString());
        for (PageRecord r : Fixtures.blog()) {
            assertTrue(!r.hub() || !got.contains(r.url()));
        }
    }
}
