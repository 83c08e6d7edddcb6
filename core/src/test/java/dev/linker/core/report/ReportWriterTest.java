package dev.linker.core.report;

import dev.linker.core.result.LinkerException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWriterTest {

    private static List<Path> write(List<String> formats, Path output, StringBuilder stdout) {
        return ReportWriter.write(ReportFixture.basic(), formats, output, ReportFixture.OPTIONS, stdout);
    }

    private static String golden(String name) throws IOException {
        return Files.readString(Golden.DIR.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void several_formats_go_to_a_folder_as_report_dot_extension(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("reports");
        List<Path> files = write(List.of("json", "sarif", "github", "json"), out, new StringBuilder());
        assertEquals(List.of(out.resolve("report.json"), out.resolve("report.sarif"), out.resolve("report.github.txt")), files);
        assertEquals(golden("expected.json"), Files.readString(out.resolve("report.json")));
        assertEquals(golden("expected.sarif"), Files.readString(out.resolve("report.sarif")));
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(3, s.count(), "no temporary file left behind");
        }
    }

    @Test
    void one_format_goes_to_the_named_file(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("sub/linker.md");
        write(List.of("markdown"), out, new StringBuilder());
        assertEquals(golden("expected.md"), Files.readString(out));
    }

    @Test
    void no_output_writes_to_standard_output() throws IOException {
        StringBuilder stdout = new StringBuilder();
        assertTrue(write(List.of("text"), null, stdout).isEmpty());
        assertEquals(golden("expected.txt"), stdout.toString());
    }

    @Test
    void an_unknown_format_fails_before_anything_is_written(@TempDir Path tmp) {
        Path out = tmp.resolve("reports");
        LinkerException e = assertThrows(LinkerException.class,
                () -> write(List.of("json", "pdf"), out, new StringBuilder()));
        assertTrue(e.getMessage().contains("'pdf'"));
        assertTrue(Files.notExists(out));
    }

    @Test
    void several_formats_without_an_output_folder_is_an_error_saying_what_to_pass() {
        LinkerException e = assertThrows(LinkerException.class,
                () -> write(List.of("text", "github"), null, new StringBuilder()));
        assertTrue(e.message((key, value) -> "<" + key + " " + value + ">").contains("pass <output DIR>"),
                e.getMessage());
    }

    @Test
    void several_formats_into_an_existing_file_is_an_error_naming_it(@TempDir Path tmp) throws IOException {
        Path out = Files.writeString(tmp.resolve("report.txt"), "x");
        LinkerException e = assertThrows(LinkerException.class,
                () -> write(List.of("json", "html"), out, new StringBuilder()));
        assertTrue(e.getMessage().contains(out.toString()), e.getMessage());
        assertEquals("x", Files.readString(out));
    }
}
