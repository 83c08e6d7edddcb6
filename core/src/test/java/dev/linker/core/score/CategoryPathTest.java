package dev.linker.core.score;

import dev.linker.core.Sites;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Site;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CategoryPathTest {
    @Test
    void the_category_of_a_url_is_its_folder() {
        assertEquals("/tea/green/", CategoryPath.fromUrl("https://shop.example/tea/green/"));
        assertEquals("/tea/", CategoryPath.fromUrl("https://shop.example/tea/matcha.html?x=1#y"));
        assertEquals("/", CategoryPath.fromUrl("https://shop.example"));
    }

    /** Page key → category of every page of the "breadcrumbs" fixture. */
    private static Map<String, String> categories(String baseUrl) {
        ReadOptions o = ReadOptions.of(Sites.dir("breadcrumbs"));
        Site site = SiteReader.read(baseUrl == null ? o : o.withBaseUrl(baseUrl));
        Map<String, String> out = new TreeMap<>();
        site.pages().forEach((k, p) -> out.put(k, CategoryPath.of(p)));
        return out;
    }

    @Test
    void a_trail_that_ends_at_the_page_itself_leaves_that_crumb_out() {
        Map<String, String> c = categories(null);
        assertEquals("/Home/", c.get("/tea/"), "its last crumb's item URL is the page");
        assertEquals("/Home/Tea/", c.get("/tea/green/"));
        assertEquals("/Home/Tea/Green tea/", c.get("/tea/green/matcha.html"), "its last crumb is named as its H1");
        assertEquals("/Home/Tea/", c.get("/tea/black/"), "a markup trail whose last link is the page");
    }

    @Test
    void a_trail_that_ends_at_the_parent_keeps_every_crumb() {
        Map<String, String> c = categories(null);
        assertEquals("/Home/Tea/Green tea/", c.get("/tea/green/sencha.html"), "JSON-LD trail up to Green tea");
        assertEquals("/Home/Tea/Black tea/", c.get("/tea/black/assam.html"), "markup trail whose page is plain text");
        assertEquals(c.get("/tea/green/matcha.html"), c.get("/tea/green/sencha.html"),
                "siblings share a category whichever way their trails end");
    }

    @Test
    void with_a_base_url_the_crumbs_are_page_keys_and_the_categories_are_the_same() {
        assertEquals(categories(null), categories("https://leaf.example/"));
        assertEquals("/", categories(null).get("/"), "no trail: the URL's folder");
    }

    @Test
    void distance_counts_steps_through_the_nearest_common_ancestor() {
        assertEquals(0, CategoryPath.distance("/tea/green/", "/tea/green/"));
        assertEquals(2, CategoryPath.distance("/tea/green/", "/tea/black/"));
        assertEquals(3, CategoryPath.distance("/tea/green/", "/gear/"));
        assertEquals("/tea/", CategoryPath.up("/tea/green/", 1));
        assertEquals("/", CategoryPath.up("/tea/green/", 5));
    }

    @Test
    void weights_round_trip_through_a_file_and_unknown_keys_are_named(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("w.properties");
        ScoreWeights w = ScoreWeights.DEFAULT.with("name", 2.5).with("vector", 0);
        w.write(f, "tuned");
        assertEquals(w, ScoreWeights.read(f));
        Files.writeString(f, "weight.nmae=1\n");
        LinkerException e = assertThrows(LinkerException.class, () -> ScoreWeights.read(f));
        assertTrue(e.getMessage().contains("unknown weight \"nmae\""), e.getMessage());
    }

    @Test
    void the_total_adds_the_positive_and_subtracts_the_negative_components() {
        ScoreComponents c = new ScoreComponents(new ScoreComponents.Similarity(1, 1), new ScoreComponents.Mention(1, 1),
                new ScoreComponents.Standing(1, 1), new ScoreComponents.Penalties(1, 1), 1, 1);
        ScoreWeights w = ScoreWeights.of(new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        assertEquals(6.0, c.total(w), 1e-9);
        assertEquals(1.0, ScoreComponents.time(100, 100), 1e-9);
        assertEquals(Math.exp(-1), ScoreComponents.time(0, (int) ScoreComponents.TIME_SCALE_DAYS), 1e-9);
        assertEquals(0, ScoreComponents.time(Integer.MIN_VALUE, 5), "undated: no time component");
        assertEquals(1.0, ScoreComponents.deficit(0), 1e-9);
        assertTrue(ScoreComponents.deficit(10) < 0.3);
    }
}
