package dev.linker.index.brief;

import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Briefs place the links to a planned article by the same rules as every anchor. */
class BriefBuilderTest {
    static PageIndex index;

    @BeforeAll
    static void build() {
        index = PageIndex.inMemory(Fixtures.embedder());
        index.sync(SourceLoader.of(Fixtures.site("coffee/pages.csv")).withLinks(Fixtures.site("coffee/links.jsonl"))
                .records(), true, null);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    @Test
    void pages_that_should_link_to_the_article_carry_a_phrase_of_their_own_text_or_the_wording_to_add() {
        ContentBrief b = new BriefBuilder(new Suggester(index, SuggestSettings.DEFAULT))
                .build("cold brew ratio", "Cold brew at home", null, 5);
        assertFalse(b.linkFrom().isEmpty(), b.toString());
        for (ContentBrief.LinkFrom l : b.linkFrom()) {
            assertFalse(l.sentence().isBlank(), l.toString());
            if (l.anchorInText()) {
                assertTrue(l.sentence().contains(l.anchor()), "the anchor is a phrase of its sentence: " + l);
                assertTrue(l.anchor().split("\\s+").length <= 16, l.toString());
            } else {
                assertTrue(l.anchor().equals("Cold brew at home"), "the wording is the article's title: " + l);
            }
        }
        assertTrue(b.linkFrom().stream().anyMatch(ContentBrief.LinkFrom::anchorInText), b.toString());
    }
}
