package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.core.model.Crumb;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A page's breadcrumb trail: a JSON-LD BreadcrumbList, else the links of its breadcrumb navigation. */
final class Breadcrumbs {
    private Breadcrumbs() {
    }

    /** The trail of the page {@code key}: from its JSON-LD first, else from the links in {@code nav} (if any). */
    static List<Crumb> of(List<JsonNode> jsonLd, Element nav, String key, LinkTargets targets) {
        for (JsonNode n : jsonLd) {
            List<Crumb> crumbs = fromJsonLd(n, key, targets);
            if (!crumbs.isEmpty()) {
                return crumbs;
            }
        }
        if (nav == null) {
            return List.of();
        }
        List<Crumb> crumbs = new ArrayList<>();
        for (Element a : nav.getElementsByTag("a")) {
            if (a.hasAttr("href")) {
                PageKeys.Target t = targets.resolve(key, a.attr("href"));
                crumbs.add(new Crumb(Texts.collapse(a.text()), t.external() ? a.attr("href") : t.key()));
            }
        }
        return crumbs;
    }

    private static List<Crumb> fromJsonLd(JsonNode node, String key, LinkTargets targets) {
        if (node == null) {
            return List.of();
        }
        if (node.isArray()) {
            for (JsonNode n : node) {
                List<Crumb> c = fromJsonLd(n, key, targets);
                if (!c.isEmpty()) {
                    return c;
                }
            }
            return List.of();
        }
        if (node.has("@graph")) {
            return fromJsonLd(node.get("@graph"), key, targets);
        }
        if (!"BreadcrumbList".equals(node.path("@type").asText()) || !node.path("itemListElement").isArray()) {
            return List.of();
        }
        Map<Integer, Crumb> byPos = new TreeMap<>();
        int i = 0;
        for (JsonNode item : node.get("itemListElement")) {
            i++;
            JsonNode target = item.path("item");
            String url = target.isTextual() ? target.asText() : target.path("@id").asText("");
            String name = item.path("name").asText(target.path("name").asText(""));
            String k = null;
            if (!url.isEmpty()) {
                PageKeys.Target t = targets.resolve(key, url);
                k = t.external() ? url : t.key();
            }
            byPos.put(item.path("position").asInt(i), new Crumb(Texts.collapse(name), k));
        }
        return new ArrayList<>(byPos.values());
    }
}
