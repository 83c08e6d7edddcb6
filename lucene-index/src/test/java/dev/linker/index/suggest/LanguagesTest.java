package dev.linker.index.suggest;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A site in two languages, read from its HTML: a page is offered pages of its own language only. */
class LanguagesTest {
    @TempDir
    Path site;

    void page(String file, String lang, String title, String text) throws IOException {
        Path f = site.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, "<!doctype html><html lang=\"" + lang + "\"><head><title>" + title + "</title></head>"
                + "<body><main><h1>" + title + "</h1><p>" + text + "</p></main></body></html>");
    }

    @Test
    void pages_of_another_language_are_never_suggested_and_the_language_comes_from_html_lang() throws IOException {
        String grinders = "Burr grinders crush coffee beans evenly; a burr grinder gives an even grind for espresso.";
        page("fr/moulins.html", "fr-FR", "Burr grinders", grinders);
        page("fr/espresso.html", "fr", "Espresso grind", "Espresso needs a fine, even grind from a burr grinder.");
        page("en/grinders.html", "en", "Burr grinders", grinders);
        page("en/espresso.html", "en-GB", "Espresso grind", "Espresso needs a fine, even grind from a burr grinder.");
        try (PageIndex index = PageIndex.inMemory(Fixtures.embedder(), IndexSettings.DEFAULT)) {
            index.sync(SourceLoader.of(site).records(), true, null);
            assertEquals("fr-FR", index.get("/fr/moulins.html").meta().language());
            Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
            List<String> fr = s.forUrl("/fr/espresso.html", 5).stream().map(Suggestion::url).toList();
            assertTrue(fr.contains("/fr/moulins.html"), fr.toString());
            assertFalse(fr.stream().anyMatch(u -> u.startsWith("/en/")), fr.toString());
            List<String> en = s.forUrl("/en/espresso.html", 5).stream().map(Suggestion::url).toList();
            assertEquals(List.of("/en/grinders.html"), en);
            String draft = "Which burr grinder for an even espresso grind?";
            List<String> any = s.forDraft(Draft.of("", draft), 5).stream().map(Suggestion::url).toList();
            assertTrue(any.contains("/fr/moulins.html") && any.contains("/en/grinders.html"), any.toString());
            List<String> inFrench = s.forDraft(new Draft(null, "", draft, List.of(), java.util.Set.of(), null, "",
                    null, "fr"), 5).stream().map(Suggestion::url).toList();
            assertTrue(inFrench.contains("/fr/moulins.html"), inFrench.toString());
            assertFalse(inFrench.stream().anyMatch(u -> u.startsWith("/en/")), inFrench.toString());
        }
    }
}
