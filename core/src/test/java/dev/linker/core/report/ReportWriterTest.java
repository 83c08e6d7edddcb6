package dev.linker.core.report;

import dev.linker.core.audit.AuditResult;
import dev.linker.core.audit.LinkerException;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportWriterTest {

    private static AuditResult with(List<String> formats, Path output) {
        AuditResult r = ReportFixture.basic();
        AuditConfig c = r.config();
        AuditConfig changed = new AuditConfig(c.siteDir(), c.baseUrl(), c.entry(), null, null, c.failOn(), null, null,
                formats, output, Map.of(), null, false, false);
        return new AuditResult(changed, r.graph(), r.findings(), r.baselined(), r.summary());
    }

    private static String golden(String name) throws IOException {
        return Files.readString(Golden.DIR.resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void several_formats_go_to_a_folder_as_report_dot_extension(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("reports");
        List<Path> files = ReportWriter.write(with(List.of("json", "sarif", "github", "json"), out),
                ReportFixture.OPTIONS, new StringBuilder());
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
        ReportWriter.write(with(List.of("markdown"), out), ReportFixture.OPTIONS, new StringBuilder());
        assertEquals(golden("expected.md"), Files.readString(out));
    }

    @Test
    void no_output_writes_to_standard_output() throws IOException {
        StringBuilder stdout = new StringBuilder();
        assertTrue(ReportWriter.write(with(List.of("text"), null), ReportFixture.OPTIONS, stdout).isEmpty());
        assertEquals(golden("expected.txt"), stdout.toString());
    }

    @Test
    void an_unknown_format_fails_before_anything_is_written(@TempDir Path tmp) {
        Path out = tmp.resolve("reports");
        LinkerException e = assertThrows(LinkerException.class,
                () -> ReportWriter.write(with(List.of("json", "pdf"), out), ReportFixture.OPTIONS, new StringBuilder()));
        assertTrue(e.getMessage().contains("'pdf'"));
        assertTrue(Files.notExists(out));
    }

    @Test
    void several_formats_into_an_existing_file_is_an_error_naming_it(@TempDir Path tmp) throws IOException {
        Path out = Files.writeString(tmp.resolve("report.txt"), "x");
        LinkerException e = assertThrows(LinkerException.class,
                () -> ReportWriter.write(with(List.of("json", "html"), out), ReportFixture.OPTIONS, new StringBuilder()));
        assertTrue(e.getMessage().contains(out.toString()), e.getMessage());
        assertEquals("x", Files.readString(out));
    }
}
