package dev.linker.cli;

import static dev.linker.cli.IndexCommandsTest.run;
import static dev.linker.cli.IndexCommandsTest.site;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11: a damaged index is a usage error with one clear message, for every command that reads it. */
class CorruptIndexTest {
    static final String REMEDY = "is corrupt (";
    static final String ACTION = "delete the folder and run `linker index` again";

    @TempDir
    static Path tmp;
    static Path clean;

    @BeforeAll
    static void buildIndex() {
        clean = tmp.resolve("clean");
        IndexCommandsTest.Run r = run("index", site("coffee/pages.csv").toString(), "--links",
                site("coffee/links.jsonl").toString(), "--index", clean.toString(), "-q");
        assertEquals(0, r.code(), r.err());
    }

    /** A copy of the clean index with the byte at {@code at} (negative: from the end) of the first matching file flipped. */
    static Path damaged(String name, Predicate<String> file, long at) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        try (Stream<Path> files = Files.list(clean)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName().toString()));
            }
        }
        Path target;
        try (Stream<Path> files = Files.list(dir)) {
            target = files.filter(f -> file.test(f.getFileName().toString())).sorted().findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(target);
        int i = (int) (at < 0 ? bytes.length + at : at);
        bytes[i] ^= 0x5A;
        Files.write(target, bytes);
        return dir;
    }

    static void assertCorruptUsageError(Path index) {
        List<IndexCommandsTest.Run> runs = List.of(
                run("suggest", "--index", index.toString(), "--url", "https://brew.example/guides/espresso.html"),
                run("plan", "--index", index.toString(), "--min-similarity", "0", "-q"));
        for (IndexCommandsTest.Run r : runs) {
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("index at " + index) && r.err().contains(REMEDY) && r.err().contains(ACTION),
                    r.err());
        }
    }

    @Test
    void a_flipped_byte_in_the_commit_or_segment_info_is_a_usage_error_naming_the_index() throws IOException {
        assertCorruptUsageError(damaged("segments", n -> n.startsWith("segments_"), 40));
        assertCorruptUsageError(damaged("si", n -> n.endsWith(".si"), 60));
        assertCorruptUsageError(damaged("cfs-header", n -> n.endsWith(".cfs"), 2));
        assertCorruptUsageError(damaged("cfs-footer", n -> n.endsWith(".cfs"), -14));
        assertCorruptUsageError(damaged("cfe", n -> n.endsWith(".cfe"), 40));
    }

    @Test
    void a_flipped_byte_inside_the_data_is_never_an_unexpected_error_and_serve_refuses_the_index() throws IOException {
        long size;
        try (Stream<Path> files = Files.list(clean)) {
            size = Files.size(files.filter(f -> f.toString().endsWith(".cfs")).sorted().findFirst().orElseThrow());
        }
        List<Integer> codes = new ArrayList<>();
        for (int k = 1; k <= 8; k++) {
            Path index = damaged("cfs-" + k, n -> n.endsWith(".cfs"), size * k / 9);
            IndexCommandsTest.Run r = run("suggest", "--index", index.toString(), "--url",
                    "https://brew.example/guides/espresso.html");
            assertNotEquals(3, r.code(), "flip at " + size * k / 9 + ": " + r.err());
            if (r.code() != 0) {
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().contains(REMEDY) && r.err().contains(ACTION), r.err());
            }
            codes.add(r.code());
            // A server runs for long, so it verifies every checksum when it opens the index: any flip stops it.
            IndexCommandsTest.Run serve = run("serve", "--index", index.toString(), "--port", "0", "--vendor",
                    tmp.resolve("none").toString());
            assertEquals(2, serve.code(), serve.err());
            assertTrue(serve.err().contains(REMEDY) && serve.err().contains(ACTION), serve.err());
        }
        System.out.println("exit codes of suggest with one flipped byte in the .cfs: " + codes);
    }
}
