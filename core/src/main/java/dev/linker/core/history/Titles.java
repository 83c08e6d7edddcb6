package dev.linker.core.history;

import dev.linker.core.source.FrontMatter;
import org.jsoup.parser.Parser;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Title and H1 of one old version of a file, without a full parse: a history scan reads thousands of versions, and
 * the title is all it needs from each.
 */
final class Titles {
    private static final Pattern TITLE = Pattern.compile("(?is)<title[^>]*>(.*?)</title>");
    private static final Pattern H1 = Pattern.compile("(?is)<h1[^>]*>(.*?)</h1>");
    private static final Pattern ANY_HEADING = Pattern.compile("(?is)<h([1-6])[^>]*>(.*?)</h\\1>");
    private static final Pattern TAG = Pattern.compile("(?s)<[^>]*>");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    record Named(String title, String h1) {
    }

    private Titles() {
    }

    static Named of(String path, String text) {
        String p = path.toLowerCase(Locale.ROOT);
        if (p.endsWith(".md") || p.endsWith(".markdown") || p.endsWith(".mdx")) {
            return markdown(text);
        }
        return html(text);
    }

    static Named html(String text) {
        String title = first(TITLE, text, 1);
        String h1 = first(H1, text, 1);
        if (h1.isEmpty()) {
            h1 = first(ANY_HEADING, text, 2); // as the site reader does: the first heading when there is no h1
        }
        // A Markdown-ish HTML source (Jekyll, Hugo layouts) may carry its title in front matter instead.
        if (title.isEmpty() && text.startsWith("---")) {
            title = FrontMatter.parse(text).get("title");
        }
        return new Named(title == null ? "" : title, h1);
    }

    static Named markdown(String text) {
        FrontMatter fm = FrontMatter.parse(text);
        String title = fm.get("title");
        String h1 = "";
        boolean fence = false;
        for (String line : fm.body().split("\n", -1)) {
            String l = line.strip();
            if (l.startsWith("```") || l.startsWith("~~~")) {
                fence = !fence;
            } else if (!fence && l.startsWith("# ")) {
                h1 = collapse(l.substring(2).replaceAll("\\s#+$", ""));
                break;
            }
        }
        return new Named(title == null ? "" : collapse(title), h1);
    }

    private static String first(Pattern p, String text, int group) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            return "";
        }
        return collapse(Parser.unescapeEntities(TAG.matcher(m.group(group)).replaceAll(" "), false));
    }

    static String collapse(String s) {
        return SPACE.matcher(s).replaceAll(" ").strip();
    }
}
