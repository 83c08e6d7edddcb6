package dev.linker.core.report;

import dev.linker.core.audit.AuditResult;
import dev.linker.core.audit.LinkerException;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Writes the configured formats where the configuration says ({@code formats}, {@code output}), the same way for
 * every door: no output → standard output; one format and an output that is not an existing folder → that file;
 * otherwise a folder holding {@code report.<extension>} per format. Files are written whole or not at all, so a
 * failed run never leaves half a report for CI to upload.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * @param stdout where reports go when no output is configured
     * @return the files written (empty when everything went to {@code stdout})
     * @throws LinkerException for an unknown format (before anything is written) or a path that cannot be written
     */
    public static List<Path> write(AuditResult result, ReportOptions options, Appendable stdout) {
        List<String> formats = new ArrayList<>(new LinkedHashSet<>(result.config().formats()));
        if (formats.isEmpty()) {
            formats = List.of("text");
        }
        List<Reporter> reporters = new ArrayList<>();
        for (String f : formats) {
            reporters.add(Reporters.forFormat(f, options));
        }
        Path output = result.config().output();
        List<Path> written = new ArrayList<>();
        try {
            if (output == null) {
                for (Reporter r : reporters) {
                    r.write(result, stdout);
                }
                return written;
            }
            if (reporters.size() == 1 && !Files.isDirectory(output)) {
                writeFile(result, reporters.getFirst(), output);
                written.add(output);
                return written;
            }
            if (Files.exists(output) && !Files.isDirectory(output)) {
                throw new LinkerException("report output '" + output + "' is a file, but " + reporters.size()
                        + " formats need a folder (one report.<extension> each)");
            }
            Files.createDirectories(output);
            for (Reporter r : reporters) {
                Path file = output.resolve("report." + r.extension());
                writeFile(result, r, file);
                written.add(file);
            }
            return written;
        } catch (IOException e) {
            throw new LinkerException("cannot write the report to '" + output + "': " + e.getMessage(), e);
        }
    }

    private static void writeFile(AuditResult result, Reporter reporter, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".linker-report-", ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                reporter.write(result, w);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
