package dev.linker.index.brief;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class BriefBuilderTest {
    private static final Set<String> COLD_BREW = Set.of("cold", "brew", "ratio");

    @Test
    void the_anchor_is_the_longest_run_of_query_words_in_the_sentence() {
        assertEquals("cold brew", BriefBuilder.longestRun("Use a coarse grind for the French press and for cold brew.", COLD_BREW));
        assertEquals("ratio of cold brew", BriefBuilder.longestRun("Mind the ratio of cold brew to milk.", COLD_BREW));
        assertNull(BriefBuilder.longestRun("Nothing to see here.", COLD_BREW));
    }

    @Test
    void the_place_is_the_sentence_with_most_query_words_and_headings_are_not_sentences() {
        String body = BriefBuilder.withoutHeading("Cold brew basics Brewing takes time. "
                + "Cold brew needs a ratio of one to five and a coarse grind. Serve it over ice, if you like.", "Cold brew basics", "");
        var place = BriefBuilder.bestPlace(body, "cold brew ratio", Set.of("cold", "brew", "ratio"));
        assertEquals("Cold brew needs a ratio of one to five and a coarse grind.", place.sentence());
        assertEquals("Cold brew", place.anchor());
    }
}
