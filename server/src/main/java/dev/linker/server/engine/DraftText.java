package dev.linker.server.engine;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A draft as the widget sends it: Markdown or HTML source, or plain text. {@link #linkable()} is the text with every
 * place a link may not go (markup, code, existing links) blanked to spaces, so offsets found in it are offsets in the
 * source; {@link #links()} are the link targets the draft already has. The same rules as the widget's scanners.
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

    private DraftText(String source, Format format, String linkable, List<String> links) {
        this.source = source;
        this.format = format;
        this.linkable = linkable;
        this.links = links;
    }

    public static DraftText of(String source, Format format) {
        char[] chars = source.toCharArray();
        List<Pattern> masks = switch (format) {
            case MARKDOWN -> MARKDOWN_MASKS;
            case HTML -> HTML_MASKS;
            case TEXT -> List.of();
        };
        for (Pattern p : masks) {
            Matcher m = p.matcher(source);
            while (m.find()) {
                for (int i = m.start(); i < m.end(); i++) {
                    // Line breaks stay: they end sentences and paragraphs.
                    if (chars[i] != '\n') {
                        chars[i] = ' ';
                    }
                }
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
        return new DraftText(source, format, new String(chars), List.copyOf(links));
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
