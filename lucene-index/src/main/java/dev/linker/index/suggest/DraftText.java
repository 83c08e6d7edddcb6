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

    private static final List<Pattern> MARKDOWN_MASKS = List.of(
            Pattern.compile("^(```|~~~)[^\\n]*\\n[\\s\\S]*?(?:^\\1[^\\n]*$|\\z)", Pattern.MULTILINE),
            Pattern.compile("`[^`\\n]+`"),
            Pattern.compile("!?\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\([^)]*\\)"),
            Pattern.compile("^\\s{0,3}\\[[^\\]\\n]+\\]:.*$", Pattern.MULTILINE),
            Pattern.compile("\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\[[^\\]\\n]*\\]"),
            Pattern.compile("<[^>\\n]+>"),
            Pattern.compile("\\bhttps?://[^\\s<>()\\]]+"));
    private static final List<Pattern> HTML_MASKS = List.of(
            Pattern.compile("<!--[\\s\\S]*?(?:-->|\\z)"),
            Pattern.compile("<(script|style|code|pre|textarea)\\b[\\s\\S]*?(?:</\\1\\s*>|\\z)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("<a\\b[^>]*>[\\s\\S]*?(?:</a\\s*>|\\z)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("<[^>]*>?"),
            Pattern.compile("&[a-zA-Z0-9#]+;"));
    /** ATX headings ("## Title") and setext headings (a line underlined with === or ---). */
    private static final List<Pattern> MARKDOWN_HEADINGS = List.of(
            Pattern.compile("^ {0,3}#{1,6}(?:[ \\t][^\\n]*+)?$", Pattern.MULTILINE),
            // Linear: each line is scanned once (possessive), its non-blankness checked by a lookahead.
            Pattern.compile("^(?=[^\\n]*\\S)[^\\n]*+\\n {0,3}(?:=++|-++)[ \\t]*+$", Pattern.MULTILINE));
    private static final List<Pattern> HTML_HEADINGS = List.of(
            Pattern.compile("<(h[1-6])\\b[\\s\\S]*?(?:</\\1\\s*>|\\z)", Pattern.CASE_INSENSITIVE));
    private static final List<Pattern> MARKDOWN_LINKS = List.of(
            Pattern.compile("!?\\[(?:[^\\]\\\\\\n]|\\\\.)*\\]\\(\\s*<?([^)\\s>]+)>?[^)]*\\)"),
            Pattern.compile("^\\s{0,3}\\[[^\\]\\n]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$", Pattern.MULTILINE),
            Pattern.compile("<(https?://[^>\\s]+)>"));
    private static final Pattern HTML_LINK = Pattern.compile("<a\\b[^>]*?\\bhref\\s*=\\s*[\"']?([^\"'\\s>]+)",
            Pattern.CASE_INSENSITIVE);

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
        char[] chars = source.toCharArray();
        List<Pattern> masks = switch (format) {
            case MARKDOWN -> MARKDOWN_MASKS;
            case HTML -> HTML_MASKS;
            case TEXT -> List.of();
        };
        List<int[]> blocked = new ArrayList<>();
        for (Pattern p : masks) {
            Matcher m = p.matcher(source);
            while (m.find()) {
                blocked.add(new int[] {m.start(), m.end()});
                for (int i = m.start(); i < m.end(); i++) {
                    // Line breaks stay: they end sentences and paragraphs.
                    if (chars[i] != '\n') {
                        chars[i] = ' ';
                    }
                }
            }
        }
        List<Pattern> headings = switch (format) {
            case MARKDOWN -> MARKDOWN_HEADINGS;
            case HTML -> HTML_HEADINGS;
            case TEXT -> List.of();
        };
        for (Pattern p : headings) {
            Matcher m = p.matcher(source);
            while (m.find()) {
                blocked.add(new int[] {m.start(), m.end()});
            }
        }
        List<String> links = new ArrayList<>();
        List<Pattern> linkPatterns = switch (format) {
            case MARKDOWN -> MARKDOWN_LINKS;
            case HTML -> List.of(HTML_LINK);
            case TEXT -> List.of();
        };
        for (Pattern p : linkPatterns) {
            Matcher m = p.matcher(source);
            while (m.find()) {
                links.add(m.group(1).replace("&amp;", "&"));
            }
        }
        return new DraftText(source, format, new String(chars), List.copyOf(links), List.copyOf(blocked));
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

    /** Paragraphs of the linkable text (split on blank lines), stripped, non-blank. */
    public List<String> paragraphs() {
        List<String> out = new ArrayList<>();
        for (String p : linkable.split("\\n\\s*\\n")) {
            String s = p.replaceAll("\\s+", " ").strip();
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
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
