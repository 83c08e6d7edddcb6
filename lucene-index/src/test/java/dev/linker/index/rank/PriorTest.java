package dev.linker.index.rank;

import dev.linker.core.result.LinkerException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriorTest {

    @Test
    void the_jar_carries_a_prior_for_this_feature_version_learned_from_many_real_sites() {
        Prior p = Prior.bundled();
        assertNotNull(p, "prior.json.gz is built by bench/prior-build.sh and shipped in the jar");
        assertEquals(RankFeatures.VERSION, p.features());
        assertTrue(p.sites().size() >= 30, p.summary());
        assertTrue(p.sites().stream().map(Prior.Site::group).distinct().count() >= 10, p.summary());
        assertTrue(p.summary().startsWith("the prior, learned from "), p.summary());
        assertEquals(p.id(), Prior.read(p.toJson()).id(), "its JSON reads back to the same trees");
    }

    @Test
    void each_site_it_learned_from_has_a_figure_from_a_prior_that_never_saw_its_group() {
        Prior p = Prior.bundled();
        for (Prior.Site s : p.sites()) {
            Prior.HeldOut h = p.heldOut(s.name());
            assertNotNull(h, s.name() + " has no held-out figure");
            assertEquals(s.group(), h.group());
            assertTrue(h.prior() > 0 && h.prior() <= 1 && h.weights() > 0 && h.weights() <= 1, h.toString());
        }
    }

    @Test
    void it_serves_sites_of_fifty_content_pages_or_more_mostly_undated() {
        assertTrue(new Prior.Census(100, 49).priorServes());
        assertEquals("the site's pages are mostly undated, which the prior serves", new Prior.Census(100, 49).why());
        assertFalse(new Prior.Census(100, 50).priorServes(), "half dated: a blog keeps the weights");
        assertEquals("most of the site's pages are dated (a blog), which the prior does not serve",
                new Prior.Census(100, 50).why());
        assertFalse(new Prior.Census(49, 0).priorServes(), "no site this small was judged");
        assertEquals("the prior ranks sites of 50 content pages or more, and this one has 49",
                new Prior.Census(49, 0).why());
        assertEquals(new Prior.Census(12, 5), new Prior.Census(10, 4).plus(new Prior.Census(2, 1)));
    }

    @Test
    void it_tells_the_pages_of_a_site_it_learned_from_by_their_paths_as_a_folder_or_a_csv_names_them() {
        List<String> paths = List.of("/docs/a.html", "/docs/b.html", "/docs/c.html", "/docs/d.html");
        long[] sketch = paths.stream().mapToLong(Prior::pathHash).sorted().toArray();
        Prior.Site site = new Prior.Site("docs_en", "docs", 4, 9, sketch);
        Prior p = new Prior(RankFeatures.VERSION, null, false, List.of(site), List.of());
        assertEquals(Prior.pathHash("/docs/a.html"), Prior.pathHash("https://example.org/docs/a.html"));
        assertSame(site, p.learnedFrom(paths.stream().map(u -> "https://example.org" + u).toList()));
        assertSame(site, p.learnedFrom(List.of("/docs/a.html", "/docs/b.html", "/docs/c.html", "/other.html")),
                "most of its sketch is there");
        assertNull(p.learnedFrom(List.of("/docs/a.html", "/docs/b.html", "/x.html")), "half is not most");
        assertNull(p.learnedFrom(LongStream.range(0, 100).mapToObj(i -> "/p" + i + ".html").toList()));
    }

    @Test
    void a_file_that_is_not_a_prior_is_refused_naming_it(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("prior.json.gz");
        Files.writeString(f, "not gzip");
        LinkerException e = assertThrows(LinkerException.class, () -> Prior.readFile(f));
        assertTrue(e.getMessage().startsWith(f + ": not a prior"), e.getMessage());
    }
}
