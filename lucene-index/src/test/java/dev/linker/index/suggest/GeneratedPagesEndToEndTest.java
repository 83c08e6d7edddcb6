package dev.linker.index.suggest;

import dev.linker.index.IndexSettings;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.eval.Evaluator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real Sphinx build (core's fixture sites/sphinx, built from core/src/test/sphinx-brewkit) indexed and asked for
 * links: its highlighted module sources and its indexes are neither suggested nor judged as sources.
 */
class GeneratedPagesEndToEndTest {
    static final Path SITE = Path.of("..", "core", "src", "test", "resources", "sites", "sphinx");
    static PageIndex index;

    @BeforeAll
    static void build() {
        index = PageIndex.inMemory(Fixtures.embedder(), IndexSettings.DEFAULT);
        index.sync(SourceLoader.of(SITE).records(), true, null);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    private static boolean generated(String url) {
        return url.startsWith("/_modules/") || url.equals("/genindex.html") || url.equals("/py-modindex.html");
    }

    @Test
    void a_draft_about_the_modules_code_is_pointed_to_prose_and_the_api_page_never_to_the_highlighted_source() {
        Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
        List<String> got = s.forQuery("The BurrGrinder class gives the grind setting for a brew method, and "
                + "brew_ratio computes the brew ratio of water to coffee.", 20).stream().map(Suggestion::url).toList();
        assertFalse(got.isEmpty());
        assertTrue(got.contains("/api.html"), got.toString());
        assertTrue(got.stream().noneMatch(GeneratedPagesEndToEndTest::generated), got.toString());
        for (String page : List.of("/grinding.html", "/extraction.html", "/espresso.html", "/api.html")) {
            List<String> forPage = s.forUrl(page, 20, true).stream().map(Suggestion::url).toList();
            assertTrue(forPage.stream().noneMatch(GeneratedPagesEndToEndTest::generated), page + ": " + forPage);
        }
    }

    @Test
    void the_evaluation_judges_the_prose_pages_links_only() {
        Map<String, Set<String>> gold = Evaluator.gold(index).links();
        assertEquals(Set.of("/grinding.html", "/extraction.html", "/espresso.html"), gold.keySet());
        assertTrue(gold.values().stream().flatMap(Set::stream).noneMatch(GeneratedPagesEndToEndTest::generated));
    }
}
