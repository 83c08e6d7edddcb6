package dev.linker.core.source;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The flat {@code key: value} lines of a YAML front-matter block ({@code ---} … {@code ---}) at the top of a
 * Markdown or HTML source file: enough for title, permalink, url and slug without a YAML parser per version.
 *
 * <p>One reader of front matter for the whole project: sources take these flat values (robust to what YAML parsers
 * refuse, such as a template's {@code {{ }}}); briefs parse {@link #block} as YAML for their lists.
 *
 * @param values    top-level scalar keys → values, quotes removed
 * @param body      the text after the block
 * @param bodyLine  1-based line number where the body starts
 * @param block     the lines between the markers, null when there is no block; "" when the block is not closed
 */
public record FrontMatter(Map<String, String> values, String body, int bodyLine, String block) {

    /** Whether the text opens a front-matter block it never closes. */
    public boolean unclosed() {
        return "".equals(block) && bodyLine == 1 && !body.isEmpty();
    }

    public static FrontMatter parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (!(t.startsWith("---\n") || t.startsWith("---\r\n") || t.equals("---"))) {
            return new FrontMatter(m, t, 1, null);
        }
        String[] lines = t.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].replace("\r", "");
            if (line.equals("---") || line.equals("...")) {
                StringBuilder body = new StringBuilder();
                for (int j = i + 1; j < lines.length; j++) {
                    body.append(lines[j]);
                    if (j < lines.length - 1) {
                        body.append('\n');
                    }
                }
                StringBuilder block = new StringBuilder();
                for (int j = 1; j < i; j++) {
                    block.append(lines[j].replace("\r", "")).append('\n');
                }
                return new FrontMatter(m, body.toString(), i + 2, block.toString());
            }
            int c = line.indexOf(':');
            if (c > 0 && !Character.isWhitespace(line.charAt(0)) && !line.startsWith("#")) {
                String v = line.substring(c + 1).strip();
                if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
                    v = v.substring(1, v.length() - 1);
                }
                m.putIfAbsent(line.substring(0, c).strip(), v);
            }
        }
        return new FrontMatter(Map.of(), t, 1, ""); // no closing line: not front matter
    }

    public String get(String key) {
        String v = values.get(key);
        return v == null || v.isEmpty() ? null : v;
    }

    /** 1-based line of {@code key:} in the block, or 0. */
    public static int lineOf(String text, String key) {
        String[] lines = text.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i].replace("\r", "");
            if (l.equals("---")) {
                return 0;
            }
            if (l.startsWith(key + ":")) {
                return i + 1;
            }
        }
        return 0;
    }
}
