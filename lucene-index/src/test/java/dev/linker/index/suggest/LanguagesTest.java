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
        String declared = lang == null ? "" : " lang=\"" + lang + "\"";
        Files.writeString(f, "<!doctype html><html" + declared + "><head><title>" + title + "</title></head>"
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
            List<String> inFrench = s.forDraft(new Draft(null, "", draft, List.of(), java.util.Set.of(),
                    Draft.Profile.NONE.withLanguage("fr")), 5).stream().map(Suggestion::url).toList();
            assertTrue(inFrench.contains("/fr/moulins.html"), inFrench.toString());
            assertFalse(inFrench.stream().anyMatch(u -> u.startsWith("/en/")), inFrench.toString());
        }
    }

    @Test
    void pages_that_declare_no_language_are_read_in_the_one_they_show_and_a_declared_one_wins() throws IOException {
        page("installation.html", null, "Installation du système",
                "Ce chapitre décrit comment installer le système Debian et les paquets dont vous avez besoin pour "
                + "le travail de tous les jours, et comment les mettre à jour avec les outils de la distribution.");
        page("paquets.html", null, "Gestion des paquets",
                "Les outils de gestion des paquets servent à installer, mettre à jour et supprimer les paquets; il est "
                + "important de lire les notes de publication avant une mise à niveau du système.");
        page("kapitel.html", "de", "Installationen",
                "Dieses Kapitel beschreibt die Installationen des Systems und der Pakete, die Sie brauchen.");
        try (PageIndex index = PageIndex.inMemory(Fixtures.embedder(), IndexSettings.DEFAULT)) {
            index.sync(SourceLoader.of(site).records(), true, null);
            assertEquals("fr", index.get("/installation.html").meta().language());
            assertEquals("de", index.get("/kapitel.html").meta().language());
            // Snowball's French stem of "installation" and "installer" is "install"; read as English, neither is.
            assertEquals(2, pagesWith(index, "install"));
            // German's light stemmer reads "Installationen" as "installation", which French never gives.
            assertEquals(1, pagesWith(index, "installation"));
            index.put(dev.linker.index.PageRecord.of("/court.html", "Astuce", "", "Mettre à jour.", null));
            assertEquals("fr", index.get("/court.html").meta().language(),
                    "a page sent alone too short to tell is read in the site's language");
            index.put(dev.linker.index.PageRecord.of("/notes.html", "Release notes", "", "This chapter describes how "
                    + "to install the packages of the system and how to keep them up to date with the tools. It is "
                    + "important to read the release notes before an upgrade, as they describe the changes that are "
                    + "not compatible with the previous release and the known problems of the upgrade.", null));
            assertEquals("", index.get("/notes.html").meta().language(), "one that shows English is read as before");
            Suggester s = new Suggester(index, SuggestSettings.DEFAULT);
            List<Suggestion> got = s.forDraft(Draft.of("", "Installer Debian: comment installer le système et "
                    + "mettre à jour les paquets de la distribution avec les outils de gestion."), 5);
            assertTrue(got.stream().noneMatch(g -> g.url().equals("/kapitel.html")),
                    "the draft shows French, so the German page is not offered: " + got);
        }
    }

    /** How many pages of the index have {@code term} among their words, as the index analysed them. */
    static int pagesWith(PageIndex index, String term) {
        return index.withView(v -> {
            try {
                return v.searcher().getIndexReader().docFreq(new org.apache.lucene.index.Term(
                        dev.linker.index.Fields.ALL, term));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
