package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.linker.core.anchor.TitleTemplate;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SiteSnapshotTest {
    static final String COLD_BREW = "https://brew.example/guides/cold-brew.html";

    @Test
    void a_snapshot_built_on_the_segments_read_before_names_every_page_as_one_read_whole() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            SnapshotLoader.Segments kept = new SnapshotLoader.Segments();
            idx.withView(v -> SnapshotLoader.load(v, kept));
            String text = text();

            // A page with names taught by others' links and by search queries, written after the first load.
            idx.upsert(new PageRecord("https://brew.example/guides/nitro-cold-brew.html",
                    new PageRecord.Text("Nitro Cold Brew — Brew Notes", "Nitro Cold Brew",
                            "Cold brew charged with nitrogen pours like a stout."), "/guides/", "",
                    new PageRecord.Standing(Status.LIVE, null, 0.5, 0), null, PageRecord.Outbound.of(List.of()),
                    new PageRecord.KnownAs(List.of(new String[] {COLD_BREW, "nitrogen coffee"},
                            new String[] {"https://brew.example/", "creamy cold coffee"}),
                            List.<String[]>of(new String[] {"nitro coffee at home", "12"}))));
            String more = text + " Nitrogen coffee and creamy cold coffee; nitro coffee at home.";
            assertSameNames(idx, kept, more, "after a write");

            idx.delete(COLD_BREW); // its segment stays; only which of its pages are live changed
            assertSameNames(idx, kept, more, "after a delete");

            // Pages without the " — Brew Notes" suffix, until it is no longer the site's template: every kept page's
            // names are derived again under the new one.
            TitleTemplate before = idx.withView(v -> SnapshotLoader.load(v, null).template());
            List<PageRecord> plain = new ArrayList<>();
            for (int i = 0; i < 45; i++) {
                plain.add(PageRecord.of("https://brew.example/log/" + i + ".html", "Brew log, day " + i, "",
                        "Notes of the day's brews.", "/log/"));
            }
            idx.putAll(plain);
            idx.commit();
            assertNotEquals(before, idx.withView(v -> SnapshotLoader.load(v, null).template()), "the template changed");
            assertSameNames(idx, kept, more + " Brew Notes.", "after the template changed");
        }
    }

    /** Every page's title, H1 and anchors in one text: each name the site has is in it. */
    static String text() {
        StringBuilder sb = new StringBuilder();
        for (PageRecord p : Fixtures.coffee()) {
            sb.append(p.title()).append(". ").append(p.h1()).append(". ");
            for (String[] n : p.names()) {
                sb.append(n[1]).append(". ");
            }
        }
        return sb.toString();
    }

    static void assertSameNames(PageIndex idx, SnapshotLoader.Segments kept, String text, String when) {
        SiteSnapshot whole = idx.withView(v -> SnapshotLoader.load(v, null));
        SiteSnapshot reused = idx.withView(v -> SnapshotLoader.load(v, kept));
        assertEquals(whole.template(), reused.template(), when);
        assertEquals(whole.names().size(), reused.names().size(), when);
        for (String hidden : new String[] {null, COLD_BREW, "https://brew.example/"}) {
            assertEquals(new TreeMap<>(whole.names().mentions(text, hidden)).toString(),
                    new TreeMap<>(reused.names().mentions(text, hidden)).toString(), when + ", hidden " + hidden);
        }
    }
}
