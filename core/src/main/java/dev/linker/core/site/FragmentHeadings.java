package dev.linker.core.site;

import org.jsoup.nodes.Element;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The heading each fragment id of a page belongs to ({@link dev.linker.core.model.Page#sectionHeadings()}). */
final class FragmentHeadings {
    private FragmentHeadings() {
    }

    /** Fragment ids (id, or a's name) → the heading they belong to. */
    static Map<String, String> of(List<Element> withId) {
        Map<String, String> headings = new HashMap<>();
        for (Element el : withId) {
            String id = el.hasAttr("id") ? el.id() : el.attr("name");
            if (!id.isEmpty() && !headings.containsKey(id)) {
                headings.put(id, headingOf(el));
            }
            if (el.hasAttr("id") && el.hasAttr("name") && !headings.containsKey(el.attr("name"))) {
                headings.put(el.attr("name"), headingOf(el));
            }
        }
        return headings;
    }

    /** Text of the heading that names the section an id belongs to ("" when there is none). */
    private static String headingOf(Element el) {
        for (Element e = el; e != null && !e.normalName().equals("body"); e = e.parent()) {
            if (isHeading(e)) {
                return Texts.collapse(e.text());
            }
            if (e != el) {
                break; // only the element itself or its direct heading parent (an <a id> inside an <h2>)
            }
        }
        if (el.parent() != null && isHeading(el.parent())) {
            return Texts.collapse(el.parent().text());
        }
        // The section's own heading comes first inside it; a bounded look keeps pages with many ids linear.
        int budget = 64;
        for (Element d = el.firstElementChild(); d != null && budget-- > 0; ) {
            if (isHeading(d)) {
                return Texts.collapse(d.text());
            }
            Element next = d.firstElementChild();
            if (next == null) {
                next = d.nextElementSibling();
                Element up = d;
                while (next == null && (up = up.parent()) != null && up != el) {
                    next = up.nextElementSibling();
                }
            }
            d = next;
        }
        return "";
    }

    private static boolean isHeading(Element e) {
        String n = e.normalName();
        return n.length() == 2 && n.charAt(0) == 'h' && n.charAt(1) >= '1' && n.charAt(1) <= '6';
    }
}
