package dev.linker.index.bench;

import dev.linker.index.bench.PriorRows.Site;
import dev.linker.index.rank.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The prior's build holds a whole group out: no row of its sites, translations included, is learned from. */
class PriorBuildTest {

    private static TrainingSet.Group rowsOf(String page) {
        return new TrainingSet.Group(page, page, List.of("/a.html", "/b.html"),
                List.of(new float[] {1}, new float[] {0}), new boolean[] {true, false});
    }

    private static Site site(String group, String name, TrainingSet.Group rows) {
        return new Site(group, name, null, Map.of(), false, List.of(rows), List.of(), List.of());
    }

    @Test
    void a_prior_held_out_of_a_group_learns_no_row_of_any_of_its_sites() {
        TrainingSet.Group en = rowsOf("/en/index.html");
        TrainingSet.Group de = rowsOf("/de/index.html");
        TrainingSet.Group wiki = rowsOf("/wiki/index.html");
        List<Site> sites = List.of(site("manual", "manual_en", en), site("wiki", "wiki", wiki),
                site("manual", "manual_de", de));
        assertEquals(List.of(wiki), PriorBuild.rows(sites, "manual"), "the manual and its translation are held out");
        assertEquals(List.of(en, de), PriorBuild.rows(sites, "wiki"));
        assertEquals(List.of(en, wiki, de), PriorBuild.rows(sites, null), "the shipped prior learns from all");
    }
}
