package dev.linker.core.site;

import dev.linker.core.model.TextRegion;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The main-content text of a page, with its block structure: one line per block (paragraph, heading, list item,
 * table cell, code line …), whitespace inside a line collapsed to single spaces, so a {@code \n} is always a block
 * boundary and sentences never run from a heading into the paragraph after it. Alongside, where headings, code and
 * existing link texts lie, as character offsets into that text.
 */
final class MainText {
    /**
     * @param text      the text, lines joined by {@code \n}, no leading, trailing or doubled separators
     * @param regions   headings, code and link texts, ordered by start
     * @param firstTime the datetime attribute of the first {@code <time datetime>} inside the main content, or null
     */
    record Result(String text, List<TextRegion> regions, String firstTime) {
    }

    private static final TextRegion.Kind[] KINDS = TextRegion.Kind.values();

    private final StringBuilder sb = new StringBuilder();
    private boolean pendingSpace;
    private boolean pendingBreak;
    private int pre;
    /** Per region kind: how deeply nested we are in elements of that kind, and where the outermost one started. */
    private final int[] depth = new int[KINDS.length];
    private final int[] start = new int[KINDS.length];
    private final List<TextRegion> regions = new ArrayList<>();
    private String firstTime;

    private MainText() {
    }

    static Result of(Document doc, Placements placements) {
        MainText t = new MainText();
        for (Element root : roots(doc, placements)) {
            t.block();
            t.walk(root, placements);
            t.block();
        }
        t.regions.sort(Comparator.comparingInt(TextRegion::start).thenComparingInt(TextRegion::end));
        return new Result(t.sb.toString(), List.copyOf(t.regions), t.firstTime);
    }

    /**
     * The outermost content roots in document order (or the body when there are none). One pass that does not
     * descend into a root once found: linear even for a page of 20,000 sibling {@code <article>}s, where checking
     * each root against every earlier one was quadratic.
     */
    static List<Element> roots(Document doc, Placements placements) {
        List<Element> out = new ArrayList<>();
        if (placements.contentRoots().isEmpty()) {
            if (doc.body() != null) {
                out.add(doc.body());
            }
            return out;
        }
        doc.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (node instanceof Element e && placements.contentRoots().contains(e)) {
                    out.add(e);
                    return FilterResult.SKIP_ENTIRELY;
                }
                return node instanceof Element ? FilterResult.CONTINUE : FilterResult.SKIP_ENTIRELY;
            }

            @Override
            public FilterResult tail(Node node, int depth) {
                return FilterResult.CONTINUE;
            }
        });
        return out;
    }

    private void walk(Element root, Placements placements) {
        root.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int d) {
                if (node instanceof TextNode t) {
                    text(t.getWholeText());
                    return FilterResult.CONTINUE;
                }
                if (!(node instanceof Element e)) {
                    return FilterResult.CONTINUE;
                }
                String n = e.normalName();
                if (n.equals("script") || n.equals("style") || n.equals("noscript") || n.equals("template")
                        || (e != root && placements.skipForText(e))) {
                    if (e.isBlock()) {
                        block();
                    }
                    return FilterResult.SKIP_ENTIRELY;
                }
                if (e.isBlock() || n.equals("br")) {
                    block();
                }
                if (n.equals("pre")) {
                    pre++;
                }
                if (n.equals("time") && firstTime == null && e.hasAttr("datetime")) {
                    firstTime = e.attr("datetime");
                }
                TextRegion.Kind k = kind(e, n);
                if (k != null && depth[k.ordinal()]++ == 0) {
                    start[k.ordinal()] = -1; // set by the first character written inside
                }
                return FilterResult.CONTINUE;
            }

            @Override
            public FilterResult tail(Node node, int d) {
                if (!(node instanceof Element e)) {
                    return FilterResult.CONTINUE;
                }
                String n = e.normalName();
                TextRegion.Kind k = kind(e, n);
                if (k != null && --depth[k.ordinal()] == 0 && start[k.ordinal()] >= 0) {
                    regions.add(new TextRegion(k, start[k.ordinal()], sb.length()));
                }
                if (n.equals("pre")) {
                    pre--;
                }
                if (e.isBlock()) {
                    block();
                }
                return FilterResult.CONTINUE;
            }
        });
    }

    private static TextRegion.Kind kind(Element e, String n) {
        return switch (n) {
            case "h1", "h2", "h3", "h4", "h5", "h6" -> TextRegion.Kind.HEADING;
            case "pre", "code", "kbd", "samp" -> TextRegion.Kind.CODE;
            case "a" -> e.hasAttr("href") ? TextRegion.Kind.LINK : null;
            default -> null;
        };
    }

    /** A block boundary: the next character written starts a new line. */
    private void block() {
        pendingBreak = true;
    }

    private void text(String s) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n' && pre > 0) {
                pendingBreak = true; // a line of code is a line
                i++;
            } else if (Texts.isSpace(c)) {
                pendingSpace = true;
                i++;
            } else {
                int word = i; // a run of characters other than spaces, appended at once
                do {
                    i++;
                } while (i < n && !Texts.isSpace(s.charAt(i)));
                if (!sb.isEmpty()) {
                    if (pendingBreak) {
                        sb.append('\n');
                    } else if (pendingSpace) {
                        sb.append(' ');
                    }
                }
                pendingBreak = false;
                pendingSpace = false;
                for (int k = 0; k < KINDS.length; k++) {
                    if (depth[k] > 0 && start[k] < 0) {
                        start[k] = sb.length();
                    }
                }
                sb.append(s, word, i);
            }
        }
    }
}
