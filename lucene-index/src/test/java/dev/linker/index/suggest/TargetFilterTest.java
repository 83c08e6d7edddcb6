package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.Fields;
import dev.linker.index.Status;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each rule of which pages a source may link to, one at a time: a page that breaks one is never a target. */
class TargetFilterTest {
    static final SuggestSettings SETTINGS = SuggestSettings.DEFAULT;
    static final int DAY = 20_000;

    static PageInfo page(String url) {
        return page(url, Status.LIVE, "/guides/brewing", "", false, DAY);
    }

    static PageInfo page(String url, Status status, String category, String safety, boolean hub, int day) {
        return inLanguage(url, status, category, safety, hub, day, "");
    }

    static PageInfo inLanguage(String url, Status status, String category, String safety, boolean hub, int day,
                               String language) {
        return new PageInfo(url, "Title of " + url, "Title of " + url, new PageInfo.Standing(status, hub, 0.1, 3),
                new PageInfo.Outbound(Set.of(), Set.of()), new PageFacts(category, safety, 500, day, language));
    }

    static Source source(String url, Set<String> links, String category, String safety) {
        return inLanguage(null, url, links, category, safety);
    }

    static Source inLanguage(String language, String url, Set<String> links, String category, String safety) {
        return Source.draft(new Draft(url, "A draft", "About cold brew and grinders.", List.of(), links,
                new Draft.Profile(category, safety, null, "")), null, links, language == null ? "" : language);
    }

    static TargetFilter filter(SuggestSettings settings, Source src) {
        return new TargetFilter(settings, src, null, Fields.UNDATED);
    }

    @Test
    void a_live_page_the_source_does_not_link_to_yet_is_a_target() {
        assertTrue(filter(SETTINGS, source("/drafts/new", Set.of(), null, "")).accepts(page("/cold-brew")));
    }

    @Test
    void the_source_itself_a_page_it_links_to_and_an_unknown_page_are_not() {
        TargetFilter f = filter(SETTINGS, source("/drafts/new", Set.of("/grinders"), null, ""));
        assertFalse(f.accepts(page("/drafts/new")));
        assertFalse(f.accepts(page("/grinders")));
        assertFalse(f.accepts(null));
    }

    @Test
    void pages_that_are_not_live_are_not() {
        TargetFilter f = filter(SETTINGS, source(null, Set.of(), null, ""));
        for (Status s : List.of(Status.KILLED, Status.REDIRECTED, Status.MERGED)) {
            assertFalse(f.accepts(page("/old", s, "/guides", "", false, DAY)), s.toString());
        }
    }

    @Test
    void excluded_addresses_are_not() {
        TargetFilter f = filter(SETTINGS.withTargets(t -> t.withExcludes(SuggestSettings.excludes(List.of("^/tag/")))),
                source(null, Set.of(), null, ""));
        assertFalse(f.accepts(page("/tag/coffee")));
        assertTrue(f.accepts(page("/coffee")));
    }

    @Test
    void a_safety_class_the_sources_own_forbids_is_not() {
        SuggestSettings s = SETTINGS.withTargets(
                t -> t.withForbiddenSafety(SuggestSettings.forbiddenSafety(List.of("kids=adult"))));
        assertFalse(filter(s, source(null, Set.of(), null, "kids")).accepts(page("/wine", Status.LIVE, "/g", "adult",
                false, DAY)));
        assertTrue(filter(s, source(null, Set.of(), null, "")).accepts(page("/wine", Status.LIVE, "/g", "adult",
                false, DAY)));
    }

    @Test
    void outside_the_category_bound_is_not() {
        TargetFilter f = filter(SETTINGS.withTargets(t -> t.withCategoryLevels(0)),
                source(null, Set.of(), "/guides/brewing", ""));
        assertTrue(f.accepts(page("/a", Status.LIVE, "/guides/brewing/cold", "", false, DAY)));
        assertFalse(f.accepts(page("/b", Status.LIVE, "/reviews/grinders", "", false, DAY)));
    }

    @Test
    void only_the_wanted_targets_when_some_are_given() {
        TargetFilter f = new TargetFilter(SETTINGS, source(null, Set.of(), null, ""), Set.of("/a"), Fields.UNDATED);
        assertTrue(f.accepts(page("/a")));
        assertFalse(f.accepts(page("/b")));
    }

    @Test
    void hubs_only_when_hubs_are_targets() {
        PageInfo hub = page("/blog/", Status.LIVE, "/blog", "", true, DAY);
        assertFalse(filter(SETTINGS, source(null, Set.of(), null, "")).accepts(hub));
        assertTrue(filter(SETTINGS.withTargets(t -> t.withHubTargets(true)), source(null, Set.of(), null, ""))
                .accepts(hub));
    }

    @Test
    void nothing_published_after_the_bound_day_and_undated_pages_pass() {
        TargetFilter f = new TargetFilter(SETTINGS, source(null, Set.of(), null, ""), null, DAY);
        assertTrue(f.accepts(page("/same-day", Status.LIVE, "/g", "", false, DAY)));
        assertTrue(f.accepts(page("/undated", Status.LIVE, "/g", "", false, Fields.UNDATED)));
        assertFalse(f.accepts(page("/later", Status.LIVE, "/g", "", false, DAY + 1)));
    }

    @Test
    void a_source_in_a_language_gets_pages_of_its_language_or_of_none_known() {
        TargetFilter f = filter(SETTINGS, inLanguage("fr-FR", null, Set.of(), null, ""));
        assertTrue(f.accepts(inLanguage("/fr/cafe", Status.LIVE, "/fr", "", false, DAY, "fr")));
        assertTrue(f.accepts(inLanguage("/fr/moulin", Status.LIVE, "/fr", "", false, DAY, "FR-ca")));
        assertTrue(f.accepts(inLanguage("/unknown", Status.LIVE, "/", "", false, DAY, "")));
        assertFalse(f.accepts(inLanguage("/en/coffee", Status.LIVE, "/en", "", false, DAY, "en")));
        assertFalse(f.accepts(inLanguage("/pt/cafe", Status.LIVE, "/pt", "", false, DAY, "pt-BR")));
    }

    @Test
    void a_source_of_unknown_language_gets_pages_of_every_language() {
        TargetFilter f = filter(SETTINGS, source(null, Set.of(), null, ""));
        assertTrue(f.accepts(inLanguage("/en/coffee", Status.LIVE, "/en", "", false, DAY, "en")));
        assertTrue(f.accepts(inLanguage("/fr/cafe", Status.LIVE, "/fr", "", false, DAY, "fr")));
    }
}
