package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.model.Link;
import dev.linker.core.model.PageMeta;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A page's {@link PageMeta} (date, tags, kind) from its JSON-LD, its meta tags and its markup. */
final class PageMetaReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PageMetaReader() {
    }

    /**
     * Date, tags and kind; for each, the first source found wins. Dates: JSON-LD datePublished of an article or
     * web page, meta article:published_time, itemprop=datePublished, the first time[datetime] in the main content.
     * Tags: JSON-LD keywords, meta article:tag, the text of content links with rel=tag. Metadata that does not parse
     * is skipped like a missing one: it is the site's to fix, and no reason to stop reading.
     */
    static PageMeta meta(String key, List<JsonNode> ld, String metaPublished, String itemPublished,
                         List<String> metaTags, List<Link> links, MainText.Result main) {
        JsonLdFacts facts = new JsonLdFacts();
        for (JsonNode n : ld) {
            facts.collect(n, true);
        }
        LocalDate published = facts.published;
        for (String s : new String[] {metaPublished, itemPublished, main.firstTime()}) {
            if (published == null) {
                published = Dates.parse(s);
            }
        }
        List<String> tags = facts.keywords;
        if (tags.isEmpty()) {
            tags = metaTags;
        }
        if (tags.isEmpty()) {
            tags = new ArrayList<>();
            for (Link l : links) {
                if (l.content() && hasToken(l.rel(), "tag")) {
                    tags.add(l.anchorText());
                }
            }
        }
        PageMeta meta = new PageMeta(published, tags, Hubs.classify(key, facts.types, main.text(), main.regions()),
                main.regions());
        return meta.equals(PageMeta.NONE) ? PageMeta.NONE : meta; // most pages of a catalogue: one object for all
    }

    private static boolean hasToken(String attr, String token) {
        for (String t : attr.toLowerCase(Locale.ROOT).split("\\s+")) {
            if (t.equals(token)) {
                return true;
            }
        }
        return false;
    }

    /** What the JSON-LD objects of a page say: their top-level types, datePublished and keywords. */
    private static final class JsonLdFacts {
        final Set<String> types = new LinkedHashSet<>();
        LocalDate published;
        List<String> keywords = new ArrayList<>();

        /** @param top whether the node is a top-level object (or an item of a top-level @graph) */
        void collect(JsonNode node, boolean top) {
            if (node == null) {
                return;
            }
            if (node.isArray()) {
                for (JsonNode n : node) {
                    collect(n, top);
                }
                return;
            }
            if (!node.isObject()) {
                return;
            }
            if (node.has("@graph")) {
                collect(node.get("@graph"), top);
            }
            List<String> own = types(node.path("@type"));
            if (top) {
                types.addAll(own);
            }
            if (own.stream().noneMatch(Dates::articleType)) {
                return;
            }
            if (published == null) {
                JsonNode d = node.path("datePublished");
                published = Dates.parse(d.isArray() ? d.path(0).asText(null) : d.asText(null));
            }
            if (keywords.isEmpty()) {
                JsonNode k = node.path("keywords");
                if (k.isArray()) {
                    for (JsonNode x : k) {
                        keywords.add(x.isObject() ? x.path("name").asText("") : x.asText(""));
                    }
                } else if (k.isTextual()) {
                    keywords.addAll(List.of(k.asText().split(",")));
                }
                keywords.removeIf(String::isBlank);
            }
        }

        /** "BlogPosting", ["Article", "BlogPosting"], "https://schema.org/BlogPosting" → the type names. */
        private static List<String> types(JsonNode t) {
            List<String> out = new ArrayList<>();
            for (JsonNode x : t.isArray() ? t : List.of(t)) {
                String s = x.asText("");
                int slash = s.lastIndexOf('/');
                s = slash >= 0 ? s.substring(slash + 1) : s;
                if (!s.isEmpty()) {
                    out.add(s);
                }
            }
            return out;
        }
    }

    /** The JSON-LD scripts of a page, parsed; one that does not parse is left out. */
    static List<JsonNode> parseJsonLd(List<Element> scripts) {
        List<JsonNode> out = new ArrayList<>(scripts.size());
        for (Element script : scripts) {
            try {
                JsonNode n = JSON.readTree(script.data());
                if (n != null) {
                    out.add(n);
                }
            } catch (IOException e) {
                // Broken JSON-LD is the site's problem, not a reason to stop: fall back to the markup.
            }
        }
        return out;
    }
}
