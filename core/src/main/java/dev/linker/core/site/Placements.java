package dev.linker.core.site;

import dev.linker.core.model.Placement;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decides where on a page an element sits: content or a boilerplate region. With selectors, content is "inside the
 * content selector and not inside the boilerplate selector", exactly. Without, it is auto-detected: main, article,
 * [role=main]; nav/header/footer/aside and their ARIA roles; class or id names such as "nav", "sidebar", "toc";
 * and blocks made almost only of links. Everything is cached per element: a page is classified in linear time.
 */
final class Placements {
    private static final Set<String> NAV_WORDS = Set.of("nav", "navbar", "navigation", "navheader", "navfooter", "menu",
            "toc", "pagination", "pager", "skip");
    private static final int DENSE_MIN_LINKS = 8;
    private static final double DENSE_RATIO = 0.9;

    private final boolean explicit;
    private final Set<Element> contentRoots;
    private final Set<Element> boilerplateRoots;
    private final Element body;
    private final Map<Element, Placement> hintCache = new IdentityHashMap<>();
    private Map<Element, int[]> blockStats; // element → {text length, link text length, links}; built on first use

    /** @param all every element of the document, in document order (shared with the caller's single pass) */
    Placements(Document doc, List<Element> all, String contentSelector, String boilerplateSelector) {
        this.explicit = contentSelector != null;
        this.body = doc.body();
        this.contentRoots = identity();
        this.boilerplateRoots = identity();
        if (contentSelector != null) {
            contentRoots.addAll(doc.select(contentSelector));
        } else {
            boolean main = false;
            for (Element e : all) {
                if (e.normalName().equals("main") || e.attr("role").equals("main")) {
                    contentRoots.add(e);
                    main = true;
                }
            }
            if (!main) {
                for (Element e : all) {
                    if (e.normalName().equals("article")) {
                        contentRoots.add(e);
                    }
                }
            }
        }
        if (boilerplateSelector != null) {
            boilerplateRoots.addAll(doc.select(boilerplateSelector));
        }
    }

    private static Set<Element> identity() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** Elements whose text is the page's main content. */
    Set<Element> contentRoots() {
        return contentRoots;
    }

    /** Whether text under {@code el} is left out of the main content text. */
    boolean skipForText(Element el) {
        if (boilerplateRoots.contains(el)) {
            return true;
        }
        return !explicit && ownHint(el) != null;
    }

    Placement of(Element link) {
        boolean inContent = false;
        boolean inBoiler = false;
        Placement hint = null;
        for (Element e = link.parent(); e != null; e = e.parent()) {
            if (!inContent && contentRoots.contains(e)) {
                inContent = true;
            }
            if (!inBoiler && boilerplateRoots.contains(e)) {
                inBoiler = true;
            }
            if (hint == null || hint == Placement.NAV) {
                Placement h = ownHint(e);
                if (h == Placement.BREADCRUMB || hint == null) {
                    hint = h;
                }
            }
        }
        if (explicit) {
            if (inContent && !inBoiler) {
                return Placement.CONTENT;
            }
            return hint == null || hint == Placement.BREADCRUMB ? Placement.NAV : hint;
        }
        if (hint != null) {
            return hint;
        }
        if (inBoiler) {
            return Placement.NAV;
        }
        if (!contentRoots.isEmpty()) {
            return inContent ? Placement.CONTENT : Placement.NAV;
        }
        for (Element e = link.parent(); e != null && e != body; e = e.parent()) {
            if (isBlockList(e) && dense(e)) {
                return Placement.NAV;
            }
        }
        return Placement.CONTENT;
    }

    private static boolean isBlockList(Element e) {
        String n = e.normalName();
        return n.equals("ul") || n.equals("ol") || n.equals("table") || n.equals("div") || n.equals("dl");
    }

    private boolean dense(Element e) {
        if (blockStats == null) {
            blockStats = computeStats();
        }
        int[] s = blockStats.get(e);
        return s != null && s[2] >= DENSE_MIN_LINKS && s[0] > 0 && s[1] >= DENSE_RATIO * s[0];
    }

