package dev.linker.index;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.model.TextRegion;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A copy of a site without some links reads as the site would if those {@code <a>} had been unwrapped. */
class HiddenLinksTest {
    static Site read(String folder) {
        return SourceLoader.of(Path.of(folder)).withHtml(null, null, null, null).site();
    }

    static List<String> linkTexts(Page p) {
        return p.meta().regions().stream().filter(r -> r.kind() == TextRegion.Kind.LINK)
                .map(r -> p.text().substring(r.start(), r.end())).toList();
    }

    @Test
    void a_hidden_link_is_gone_its_text_stays_and_is_no_longer_a_link_s_text() {
        Site site = read("../examples/site");
        String espresso = "/guides/espresso.html";
        String grinding = "/guides/grinding.html";
        Page before = site.page(espresso);
        assertTrue(before.links().stream().anyMatch(l -> grinding.equals(l.targetUrl())), before.links().toString());
        assertTrue(linkTexts(before).contains("grinding coffee beans"), linkTexts(before).toString());

        Page after = HiddenLinks.without(site, Map.of(espresso, Set.of(grinding))).page(espresso);
        assertFalse(after.links().stream().anyMatch(l -> grinding.equals(l.targetUrl())), after.links().toString());
        assertEquals(before.text(), after.text(), "the words stay");
        assertFalse(linkTexts(after).contains("grinding coffee beans"), "free for a new link: " + linkTexts(after));
        assertEquals(before.links().size() - 1, after.links().size(), "every other link stays");
        assertEquals(linkTexts(before).size() - 1, linkTexts(after).size(), "every other link's text stays blocked");
        assertTrue(site.page(espresso).links().stream().anyMatch(l -> grinding.equals(l.targetUrl())),
                "the site itself is left as it was");
    }

    @Test
    void a_link_through_redirects_to_a_hidden_target_is_hidden_too() {
        Site site = read("../core/src/test/resources/sites/blog");
        String water = "/posts/water.html";
        String espresso = "/posts/espresso-basics.html";
        List<Link> through = site.page(water).links().stream().filter(l -> "/old/espresso".equals(l.href())).toList();
        assertEquals(1, through.size(), site.page(water).links().toString());
        Page after = HiddenLinks.without(site, Map.of(water, Set.of(espresso))).page(water);
        assertFalse(after.links().stream().anyMatch(l -> "/old/espresso".equals(l.href())), after.links().toString());
        List<PageRecord> records = SourceLoader.of(Path.of("../core/src/test/resources/sites/blog"))
                .records(HiddenLinks.without(site, Map.of(water, Set.of(espresso))));
        PageRecord w = records.stream().filter(r -> r.url().equals(water)).findFirst().orElseThrow();
        assertFalse(w.allLinks().contains(espresso), w.allLinks().toString());
    }
}
