package dev.linker.core.site;

import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What one pass over a page's elements finds: title, headings, canonical, robots, refresh, links, JSON-LD, dates. */
final class PageScan {
    private final String key;
    private final LinkTargets targets;
    String title = "";
    boolean titleSeen;
    Element h1;
    Element firstHeading;
    String canonical;
    boolean noindex;
    boolean nofollow;
    String redirectTo;
    final List<Element> anchors = new ArrayList<>();
    final List<Element> withId = new ArrayList<>();
    final List<Element> jsonLd = new ArrayList<>();
    Element crumbNav;
    String metaPublished;
    String itemPublished;
    final List<String> metaTags = new ArrayList<>();

    PageScan(String key, LinkTargets targets) {
        this.key = key;
        this.targets = targets;
    }

    void visit(Element el) {
        String n = el.normalName();
        if (itemPublished == null && el.attributesSize() > 0 && el.attr("itemprop").equals("datePublished")) {
            itemPublished = el.hasAttr("content") ? el.attr("content") : el.attr("datetime");
        }
        if ((el.attributesSize() > 0) && (el.hasAttr("id") || (n.equals("a") && el.hasAttr("name")))) {
            withId.add(el);
        }
        switch (n) {
            case "a", "area" -> {
                if (el.hasAttr("href")) {
                    anchors.add(el);
                }
            }
            case "title" -> {
                if (!titleSeen) {
                    titleSeen = true;
                    title = Texts.collapse(el.text());
                }
            }
            case "h1" -> {
                if (h1 == null) {
                    h1 = el;
                }
                if (firstHeading == null) {
                    firstHeading = el;
                }
            }
            case "h2", "h3", "h4", "h5", "h6" -> {
                if (firstHeading == null) {
                    firstHeading = el;
                }
            }
            case "link" -> {
                if (canonical == null && el.attr("rel").equalsIgnoreCase("canonical") && el.hasAttr("href")) {
                    PageKeys.Target t = targets.resolve(key, el.attr("href"));
                    canonical = t.external() ? el.attr("href") : t.key();
                }
            }
            case "meta" -> meta(el);
            case "script" -> {
                if (el.attr("type").equalsIgnoreCase("application/ld+json")) {
                    jsonLd.add(el);
                }
            }
            default -> {
            }
        }
        if (crumbNav == null && (el.attributesSize() > 0) && (el.attr("aria-label").toLowerCase(Locale.ROOT).contains("breadcrumb")
                || el.className().toLowerCase(Locale.ROOT).contains("breadcrumb")
                || el.attr("itemtype").endsWith("BreadcrumbList"))) {
            crumbNav = el;
        }
    }

    private void meta(Element el) {
        String name = el.attr("name").toLowerCase(Locale.ROOT);
        String property = el.attr("property");
        if (property.equals("article:published_time") && metaPublished == null) {
            metaPublished = el.attr("content");
        } else if (property.equals("article:tag")) {
            metaTags.add(el.attr("content"));
        }
        if (name.equals("robots") || name.equals("googlebot")) {
            String c = el.attr("content").toLowerCase(Locale.ROOT);
            noindex |= c.contains("noindex") || c.contains("none");
            nofollow |= c.contains("nofollow") || c.contains("none");
        } else if (redirectTo == null && el.attr("http-equiv").equalsIgnoreCase("refresh")) {
            String c = el.attr("content");
            int i = c.toLowerCase(Locale.ROOT).indexOf("url=");
            if (i >= 0) {
                String target = c.substring(i + 4).strip().replaceAll("^['\"]|['\"]$", "");
                PageKeys.Target t = targets.resolve(key, target);
                redirectTo = t.external() ? target : t.key();
            }
        }
    }
}
