package dev.linker.core.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/MAP.md stays true: every path it names exists in the repository. */
class MapOfTheCodeTest {
    static final Path ROOT = Path.of("..");

    @Test
    void every_path_the_map_names_exists() throws IOException {
        String map = Files.readString(ROOT.resolve("docs/MAP.md"));
        Matcher m = Pattern.compile("`([A-Za-z0-9_./-]+/[A-Za-z0-9_.-]+)`").matcher(map);
        List<String> named = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        while (m.find()) {
            String path = m.group(1);
            named.add(path);
            if (!Files.exists(ROOT.resolve(path))) {
                missing.add(path);
            }
        }
        assertTrue(named.size() >= 30, "the map names the files it talks about: " + named);
        assertEquals(List.of(), missing, "paths in docs/MAP.md that do not exist");
    }
}
