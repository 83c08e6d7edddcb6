package dev.linker.core.report;

import dev.linker.core.audit.AuditResult;
import dev.linker.core.audit.LinkerException;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an audit's reports where the user asked, the same for every door: one format and no output → standard
 * output; one format and an output path → that file; several formats → {@code report.<ext>} files in the output
 * folder. Files are written to a temporary name first, so a failed run never leaves half a report.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** @return the files written (empty when the report went to {@code stdout}) */
    public static List<Path> write(AuditResult result, List<String> formats, Path output, Appendable stdout) {
        List<Path> written = new ArrayList<>();
        if (formats.size() == 1 && (output == null || !Files.isDirectory(output))) {
            Reporter r = Reporters.forFormat(formats.get(0));
            if (output == null) {
                try {
                    r.write(result, stdout);
                } catch (IOException e) {
                    throw new LinkerException("cannot write the report: " + e.getMessage(), e);
                }
            } else {
                writeFile(result, r, output);
                written.add(output);
            }
            return written;
        }
        if (output == null) {
            throw new LinkerException("several formats (" + String.join(", ", formats) + ") need an output folder:"
                    + " pass --output DIR (reports are written there as report.<ext>)");
        }
        for (String f : formats) {
            Reporter r = Reporters.forFormat(f);
            Path file = output.resolve("report." + r.extension());
            writeFile(result, r, file);
            written.add(file);
        }
        return written;
    }

    private static void writeFile(AuditResult result, Reporter r, Path file) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".linker-report", ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                r.write(result, w);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LinkerException("cannot write report '" + file + "': " + e.getMessage(), e);
        }
    }
}
