package dev.linker.core.site;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.linker.core.result.LinkerException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Streams a UTF-8 CSV with a header row, resolving columns by case-insensitive name. Shared by the CSV, Screaming
 * Frog and Search Console readers so that every one gives the same errors: the file, the line, the columns found.
 */
final class CsvTable implements AutoCloseable {
    private static final CsvMapper MAPPER = new CsvMapper();

    private final Path file;
    private final Reader reader;
    private final MappingIterator<String[]> rows;
    private final List<String> header;

    private CsvTable(Path file, Reader reader, MappingIterator<String[]> rows, List<String> header) {
        this.file = file;
        this.reader = reader;
        this.rows = rows;
        this.header = header;
    }

    /**
     * Opens the CSV and reads its header. {@code mustContain} is one of the column aliases that identifies the real
     * header, so a title line some exporters put above it ("Internal - HTML") is skipped.
     */
    static CsvTable open(Path file, String... mustContainAnyOf) {
        if (!Files.isRegularFile(file)) {
            throw new LinkerException(file + ": no such file");
        }
        Reader reader = null;
        try {
            // REPORT, not REPLACE: a Latin-1 export read as UTF-8 would silently corrupt every accented title.
            CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file), dec), 1 << 16);
            MappingIterator<String[]> it = MAPPER.readerFor(String[].class)
                    .with(CsvParser.Feature.WRAP_AS_ARRAY)
                    .readValues(reader);
            List<String> header = null;
            for (int i = 0; i < 2 && it.hasNextValue(); i++) {
                String[] row = it.nextValue();
                List<String> names = new ArrayList<>();
                for (String h : row) {
                    names.add(h.replace("\uFEFF", "").trim());
                }
                if (indexOf(names, mustContainAnyOf) >= 0) {
                    header = names;
                    break;
                }
                if (row.length > 1) {
                    header = names;
                    break;
                }
            }
            if (header == null) {
                throw new LinkerException(file + ": empty CSV (no header row)");
            }
            return new CsvTable(file, reader, it, header);
        } catch (LinkerException e) {
            closeQuietly(reader);
            throw e;
        } catch (NoSuchFileException e) {
            closeQuietly(reader);
            throw new LinkerException(file + ": no such file");
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            throw translate(file, e, 1);
        }
    }

    List<String> header() {
        return header;
    }

    /** Index of the first header matching one of the names (case-insensitive), or -1. */
    int column(String... names) {
        return indexOf(header, names);
    }

    int required(String what, String... names) {
        return required(file, header, what, names);
    }

    /** The index of the first of {@code names} in {@code header}; a {@link LinkerException} naming {@code source}. */
    static int required(Object source, List<String> header, String what, String... names) {
        int i = indexOf(header, names);
        if (i < 0) {
            throw new LinkerException(source + ": no " + what + " column (expected one of " + Arrays.toString(names)
                    + "; columns found: " + header + ")");
        }
        return i;
    }

    /** Next data row, or null at the end. */
    String[] next() {
        startLine = rows.getCurrentLocation() == null ? 0 : rows.getCurrentLocation().getLineNr();
        try {
            if (!rows.hasNextValue()) {
                return null;
            }
            return rows.nextValue();
        } catch (IOException | RuntimeException e) {
            throw translate(file, e, line());
        }
    }

    private int startLine;

    /** 1-based line where the last row read began. */
    int line() {
        return startLine;
    }

    Path file() {
        return file;
    }

    static String cell(String[] row, int i) {
        return i >= 0 && i < row.length && row[i] != null ? row[i] : "";
    }

    static int indexOf(List<String> header, String... names) {
        for (String name : names) {
            for (int i = 0; i < header.size(); i++) {
                if (header.get(i).toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static LinkerException translate(Path file, Exception e, int line) {
        Throwable c = e;
        while (c != null) {
            if (c instanceof CharacterCodingException) {
                return new LinkerException(file + ": not valid UTF-8 (near line " + line
                        + "); re-export the file as UTF-8", e);
            }
            c = c.getCause();
        }
        String msg = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        return new LinkerException(file + ": unreadable CSV near line " + line + ": " + msg, e);
    }

    private static void closeQuietly(Reader r) {
        if (r != null) {
            try {
                r.close();
            } catch (IOException ignored) {
                // already failing with a better message
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(reader);
    }
}
