package dev.linker.cli.house;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No main Java file of any module over {@value #MAX_LINES} lines: a file that long is two ideas. When the rule came
 * (issue 46), 3 were over 500 lines and 11 over 400; they were listed and could only shrink until none was over.
 */
class MainFileSizeTest {
    static final int MAX_LINES = 450;

    static Map<String, Integer> mainFileLengths() throws IOException {
        Path root = Path.of("..");
        Map<String, Integer> out = new TreeMap<>();
        for (String module : new String[] {"core", "lucene-index", "server", "cli", "maven-plugin", "spark"}) {
            Path src = root.resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    try (Stream<String> lines = Files.lines(f)) {
                        out.put(root.relativize(f).toString().replace('\\', '/'), (int) lines.count());
                    }
                }
            }
        }
        return out;
    }

    @Test
    void no_main_file_is_longer_than_the_limit() throws IOException {
        Map<String, Integer> lengths = mainFileLengths();
        assertTrue(lengths.size() > 300, "read every module's main files: " + lengths.size());
        Map<String, String> broken = new TreeMap<>();
        lengths.forEach((file, n) -> {
            if (n > MAX_LINES) {
                broken.put(file, n + " lines, over " + MAX_LINES + ": split out a class");
            }
        });
        assertEquals(Map.of(), broken);
    }
}
