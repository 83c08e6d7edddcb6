package dev.linker.core.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * JSON escapes for files people also open (reports, {@code linker suggest --format json}): besides what JSON requires,
 * the characters {@link Visible} makes visible — bidirectional overrides, isolates and marks, C1 controls — are
 * written as {@code \}{@code uXXXX}. A program reading the file gets the exact text; an editor or a SARIF viewer
 * cannot be made to show a reordered line ("Trojan Source").
 */
public final class JsonEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private static final JsonEscapes INSTANCE = new JsonEscapes();
    private final int[] ascii = standardAsciiEscapesForJSON();

    private JsonEscapes() {
        ascii[0x7F] = ESCAPE_STANDARD; // DEL, which JSON allows raw
    }

    /** A JSON factory that writes with these escapes. */
    public static JsonFactory factory() {
        JsonFactory f = new JsonFactory();
        f.setCharacterEscapes(INSTANCE);
        return f;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        // Asked for every character past ASCII (the ASCII controls JSON escapes anyway).
        return ch <= 0xFFFF && Visible.hidden((char) ch)
                ? new SerializedString(String.format("\\u%04X", ch)) : null;
    }
}
