package dev.linker.core.report;

import dev.linker.core.result.LinkerException;

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
 * Writes an audit's reports where the user asked, the same for every door: one format and no output → standard
 * output; one format and an output path that is not a folder → that file; otherwise {@code report.<extension>} files
 * in the output folder. Files are written to a temporary name first, so a failed run never leaves half a report.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** {@link #write(AuditResult, List, Path, ReportOptions, Appendable)} with {@link ReportOptions#defaults()}. */
    public static List<Path> write(AuditResult result, List<String> formats, Path output, Appendable stdout) {
        return write(result, formats, output, ReportOptions.defaults(), stdout);
    }

    /**
     * @return the files written (empty when the report went to {@code stdout})
     * @throws LinkerException for an unknown format (before anything is written), several formats without an output
     *                         folder, or a path that cannot be written (the message names it)
     */
    public static List<Path> write(AuditResult result, List<String> formats, Path output, ReportOptions options,
                                   Appendable stdout) {
        List<Reporter> reporters = new ArrayList<>();
        for (String f : new LinkedHashSet<>(formats.isEmpty() ? List.of("text") : formats)) {
            reporters.add(Reporters.forFormat(f, options));
        }
        List<Path> written = new ArrayList<>();
        if (reporters.size() == 1 && (output == null || !Files.isDirectory(output))) {
            Reporter r = reporters.get(0);
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
        List<String> ids = reporters.stream().map(Reporter::format).toList();
        if (output == null) {
            throw new LinkerException("several formats (" + String.join(", ", ids) + ") need an output folder:"
                    + " pass " + LinkerException.setting("output", "DIR") + " (reports are written there as report.<ext>)");
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new LinkerException("report output '" + output + "' is a file, but several formats ("
                    + String.join(", ", ids) + ") need a folder (reports are written there as report.<ext>)");
        }
        for (Reporter r : reporters) {
            Path file = output.resolve("report." + r.extension());
            writeFile(result, r, file);
            written.add(file);
        }
        return written;
    }

    private static void writeFile(AuditResult result, Reporter r, Path file) {
        Path tmp = null;
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            // Not createTempFile: that makes the file owner-only (600); a report must keep the user's umask.
            tmp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                r.write(result, w);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new LinkerException("cannot write report '" + file + "': " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the report itself was written or its error already reported
                }
            }
        }
    }
}
