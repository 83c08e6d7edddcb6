package dev.linker.core.site;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** How the reader decodes the bytes of a file and writes each text it keeps. */
final class Texts {
    private Texts() {
    }

    /** The text of UTF-8 bytes without a byte-order mark, or null when they are not valid UTF-8. */
    static String utf8(byte[] bytes) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return !s.isEmpty() && s.charAt(0) == '\uFEFF' ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** A space of a text (no-break space included): a run of them is written as one. */
    static boolean isSpace(char c) {
        return Character.isWhitespace(c) || c == '\u00A0';
    }

    /** Each run of whitespace (no-break space included) as one space, stripped. */
    static String collapse(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isSpace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) {
                    sb.append(' ');
                    space = false;
                }
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
