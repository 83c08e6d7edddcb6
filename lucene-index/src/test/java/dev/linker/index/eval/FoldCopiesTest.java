package dev.linker.index.eval;

import dev.linker.core.model.Site;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.suggest.SuggestSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The learned ranker judged in copies of the site, as a user judges it from outside (bench/outbound-folds.sh). */
class FoldCopiesTest {
    private static final String ESPRESSO = "/guides/espresso.html";
    private static final String GRINDING = "/guides/grinding.html";

    @Test
    void a_page_is_dealt_into_its_fold_by_its_address_alone_as_the_bench_script_deals_it() {
        // bench/sitecopy.py's url_fold gives these for the same addresses.
        assertEquals(1, FoldCopies.fold("/10years.html"));
        assertEquals(3, FoldCopies.fold("/inside-rust/2023/é.html"));
        assertEquals(1, FoldCopies.fold("/a"));
        Set<String> pages = Set.of("/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h");
        List<List<String>> all = FoldCopies.folds(pages);
        Set<String> fewer = new HashSet<>(pages);
        fewer.remove("/d");
        List<List<String>> without = FoldCopies.folds(fewer);
        for (int f = 0; f < FoldCopies.FOLDS; f++) {
            List<String> expected = all.get(f).stream().filter(p -> !p.equals("/d")).toList();
            assertEquals(expected, without.get(f), "a page gone moves no other page's fold");
        }
        assertEquals(pages, new HashSet<>(all.stream().flatMap(List::stream).toList()), "every page in one fold");
    }

    @Test
    void a_target_the_page_also_links_from_its_navigation_is_left_out_of_its_gold_and_the_rest_is_judged(
            @TempDir Path dir) throws IOException {
        Path site = copy(Path.of("../examples/site"), dir.resolve("site"));
        // The espresso guide links the grinding guide in its text; now its navigation does too.
        Path espresso = site.resolve("guides/espresso.html");
        Files.writeString(espresso, Files.readString(espresso).replace("<nav aria-label=\"Main\">",
                "<nav aria-label=\"Main\"><a href=\"grinding.html\">Grinding</a> "));
        SourceLoader loader = SourceLoader.of(site).withHtml(null, null, null, null);
        Site read = loader.site();
        try (PageIndex base = PageIndex.inMemory(Fixtures.embedder())) {
            base.sync(loader.records(read), true, null);
            Map<String, Set<String>> gold = Evaluator.gold(base).links();
            assertTrue(gold.get(ESPRESSO).contains(GRINDING), gold.toString());

            FoldCopies f = FoldCopies.run(read, loader::records, base, SuggestSettings.DEFAULT, 10, null);
            assertEquals(1, f.elsewhere(), "the espresso guide's link to the grinding guide stays, in its navigation");
            assertEquals(gold.size(), f.weights().pages(), "every page with links is judged once");
            assertEquals(FoldCopies.FOLDS, f.unlearned(), "a site of a dozen pages has too few links to learn from");
            assertEquals(f.weights(), f.learned(), "where nothing was learned, the weights rank");
            assertTrue(f.weights().recallAt5() > 0, "the copies find some of the hidden links: " + f.weights());
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
