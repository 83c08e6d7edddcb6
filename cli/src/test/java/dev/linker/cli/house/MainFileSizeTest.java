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
 * No main Java file of any module over {@value #MAX_LINES} lines: a file that long is two ideas. The files over it
 * when the rule came (issue 46) were listed with their length then; each could shrink, none grow, and a file that
 * dropped to the limit had to leave the list. The last two (PageIndex 556, SiteSnapshot 542) left it: none is over.
 */
class MainFileSizeTest {
    static final int MAX_LINES = 450;
    static final Map<String, Integer> OVER_WHEN_THE_RULE_CAME = Map.of();

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
    void no_main_file_is_longer_than_the_limit_and_the_old_ones_never_grow() throws IOException {
        Map<String, Integer> lengths = mainFileLengths();
        assertTrue(lengths.size() > 300, "read every module's main files: " + lengths.size());
        Map<String, String> broken = new TreeMap<>();
        lengths.forEach((file, n) -> {
            Integer then = OVER_WHEN_THE_RULE_CAME.get(file);
            if (then == null && n > MAX_LINES) {
                broken.put(file, n + " lines, over " + MAX_LINES + ": split out a class");
            } else if (then != null && n > then) {
                broken.put(file, n + " lines, more than its " + then + " when the rule came: it may only shrink");
            } else if (then != null && n <= MAX_LINES) {
                broken.put(file, n + " lines: within the limit now, take it off OVER_WHEN_THE_RULE_CAME");
            }
        });
        OVER_WHEN_THE_RULE_CAME.keySet().stream().filter(f -> !lengths.containsKey(f))
                .forEach(f -> broken.put(f, "gone: take it off OVER_WHEN_THE_RULE_CAME"));
        assertEquals(Map.of(), broken);
    }
}
