package dev.linker.core.site;

import dev.linker.core.model.Placement;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Decides where on a page an element sits: content or a boilerplate region. With selectors, content is "inside the
 * content selector and not inside the boilerplate selector", exactly. Without, it is auto-detected: main, article,
 * [role=main]; nav/header/footer/aside and their ARIA roles; class or id names such as "nav", "sidebar", "toc";
 * and blocks made almost only of links.
 */
final class Placements {
    private static final Pattern HINT = Pattern.compile(
            "(?:^|[-_ ])(nav|navbar|navigation|navheader|navfooter|menu|sidebar|side-bar|toc|breadcrumbs?|footer|"
                    + "header|masthead|pagination|pager|skip-link|site-header|site-footer|related)(?:$|[-_ ])"
                    + "|^nav");
    private static final int DENSE_MIN_LINKS = 8;
    private static final double DENSE_RATIO = 0.9;

    private final boolean explicit;
    private final Set<Element> contentRoots;
    private final Set<Element> boilerplateRoots;
    private final Map<Element, Placement> hintCache = new IdentityHashMap<>();
    private final Map<Element, Boolean> denseCache = new IdentityHashMap<>();

    Placements(Document doc, String contentSelector, String boilerplateSelector) {
        this.explicit = contentSelector != null;
        this.contentRoots = identity(contentSelector != null ? doc.select(contentSelector) : autoMain(doc));
        this.boilerplateRoots = identity(boilerplateSelector != null ? doc.select(boilerplateSelector) : new Elements());
    }

    private static Elements autoMain(Document doc) {
        Elements main = doc.select("main, [role=main]");
        if (main.isEmpty()) {
            main = doc.select("article");
        }
        return main;
    }

    private static Set<Element> identity(Elements els) {
        Set<Element> s = Collections.newSetFromMap(new IdentityHashMap<>());
        s.addAll(els);
        return s;
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
        if (explicit) {
            return false;
        }
        return ownHint(el) != null;
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
        for (Element e = link.parent(); e != null && !e.nameIs("body"); e = e.parent()) {
            if (isBlockList(e) && dense(e)) {
                return Placement.NAV;
            }
        }
        return Placement.CONTENT;
    }

    private static boolean isBlockList(Element e) {
        return e.nameIs("ul") || e.nameIs("ol") || e.nameIs("table") || e.nameIs("div") || e.nameIs("dl");
    }

    private boolean dense(Element e) {
        return denseCache.computeIfAbsent(e, x -> {
            Elements links = x.getElementsByTag("a");
            if (links.size() < DENSE_MIN_LINKS) {
                return false;
            }
            int linkText = 0;
            for (Element a : links) {
                linkText += a.text().length();
            }
            int all = x.text().length();
            return all > 0 && linkText >= DENSE_RATIO * all;
        });
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
        String aria = e.attr("aria-label").toLowerCase(Locale.ROOT);
        String cls = e.className().toLowerCase(Locale.ROOT);
        if (aria.contains("breadcrumb") || cls.contains("breadcrumb")
                || e.attr("itemtype").endsWith("BreadcrumbList")) {
            return Placement.BREADCRUMB;
        }
        String role = e.attr("role");
        switch (e.normalName()) {
            case "nav": return Placement.NAV;
            case "header": return e.parent() != null && isSectioning(e.parent()) ? null : Placement.HEADER;
            case "footer": return e.parent() != null && isSectioning(e.parent()) ? null : Placement.FOOTER;
            case "aside": return Placement.ASIDE;
            default: break;
        }
        switch (role) {
            case "navigation": return Placement.NAV;
            case "banner": return Placement.HEADER;
            case "contentinfo": return Placement.FOOTER;
            case "complementary": return Placement.ASIDE;
            default: break;
        }
        if (cls.isEmpty() && !e.hasAttr("id")) {
            return null;
        }
        for (String token : (cls + " " + e.id().toLowerCase(Locale.ROOT)).split("\\s+")) {
            if (token.isEmpty()) {
                continue;
            }
            var m = HINT.matcher(token);
            if (m.find()) {
                String w = m.group(1) == null ? "nav" : m.group(1);
                if (w.contains("footer")) {
                    return Placement.FOOTER;
                }
                if (w.contains("header") && !w.equals("navheader") || w.equals("masthead")) {
                    return Placement.HEADER;
                }
                if (w.startsWith("side") || w.equals("related")) {
                    return Placement.ASIDE;
                }
                return Placement.NAV;
            }
        }
        return null;
    }

    /** A header/footer inside an article or section belongs to that content, not to the site template. */
    private static boolean isSectioning(Element e) {
        return e.nameIs("article") || e.nameIs("section") || e.nameIs("main");
    }
}
