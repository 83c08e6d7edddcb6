package dev.linker.core.history;

import dev.linker.core.site.SiteReader;
import dev.linker.core.source.FrontMatter;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.parser.StreamParser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Title and H1 of one old version of a file, read as the site reader reads them (jsoup's title and first h1, else
 * first heading), but parsed only as far as the h1: a history scan reads thousands of versions, and the title is all it
 * needs from each.
 */
final class Titles {
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
        String title;
        String h1;
        try (StreamParser p = new StreamParser(Parser.htmlParser()).parse(text, "")) {
            title = text(p.selectFirst("title"));
            Element h = p.selectFirst("h1");
            // As the site reader does: the first heading when there is no h1 (the whole page is parsed by now).
            h1 = text(h != null ? h : p.document().selectFirst("h1, h2, h3, h4, h5, h6"));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string has no I/O to fail
        }
        // A Markdown-ish HTML source (Jekyll, Hugo layouts) may carry its title in front matter instead.
        if (title.isEmpty() && text.startsWith("---")) {
            String fm = FrontMatter.parse(text).get("title");
            title = fm == null ? "" : fm;
        }
        return new Named(title, h1);
    }

    private static String text(Element e) {
        return e == null ? "" : SiteReader.collapse(e.text());
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

    static String collapse(String s) {
        return SPACE.matcher(s).replaceAll(" ").strip();
    }
}
