package dev.linker.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;
import java.io.StringWriter;

/**
 * Pretty JSON written field by field (never by reflection), so key order is part of the code and the output is the
 * same on every machine: two-space indent, "\n" line ends, {@code "key": value}, a final newline.
 */
final class JsonOutput {
    private static final JsonFactory FACTORY = JsonEscapes.factory();

    private JsonOutput() {
    }

    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    static void write(Appendable out, Body body) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            DefaultIndenter indent = new DefaultIndenter("  ", "\n");
            Separators sep = Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator("");
            g.setPrettyPrinter(new DefaultPrettyPrinter(sep).withObjectIndenter(indent).withArrayIndenter(indent));
            body.write(g);
        }
        out.append(w.toString()).append('\n');
    }

    /** Writes a string field, or null when the value is null or empty (an unknown, not an empty name). */
    static void stringOrNull(JsonGenerator g, String field, String value) throws IOException {
        if (value == null || value.isEmpty()) {
            g.writeNullField(field);
        } else {
            g.writeStringField(field, value);
        }
    }
}
