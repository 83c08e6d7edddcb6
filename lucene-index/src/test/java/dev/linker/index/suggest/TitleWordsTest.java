package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.ToIntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TitleWordsTest {
    /** A blog of 300 posts: "go" is on every page, the rest are rare. */
    static final ToIntFunction<String> DF = t -> Map.of("go", 300, "org", 12, "dev", 20, "request", 30,
            "redirecting", 3, "godoc", 8, "pkg", 25, "to", 290).getOrDefault(t, 5);
    static final double FULL = 2.125 * Math.log(300);

    static double score(String text, String title) {
        TitleWords.Title t = TitleWords.Title.of(title, DF, 300);
        return new TitleWords(Tokens.tokenize(text), java.util.Set.of(t.terms())).score(t, FULL);
    }

    @Test
    void a_title_said_in_other_words_scores_by_the_rare_words_found_close_together() {
        double s = score("We finished replacing godoc.org with pkg.go.dev this year.",
                "Redirecting godoc.org requests to pkg.go.dev");
        assertTrue(s > 0.5, "godoc, org, pkg and dev within a few words: " + s);
        assertTrue(s < 1, "redirecting and requests are not said: " + s);
    }

    @Test
    void the_same_words_far_apart_or_only_one_of_them_score_nothing() {
        String far = "godoc " + "word ".repeat(20) + "pkg";
        assertEquals(0, score(far, "Redirecting godoc.org requests to pkg.go.dev"));
        assertEquals(0, score("Only godoc here.", "Redirecting godoc.org requests to pkg.go.dev"));
    }

    @Test
    void short_titles_and_words_on_most_pages_count_for_nothing() {
        assertEquals(0, score("the godoc pkg", "godoc pkg"), "two words: a name mention or nothing");
        assertEquals(0, score("go to go", "Go to Go"), "words on most pages");
    }
}
