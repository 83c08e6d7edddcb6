package dev.linker.core.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Exact-output comparison with a file under src/test/resources/report/. Run with {@code -Dlinker.updateGoldens=true}
 * to rewrite the files from the current output, then review the diff before committing.
 */
final class Golden {
    static final Path DIR = Path.of("src/test/resources/report");

    private Golden() {
    }

    static boolean updating() {
        return Boolean.getBoolean("linker.updateGoldens");
    }

    static void assertMatches(String name, String actual) throws IOException {
        Path file = DIR.resolve(name);
        if (updating()) {
            Files.createDirectories(DIR);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            System.err.println("golden file rewritten: " + file.toAbsolutePath());
            return;
        }
        if (!Files.exists(file)) {
            fail("golden file " + file + " is missing; create it with -Dlinker.updateGoldens=true and review it");
        }
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (expected.equals(actual)) {
            return;
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        int i = 0;
        while (i < e.length && i < a.length && e[i].equals(a[i])) {
            i++;
        }
        fail("output differs from " + file + " at line " + (i + 1) + "\n  expected: "
                + (i < e.length ? e[i] : "<end of file>") + "\n  actual:   " + (i < a.length ? a[i] : "<end of output>")
                + "\nIf the change is intended, rerun with -Dlinker.updateGoldens=true and review the diff.");
    }
}
