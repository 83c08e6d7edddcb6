package dev.linker.core.site;

/** Writing CSV as the project's CSV outputs do (RFC 4180): the one place a cell is quoted. */
public final class Csv {
    private Csv() {
    }

    /** A cell: empty for null; quoted, with quotes doubled, when it holds a comma, a quote or a line break. */
    public static String cell(String s) {
        if (s == null) {
            return "";
        }
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
