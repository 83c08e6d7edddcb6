package dev.linker.index.brief;

import dev.linker.core.brief.Brief;
import dev.linker.core.brief.Briefs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BriefFormatTest {

    @Test
    void a_saved_brief_is_read_back_by_the_audit_whatever_its_query_holds(@TempDir Path dir) throws IOException {
        String query = "ratio: 1:8 \"strong\" \\ cold\nbrew # not a comment";
        ContentBrief b = new ContentBrief(query, "Cold brew: at home", "/cold-brew.html",
                List.of(new ContentBrief.LinkTo("/grind/", "Grind", "grind size: coarse", "why", 0.9),
                        new ContentBrief.LinkTo("/water/", "Water", "soft water", "why", 0.8)),
                List.of());
        String md = BriefFormat.markdown(b, true);
        assertTrue(md.startsWith("---\nurl: \"/cold-brew.html\"\n"), md);
        assertTrue(md.contains("requiredLinks:\n  - url: \"/grind/\"\n    anchor: \"grind size: coarse\"\n"), md);
        Files.writeString(dir.resolve("cold-brew.md"), md);

        List<Brief> read = Briefs.read(dir);
        assertEquals(1, read.size());
        Brief back = read.get(0);
        assertEquals("/cold-brew.html", back.url());
        assertEquals(query, back.query());
        assertEquals("Cold brew: at home", back.title());
        assertEquals(List.of("/grind/", "/water/"), back.requiredLinks().stream().map(Brief.RequiredLink::url).toList());
        assertEquals("grind size: coarse", back.requiredLinks().get(0).anchor());
        assertEquals(6, back.requiredLinks().get(0).line(), "the line a PR annotation points at");
    }

    @Test
    void a_brief_with_no_link_to_carry_says_so_as_an_empty_list() {
        String md = BriefFormat.markdown(new ContentBrief("q", "", null, List.of(), List.of()), false);
        assertTrue(md.startsWith("---\nslug: \"q\"\nquery: \"q\"\nrequiredLinks: []\n---\n"), md);
    }
}