    /** One pass over the body: text length, link text length and link count of every element's subtree. */
    private Map<Element, int[]> computeStats() {
        Map<Element, int[]> stats = new IdentityHashMap<>();
        if (body == null) {
            return stats;
        }
        Deque<int[]> stack = new ArrayDeque<>();
        int[] inLink = {0};
        body.traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (node instanceof Element el) {
                    stack.push(new int[3]);
                    if (el.normalName().equals("a")) {
                        inLink[0]++;
                    }
                } else if (node instanceof TextNode t && !stack.isEmpty()) {
                    int len = t.isBlank() ? 0 : t.getWholeText().length();
                    stack.peek()[0] += len;
                    if (inLink[0] > 0) {
                        stack.peek()[1] += len;
                    }
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element el) {
                    int[] s = stack.pop();
                    if (el.normalName().equals("a")) {
                        inLink[0]--;
                        s[2]++;
                    }
                    stats.put(el, s);
                    if (!stack.isEmpty()) {
                        int[] p = stack.peek();
                        p[0] += s[0];
                        p[1] += s[1];
                        p[2] += s[2];
                    }
                }
            }
        });
        return stats;
    }

    /** The boilerplate region an element itself declares (by tag, role, or class/id), or null. */
    private Placement ownHint(Element e) {
        Placement cached = hintCache.get(e);
        if (cached != null || hintCache.containsKey(e)) {
            return cached;
        }
        Placement p = computeHint(e);
        hintCache.put(e, p);
        return p;
    }

    private static Placement computeHint(Element e) {
        switch (e.normalName()) {
            case "nav": return hasBreadcrumb(e) ? Placement.BREADCRUMB : Placement.NAV;
            case "header": return sectioningParent(e) ? null : Placement.HEADER;
            case "footer": return sectioningParent(e) ? null : Placement.FOOTER;
            case "aside": return Placement.ASIDE;
            // The page's own roots are never a region of it: their classes tell the page's state ("sidebar-visible"
            // on every mdBook page's <html>, "no-sidebar" on some of Apache's manual's <body>), not where a link sits.
            case "html", "body": return null;
            case "a", "p", "span", "em", "strong", "code", "b", "i", "li", "td", "tr", "tbody": {
                if (!(e.attributesSize() > 0)) {
                    return null;
                }
                break;
            }
            default: break;
        }
        if (!(e.attributesSize() > 0)) {
            return null;
        }
        if (hasBreadcrumb(e)) {
            return Placement.BREADCRUMB;
        }
        switch (e.attr("role")) {
            case "navigation": return Placement.NAV;
            case "banner": return Placement.HEADER;
            case "contentinfo": return Placement.FOOTER;
            case "complementary": return Placement.ASIDE;
            default: break;
        }
        Placement p = fromNames(e.className());
        return p != null ? p : fromNames(e.id());
    }

    private static boolean hasBreadcrumb(Element e) {
        return (e.attributesSize() > 0) && (contains(e.attr("aria-label"), "breadcrumb") || contains(e.className(), "breadcrumb")
                || e.attr("itemtype").endsWith("BreadcrumbList"));
    }

    private static boolean contains(String s, String lower) {
        return !s.isEmpty() && s.toLowerCase(Locale.ROOT).contains(lower);
    }

    /** Class or id names: "navheader", "site-footer", "sidebar-left", "toc" … (whole words between - and _). */
    static Placement fromNames(String names) {
        if (names.isEmpty()) {
            return null;
        }
        String lower = names.toLowerCase(Locale.ROOT);
        int n = lower.length();
        int tokenStart = 0;
        int wordStart = 0;
        for (int i = 0; i <= n; i++) {
            char c = i < n ? lower.charAt(i) : ' ';
            boolean tokenEnd = Character.isWhitespace(c);
            if (tokenEnd || c == '-' || c == '_') {
                if (i > wordStart) {
                    if (wordStart == tokenStart && lower.startsWith("nav", tokenStart)) {
                        return Placement.NAV;
                    }
                    Placement p = word(lower.substring(wordStart, i));
                    if (p != null) {
                        return p;
                    }
                }
                wordStart = i + 1;
                if (tokenEnd) {
                    tokenStart = i + 1;
                }
            }
        }
        return null;
    }

    private static Placement word(String w) {
        if (NAV_WORDS.contains(w)) {
            return Placement.NAV;
        }
        return switch (w) {
            case "footer" -> Placement.FOOTER;
            case "header", "masthead", "banner" -> Placement.HEADER;
            case "sidebar", "aside", "related" -> Placement.ASIDE;
            default -> null;
        };
    }

    /** A header/footer inside an article or section belongs to that content, not to the site template. */
    private static boolean sectioningParent(Element e) {
        Element p = e.parent();
        if (p == null) {
            return false;
        }
        String n = p.normalName();
        return n.equals("article") || n.equals("section") || n.equals("main");
    }
}
