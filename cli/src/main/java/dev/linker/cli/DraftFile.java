package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.index.PageInput;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.DraftText;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A draft read from a file ({@code suggest --text-file}), as the editor would send it. */
final class DraftFile {
    private DraftFile() {
    }

    /**
     * The draft in {@code file}: its title ({@code title}, else its first line) and its text, read as {@code format}
     * (markdown, html or text; null: by the file's extension).
     */
    static DraftEngine.Request request(Path file, String title, String format, String url, int limit,
                                       String language) {
        String source = read(file);
        DraftText.Format f = format == null ? DraftText.formatOf(file.getFileName().toString())
                : DraftText.parseFormat(format);
        if (f == null) {
            throw new LinkerException("--draft-format must be markdown, html or text (got '" + format + "')");
        }
        String t = title;
        String text = source;
        if (t == null) {
            int nl = source.indexOf('\n');
            t = (nl < 0 ? source : source.substring(0, nl)).replaceFirst("^\\s{0,3}#+\\s*", "");
            // The title line is the title, not part of the text: blank it so offsets stay those of the file.
            text = " ".repeat(nl < 0 ? source.length() : nl) + (nl < 0 ? "" : source.substring(nl));
        }
        return new DraftEngine.Request(t.strip(), DraftText.of(text, f), url, limit, List.of(),
                PageInput.language(language, "--draft-language"));
    }

    static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (MalformedInputException e) {
            throw new LinkerException(f + ": not valid UTF-8 text");
        } catch (IOException e) {
            throw new LinkerException(f + ": cannot read: " + e.getMessage());
        }
    }
}
