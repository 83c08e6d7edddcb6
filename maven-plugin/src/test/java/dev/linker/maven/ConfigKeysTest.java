package dev.linker.maven;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigKeysTest {

    @TempDir
    Path dir;

    @Test
    void yaml_file_keys_are_the_top_level_keys_only() throws IOException {
        Path f = Files.writeString(dir.resolve("linker.yml"), "site: public\nchecks:\n  orphan: warning\nformats: [json]\n");
        assertEquals(java.util.List.of("site", "checks", "formats"), java.util.List.copyOf(ConfigKeys.of(f)));
    }

    @Test
    void json_file_is_read_as_json() throws IOException {
        Path f = Files.writeString(dir.resolve("linker.json"), "{\"failOn\": \"never\", \"output\": \"out\"}");
        assertEquals(java.util.Set.of("failOn", "output"), ConfigKeys.of(f));
    }

    @Test
    void a_file_that_does_not_parse_sets_no_keys_so_core_can_report_it() throws IOException {
        Path f = Files.writeString(dir.resolve("linker.yml"), "site: [unclosed\n");
        assertTrue(ConfigKeys.of(f).isEmpty());
    }

    @Test
    void no_file_sets_no_keys() {
        assertTrue(ConfigKeys.of(null).isEmpty());
    }
}
