package dev.linker.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;
import java.io.Writer;

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
        // Straight to the output, never a copy in memory: a catalogue's report is hundreds of MB.
        Writer w = out instanceof Writer writer ? writer : new AppendableWriter(out);
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            DefaultIndenter indent = new DefaultIndenter("  ", "\n");
            Separators sep = Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator("");
            g.setPrettyPrinter(new DefaultPrettyPrinter(sep).withObjectIndenter(indent).withArrayIndenter(indent));
            body.write(g);
        }
        w.append('\n');
        w.flush();
    }

    /** A Writer over an Appendable (standard output, a StringBuilder). */
    private static final class AppendableWriter extends Writer {
        private final Appendable out;

        AppendableWriter(Appendable out) {
            this.out = out;
        }

        @Override
        public void write(char[] chars, int off, int len) throws IOException {
            out.append(java.nio.CharBuffer.wrap(chars, off, len));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
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
