package dev.linker.core.score;

import dev.linker.core.audit.LinkerException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

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
        ScoreComponents c = new ScoreComponents(1, 1, 1, 1, 1, 1, 1, 1);
        ScoreWeights w = new ScoreWeights(1, 1, 1, 1, 1, 1, 1, 1);
        assertEquals(4.0, c.total(w), 1e-9);
        assertEquals(1.0, ScoreComponents.deficit(0), 1e-9);
        assertTrue(ScoreComponents.deficit(10) < 0.3);
    }
}
