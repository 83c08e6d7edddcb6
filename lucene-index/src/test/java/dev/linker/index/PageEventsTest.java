package dev.linker.index;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Page lifecycle events on a real index: what they hand over, and what a re-index of the site keeps of them. */
class PageEventsTest {
    static final String GRINDER = "https://brew.example/gear/burr-grinder.html";
    static final String KETTLES = "https://brew.example/gear/kettles.html";
    static final String SCALES = "https://brew.example/gear/scales.html";
    static final String DECAF = "https://brew.example/beans/decaf.html";

    static List<String> nameTexts(PageIndex idx, String url) {
        return idx.get(url).names().stream().map(n -> n[1]).toList();
    }

    static PageEvent merged(String url, String survivor) {
        return new PageEvent(PageEvent.Type.MERGED, url, survivor, null);
    }

    static PageIndex open(Path dir) {
        return PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT);
    }

    @Test
    void a_merged_page_hands_its_title_h1_anchors_and_inbound_links_to_its_survivor() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            PageRecord gone = idx.get(GRINDER);
            int inbound = idx.get(KETTLES).inbound();
            assertFalse(nameTexts(idx, KETTLES).contains("Choosing a Burr Grinder"));
            idx.apply(merged(GRINDER, KETTLES));
            assertEquals(Status.MERGED, idx.get(GRINDER).status());
            assertEquals(KETTLES, idx.get(GRINDER).redirectTo());
            List<String> names = nameTexts(idx, KETTLES);
            assertTrue(names.contains("Choosing a Burr Grinder — Brew Notes") && names.contains("Choosing a Burr Grinder"),
                    names.toString());
            for (String[] anchor : gone.names()) {
                assertTrue(names.contains(anchor[1]), "anchor \"" + anchor[1] + "\" moves too: " + names);
            }
            assertEquals(inbound + gone.inbound(), idx.get(KETTLES).inbound());
            idx.apply(merged(GRINDER, KETTLES));
            assertEquals(inbound + gone.inbound(), idx.get(KETTLES).inbound(), "the same event twice counts once");
        }
    }

    @Test
    void names_a_survivor_inherited_survive_a_reindex_of_the_site_that_still_has_the_merged_page(@TempDir Path dir) {
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            idx.apply(merged(GRINDER, KETTLES));
            idx.apply(new PageEvent(PageEvent.Type.KILLED, DECAF, null, null));
        }
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            assertTrue(nameTexts(idx, KETTLES).contains("Choosing a Burr Grinder"), nameTexts(idx, KETTLES).toString());
            assertEquals(Status.MERGED, idx.get(GRINDER).status(), "the site's stale copy does not revive it");
            assertEquals(KETTLES, idx.get(GRINDER).redirectTo());
            assertEquals(Status.KILLED, idx.get(DECAF).status());
        }
    }

    @Test
    void names_survive_a_reindex_of_the_site_without_the_merged_page(@TempDir Path dir) {
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            idx.apply(merged(GRINDER, KETTLES));
        }
        List<PageRecord> without = Fixtures.coffee().stream().filter(r -> !r.url().equals(GRINDER)).toList();
        try (PageIndex idx = open(dir)) {
            SyncReport r = idx.sync(without, true, null);
            assertEquals(1, r.removed());
            assertEquals(null, idx.get(GRINDER));
            assertTrue(nameTexts(idx, KETTLES).contains("Choosing a Burr Grinder"), nameTexts(idx, KETTLES).toString());
            assertEquals(0, r.embedded(), "nothing is embedded again: " + r);
        }
    }

    @Test
    void a_chain_of_merges_hands_every_name_to_the_last_survivor_through_a_reindex(@TempDir Path dir) {
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            idx.apply(merged(GRINDER, KETTLES));
            idx.apply(merged(KETTLES, SCALES));
            assertTrue(nameTexts(idx, SCALES).containsAll(List.of("Choosing a Burr Grinder", "Gooseneck Kettles")));
        }
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            assertTrue(nameTexts(idx, SCALES).containsAll(List.of("Choosing a Burr Grinder", "Gooseneck Kettles")),
                    nameTexts(idx, SCALES).toString());
        }
    }

    @Test
    void a_survivor_indexed_after_the_event_gets_the_names_when_it_is_written() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            String later = "https://brew.example/gear/grinders.html";
            idx.apply(merged(GRINDER, later));
            idx.upsert(PageRecord.of(later, "Grinders", "Grinders", "Blade and burr grinders compared.", null));
            assertTrue(nameTexts(idx, later).contains("Choosing a Burr Grinder"), nameTexts(idx, later).toString());
        }
    }

    @Test
    void a_created_event_revives_the_page_and_a_reindex_then_forgets_the_merge(@TempDir Path dir) {
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            idx.apply(merged(GRINDER, KETTLES));
            idx.apply(new PageEvent(PageEvent.Type.CREATED, GRINDER, null, null));
            assertEquals(Status.LIVE, idx.get(GRINDER).status());
        }
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
            assertEquals(Status.LIVE, idx.get(GRINDER).status());
            assertFalse(nameTexts(idx, KETTLES).contains("Choosing a Burr Grinder"), nameTexts(idx, KETTLES).toString());
        }
    }

    @Test
    void events_that_do_not_hold_together_name_the_field_and_write_nothing() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            PageRecord other = PageRecord.of("https://brew.example/other.html", "Other", "", "x", null);
            List<Object[]> cases = List.of(
                    new Object[] {new PageEvent(PageEvent.Type.MERGED, GRINDER, null, null), "survivor"},
                    new Object[] {merged(GRINDER, GRINDER), "survivor"},
                    new Object[] {new PageEvent(PageEvent.Type.KILLED, GRINDER, KETTLES, null), "survivor"},
                    new Object[] {new PageEvent(PageEvent.Type.KILLED, GRINDER, null, other), "page"},
                    new Object[] {new PageEvent(PageEvent.Type.UPDATED, GRINDER, null, other), "page.url"},
                    new Object[] {new PageEvent(PageEvent.Type.KILLED, "", null, null), "url"});
            for (Object[] c : cases) {
                PageLimits.InvalidPageException e = assertThrows(PageLimits.InvalidPageException.class,
                        () -> idx.apply((PageEvent) c[0]));
                assertEquals(c[1], e.field(), e.getMessage());
            }
            UnknownPageException u = assertThrows(UnknownPageException.class,
                    () -> idx.apply(merged("https://brew.example/none.html", KETTLES)));
            assertEquals("url", u.field());
            assertEquals("no page with url https://brew.example/none.html", u.getMessage());
            assertEquals(Status.LIVE, idx.get(GRINDER).status());
            assertFalse(nameTexts(idx, KETTLES).contains("Choosing a Burr Grinder"));
        }
    }

    @Test
    void events_that_change_only_a_status_load_no_embedding_model(@TempDir Path dir) {
        try (PageIndex idx = open(dir)) {
            idx.sync(Fixtures.coffee(), true, null);
        }
        dev.linker.core.embed.LazyEmbedder lazy = new dev.linker.core.embed.LazyEmbedder(
                Fixtures.embedder().id(), Fixtures.embedder().dimension(), Fixtures::embedder);
        try (PageIndex idx = PageIndex.openExisting(dir, lazy)) {
            idx.apply(merged(GRINDER, KETTLES));
            idx.apply(new PageEvent(PageEvent.Type.KILLED, DECAF, null, null));
            idx.apply(new PageEvent(PageEvent.Type.CREATED, DECAF, null, null));
            assertFalse(lazy.loaded(), "no text was embedded");
            idx.apply(new PageEvent(PageEvent.Type.UPDATED, DECAF, null,
                    PageRecord.of(DECAF, "Decaf", "Decaf", "Swiss water decaf keeps more flavour.", null)));
            assertTrue(lazy.loaded(), "a new text is embedded");
        }
    }
}
