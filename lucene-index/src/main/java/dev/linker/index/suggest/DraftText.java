package dev.linker.index.suggest;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A draft as an editor sends it: Markdown or HTML source, or plain text. {@link #linkable()} is the text with markup,
 * code and existing links blanked to spaces, so offsets found in it are offsets in the source; {@link #blocked()} are
 * the ranges where no link may go (those blanked ones and headings, whose words still count for ranking);
 * {@link #links()} are the link targets the draft already has. The same rules as the widget's scanners.
 */
public final class DraftText {

    public enum Format {
        MARKDOWN, HTML, TEXT;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A pattern and where its matches can start: at one of {@code starts}' characters, or at the start of a line
     * ({@code lineStart}, for patterns that begin with {@code ^} in multi-line mode). A draft is scanned only from
     * those places, each with {@link Matcher#lookingAt()}, instead of {@link Matcher#find()} trying every offset:
     * the same matches (the first character of any match is one of them), at a fraction of the cost on a
     * 1,000-word draft sent with every edit.
     */
    record Rule(Pattern pattern, String starts, boolean lineStart) {
        static Rule at(String starts, String regex, int flags) {
            return new Rule(Pattern.compile(regex, flags), starts, false);
        }

        static Rule lineStart(String regex) {
            return new Rule(Pattern.compile(regex, Pattern.MULTILINE), "", true);
        }

        /** Calls {@code each} for every match, left to right, as a {@link Matcher#find()} loop would. */
        void matches(String text, java.util.function.Consumer<Matcher> each) {
            // Transparent, non-anchoring bounds: ^, \b and lookarounds see the whole text, not the region.
            Matcher m = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
            Starts places = new Starts(text, lineStart ? LINE_ENDS : starts, lineStart);
            for (int i = places.next(0); i >= 0; ) {
                m.region(i, text.length());
                if (m.lookingAt()) {
                    each.accept(m);
                    i = places.next(Math.max(m.end(), i + 1));
                } else {
                    i = places.next(i + 1);
                }
            }
        }
    }

    /** The characters after which {@code ^} may match in multi-line mode (Pattern checks the rest). */
    private static final String LINE_ENDS = "\n\r\u0085\u2028\u2029";

    /**
     * The places of a text where a rule's match can start, in order: each character's next occurrence is kept and
     * looked for again (by {@link String#indexOf(int, int)}) only once passed, so a scan reads the text once per
     * character however many places it visits.
     */
    private static final class Starts {
        private final String text;
        private final String chars;
        private final boolean after;
        private final int[] next;

        /** @param after the places are just after each character (line starts), not at it */
        Starts(String text, String chars, boolean after) {
            this.text = text;
            this.chars = chars;
            this.after = after;
            this.next = new int[chars.length()];
            java.util.Arrays.fill(next, -2); // not looked for yet
        }

        /** The first place at or after {@code from}; -1 if none. */
        int next(int from) {
            if (after && from == 0) {
                return 0;
            }
            int at = after ? from - 1 : from;
            int best = -1;
            for (int k = 0; k < next.length; k++) {
                if (next[k] != -1 && next[k] < at) {
                    next[k] = text.indexOf(chars.charAt(k), at);
                }
                if (next[k] >= 0 && (best < 0 || next[k] < best)) {
                    best = next[k];
                }
            }
            if (best < 0) {
                return -1;
            }
            // After a line end that closes the text no rule can match: each needs a character.
            return after ? (best + 1 < text.length() ? best + 1 : -1) : best;
        }
    }

    private static final List<Rule> MARKDOWN_MASKS = List.of(
            Rule.lineStart("^(```|~~~)[^\\n]*\\n[\\s\\S]*?(?:^\\1[^\\n]*$|\\z)"),
            Rule.at("`", "`[^`\\n]+`", 0),
            Rule.at("![", "!?\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\([^)]*\\)", 0),
            Rule.lineStart("^\\s{0,3}\\[[^\\]\\n]+\\]:.*$"),
            Rule.at("[", "\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\[[^\\]\\n]*\\]", 0),
            Rule.at("<", "<[^>\\n]+>", 0),
            Rule.at("h", "\\bhttps?://[^\\s<>()\\]]+", 0));
    private static final List<Rule> HTML_MASKS = List.of(
            Rule.at("<", "<!--[\\s\\S]*?(?:-->|\\z)", 0),
            Rule.at("<", "<(script|style|code|pre|textarea)\\b[\\s\\S]*?(?:</\\1\\s*>|\\z)", Pattern.CASE_INSENSITIVE),
            Rule.at("<", "<a\\b[^>]*>[\\s\\S]*?(?:</a\\s*>|\\z)", Pattern.CASE_INSENSITIVE),
            Rule.at("<", "<[^>]*>?", 0),
            Rule.at("&", "&[a-zA-Z0-9#]+;", 0));
    /** ATX headings ("## Title") and setext headings (a line underlined with === or ---). */
    private static final List<Rule> MARKDOWN_HEADINGS = List.of(
            Rule.lineStart("^ {0,3}#{1,6}(?:[ \\t][^\\n]*+)?$"),
            // Linear: each line is scanned once (possessive), its non-blankness checked by a lookahead.
            Rule.lineStart("^(?=[^\\n]*\\S)[^\\n]*+\\n {0,3}(?:=++|-++)[ \\t]*+$"));
    private static final List<Rule> HTML_HEADINGS = List.of(
            Rule.at("<", "<(h[1-6])\\b[\\s\\S]*?(?:</\\1\\s*>|\\z)", Pattern.CASE_INSENSITIVE));
    private static final List<Rule> MARKDOWN_LINKS = List.of(
            Rule.at("![", "!?\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\(\\s*<?([^)\\s>]+)>?[^)]*\\)", 0),
            Rule.lineStart("^\\s{0,3}\\[[^\\]\\n]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$"),
            Rule.at("<", "<(https?://[^>\\s]+)>", 0));
    private static final List<Rule> HTML_LINKS = List.of(
            Rule.at("<", "<a\\b[^>]*?\\bhref\\s*=\\s*[\"']?([^\"'\\s>]+)", Pattern.CASE_INSENSITIVE));

    /** What a format is scanned with: regions blanked, headings (blocked, words kept), link targets collected. */
    private record Scan(List<Rule> masks, List<Rule> headings, List<Rule> links) {
        static Scan of(Format format) {
            return switch (format) {
                case MARKDOWN -> new Scan(MARKDOWN_MASKS, MARKDOWN_HEADINGS, MARKDOWN_LINKS);
                case HTML -> new Scan(HTML_MASKS, HTML_HEADINGS, HTML_LINKS);
                case TEXT -> new Scan(List.of(), List.of(), List.of());
            };
        }
    }

    private final String source;
    private final Format format;
    private final String linkable;
    private final List<String> links;
    private final List<int[]> blocked;

    private DraftText(String source, Format format, String linkable, List<String> links, List<int[]> blocked) {
        this.source = source;
        this.format = format;
        this.linkable = linkable;
        this.links = links;
        this.blocked = blocked;
    }

    public static DraftText of(String source, Format format) {
        Scan scan = Scan.of(format);
        char[] chars = source.toCharArray();
        List<int[]> blocked = new ArrayList<>();
        for (Rule r : scan.masks()) {
            r.matches(source, m -> {
                blocked.add(new int[] {m.start(), m.end()});
                for (int i = m.start(); i < m.end(); i++) {
                    // Line breaks stay: they end sentences and paragraphs.
                    if (chars[i] != '\n') {
                        chars[i] = ' ';
                    }
                }
            });
        }
        for (Rule r : scan.headings()) {
            r.matches(source, m -> blocked.add(new int[] {m.start(), m.end()}));
        }
        List<String> links = new ArrayList<>();
        for (Rule r : scan.links()) {
            r.matches(source, m -> links.add(m.group(1).replace("&amp;", "&")));
        }
        return new DraftText(source, format, new String(chars), List.copyOf(links), List.copyOf(blocked));
    }

    /** Every rule a format is scanned with: masks, headings, links. */
    static List<Rule> rules(Format format) {
        Scan scan = Scan.of(format);
        return java.util.stream.Stream.of(scan.masks(), scan.headings(), scan.links()).flatMap(List::stream).toList();
    }

    public String source() {
        return source;
    }

    public Format format() {
        return format;
    }

    /** The source with unlinkable regions blanked: same length, same offsets. */
    public String linkable() {
        return linkable;
    }

    public List<String> links() {
        return links;
    }

    /** Ranges {from, to} of the source where no link may go: markup, code, existing links, headings. */
    public List<int[]> blocked() {
        return blocked;
    }

    /** The format a draft file's name suggests: .md/.markdown Markdown, .html/.htm HTML, else plain text. */
    public static Format formatOf(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".md") || n.endsWith(".markdown") || n.endsWith(".mdx")) {
            return Format.MARKDOWN;
        }
        if (n.endsWith(".html") || n.endsWith(".htm")) {
            return Format.HTML;
        }
        return Format.TEXT;
    }

    /** The format named by an API or CLI value: markdown, html or text; null for anything else. */
    public static Format parseFormat(String name) {
        for (Format f : Format.values()) {
            if (f.id().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /**
     * Paragraphs of the linkable text, stripped, non-blank: split where a line break is followed, across white space
     * only, by another (the regular expression {@code \n\s*\n}), each run of white space ({@code \s}) made one space.
     * Written out rather than by {@code split} and {@code replaceAll}: the editor asks for it on every keystroke.
     */
    public List<String> paragraphs() {
        List<String> out = new ArrayList<>();
        String t = linkable;
        int n = t.length();
        StringBuilder sb = new StringBuilder();
        int from = 0;
        while (from < n) {
            int end = n;
            int next = n;
            for (int k = from; k < n; k++) {
                if (t.charAt(k) == '\n') {
                    int j = k + 1;
                    int lastBreak = -1;
                    while (j < n && isSpace(t.charAt(j))) {
                        if (t.charAt(j) == '\n') {
                            lastBreak = j;
                        }
                        j++;
                    }
                    if (lastBreak >= 0) {
                        end = k;
                        next = lastBreak + 1;
                        break;
                    }
                    k = j - 1; // no break in that run of white space: no blank line starts inside it either
                }
            }
            sb.setLength(0);
            boolean space = false;
            for (int k = from; k < end; k++) {
                char c = t.charAt(k);
                if (isSpace(c)) {
                    space = true;
                } else {
                    if (space) {
                        sb.append(' ');
                        space = false;
                    }
                    sb.append(c);
                }
            }
            String p = sb.toString().strip(); // the ends, also of Unicode white space, as strip() does
            if (!p.isEmpty()) {
                out.add(p);
            }
            from = next;
        }
        return out;
    }

    /** {@code \s} of a regular expression: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /**
     * A comparable form of a link target: its path and query without trailing slash, so a relative link in a draft
     * ("/guides/x/") and a page's absolute URL ("https://site/guides/x") compare equal.
     */
    public static String urlKey(String url) {
        String u = url.strip();
        try {
            URI uri = new URI(u);
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            path = path.replaceAll("/+$", "");
            if (path.isEmpty()) {
                path = "/";
            }
            return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        } catch (java.net.URISyntaxException e) {
            return u;
        }
    }
}
