package dev.linker.index;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.TextRegion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageIndexTest {

    @Test
    void reindexing_embeds_only_the_pages_whose_text_changed(@TempDir Path dir) {
        List<PageRecord> pages = Fixtures.coffee();
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            assertEquals("0 unchanged, 11 embedded, 0 removed", idx.sync(pages, true, null).toString());
        }
        List<PageRecord> changed = new ArrayList<>(pages);
        PageRecord p = changed.get(3);
        changed.set(3, new PageRecord(p.url(), new PageRecord.Text(p.title(), p.h1(), p.body() + " Add ice to serve."),
                p.category(), p.safety(), new PageRecord.Standing(p.status(), null, p.authority(), p.inbound()), null,
                PageRecord.Outbound.of(p.links()), p.knownAs()));
        changed.remove(10);
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            assertEquals("9 unchanged, 1 embedded, 1 removed", idx.sync(changed, true, null).toString());
            assertEquals(10, idx.size());
            assertTrue(idx.get(p.url()).body().endsWith("Add ice to serve."));
        }
    }

    @Test
    void a_batch_put_makes_one_new_segment_not_one_a_page(@TempDir Path dir) {
        List<PageRecord> pages = Fixtures.coffee();
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            idx.sync(pages.subList(0, 5), true, null);
            int segments = idx.withView(v -> v.searcher().getIndexReader().leaves().size());
            assertEquals(6, idx.putAll(pages.subList(5, 11)), "six new pages embedded");
            idx.commit();
            int after = idx.withView(v -> v.searcher().getIndexReader().leaves().size());
            assertEquals(segments + 1, after, "one segment for the batch (no search came between its pages)");
            assertEquals(11, idx.size());
            assertEquals(pages.get(7).title(), idx.get(pages.get(7).url()).title());
        }
    }

    @Test
    void searches_between_the_pages_of_a_batch_see_it_only_once_committed_and_flush_no_segment_of_their_own(
            @TempDir Path dir) {
        List<PageRecord> pages = Fixtures.coffee();
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            idx.sync(pages.subList(0, 5), true, null);
            int segments = idx.withView(v -> v.searcher().getIndexReader().leaves().size());
            for (PageRecord page : pages.subList(5, 11)) {
                idx.putAll(List.of(page)); // a sync's batch, page by page, with a draft answered after each
                assertEquals(5, idx.size(), "a draft sees the index as last committed");
                assertNull(idx.get(page.url()));
            }
            idx.commit();
            assertEquals(11, idx.size());
            int after = idx.withView(v -> v.searcher().getIndexReader().leaves().size());
            assertEquals(segments + 1, after,
                    "the batch is one segment: no search flushed a page of it into a segment of its own");
        }
    }

    @Test
    void dates_tags_kinds_text_regions_and_links_of_every_placement_survive_the_index() {
        List<PageRecord> blog = Fixtures.blog();
        try (PageIndex idx = PageIndex.inMemory(Fixtures.embedder())) {
            idx.sync(blog, true, null);
            for (PageRecord r : blog) {
                PageRecord back = idx.get(r.url());
                assertEquals(r.meta(), back.meta(), r.url());
                assertEquals(r.links(), back.links(), r.url());
                assertEquals(r.allLinks(), back.allLinks(), r.url());
            }
            PageRecord espresso = idx.get("/posts/espresso-basics.html");
            TextRegion code = espresso.meta().regions().stream().filter(x -> x.kind() == TextRegion.Kind.CODE)
                    .reduce((a, b) -> b).orElseThrow();
            assertEquals("dose = 18.0 g\nyield = 36.0 g", espresso.body().substring(code.start(), code.end()));
            assertEquals("0 unchanged, 0 embedded, 0 removed".replace("0 unchanged", blog.size() + " unchanged"),
                    idx.sync(blog, true, null).toString(), "nothing changed: nothing rewritten");
        }
    }

    @Test
    void text_regions_are_stored_in_a_few_bytes_each_and_read_back_exactly() {
        List<TextRegion> regions = List.of(new TextRegion(TextRegion.Kind.HEADING, 0, 15),
                new TextRegion(TextRegion.Kind.LINK, 40, 52), new TextRegion(TextRegion.Kind.CODE, 40, 45),
                new TextRegion(TextRegion.Kind.LINK, 1_000_000, 1_000_300));
        byte[] stored = TextRegions.encode(regions);
        assertTrue(stored.length <= 3 * 3 + 6, stored.length + " bytes");
        List<TextRegion> back = TextRegions.decode(stored);
        assertEquals(regions.stream().sorted(java.util.Comparator.comparingInt(TextRegion::start)
                .thenComparingInt(TextRegion::end)).toList(), back);
        assertEquals(List.of(), TextRegions.decode(TextRegions.encode(List.of())));
    }

    @Test
    void an_upsert_replaces_the_page_with_the_same_url_and_is_searchable_at_once() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            String url = "https://brew.example/gear/scales.html";
            float[] before = idx.storedVector(url);
            PageRecord r = idx.get(url);
            assertTrue(idx.upsert(new PageRecord(url, new PageRecord.Text("Coffee Scales and Timers", r.h1(), r.body()),
                    r.category(), "", new PageRecord.Standing(Status.LIVE, null, 0.5, 3), null,
                    PageRecord.Outbound.of(r.links()), r.knownAs())), "the title changed");
            assertEquals(11, idx.size());
            assertEquals("Coffee Scales and Timers", idx.get(url).title());
            assertEquals(3, idx.get(url).inbound());
            assertTrue(before[0] != idx.storedVector(url)[0] || before[1] != idx.storedVector(url)[1]);
            PageRecord same = idx.get(url);
            assertTrue(!idx.upsert(same), "an unchanged text is not embedded again");
        }
    }

    @Test
    void status_changes_keep_the_page_and_its_vector() {
        try (PageIndex idx = Fixtures.coffeeIndex()) {
            String url = "https://brew.example/beans/decaf.html";
            float[] v = idx.storedVector(url);
            idx.setStatus(url, Status.MERGED, "https://brew.example/beans/storage.html");
            PageRecord r = idx.get(url);
            assertEquals(Status.MERGED, r.status());
            assertEquals("https://brew.example/beans/storage.html", r.redirectTo());
            assertArrayEquals(v, idx.storedVector(url));
            LinkerException e = assertThrows(LinkerException.class,
                    () -> idx.setStatus("https://brew.example/nope.html", Status.KILLED, null));
            assertTrue(e.getMessage().contains("unknown page https://brew.example/nope.html"), e.getMessage());
        }
    }

    @Test
    void opening_an_index_with_another_embedder_is_an_error_naming_both(@TempDir Path dir) {
        try (PageIndex idx = PageIndex.open(dir, Fixtures.embedder(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee().subList(0, 2), true, null);
        }
        LinkerException e = assertThrows(LinkerException.class,
                () -> PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT));
        assertTrue(e.getMessage().contains("built with embedder local:all-minilm-l6-v2-q (384-d)"), e.getMessage());
        assertTrue(e.getMessage().contains("this run uses test:hashing-16 (16-d)"), e.getMessage());
        assertThrows(LinkerException.class, () -> PageIndex.openReadOnly(dir, Fixtures.hashing()));
        try (PageIndex ro = PageIndex.openReadOnly(dir, null)) {
            assertEquals("local:all-minilm-l6-v2-q", ro.embedderId());
            assertEquals(2, ro.size());
        }
    }

    @Test
    void open_with_only_a_folder_uses_the_local_model_and_refuses_an_index_of_another(@TempDir Path dir) {
        try (PageIndex idx = PageIndex.open(dir.resolve("local"))) {
            idx.sync(Fixtures.coffee().subList(0, 2), true, null);
            assertEquals("local:all-minilm-l6-v2-q", idx.embedderId());
        }
        try (PageIndex idx = PageIndex.open(dir.resolve("other"), Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee().subList(0, 2), true, null);
        }
        LinkerException e = assertThrows(LinkerException.class, () -> PageIndex.open(dir.resolve("other")));
        assertTrue(e.getMessage().contains("built with embedder test:hashing-16"), e.getMessage());
    }

    @Test
    void a_second_writer_on_the_same_folder_is_refused_clearly(@TempDir Path dir) {
        try (PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            LinkerException e = assertThrows(LinkerException.class,
                    () -> PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT));
            assertTrue(e.getMessage().contains("open in another process"), e.getMessage());
        }
    }

    @Test
    void uncommitted_writes_of_a_dead_writer_leave_the_last_commit_readable(@TempDir Path dir) {
        PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT);
        idx.sync(Fixtures.coffee().subList(0, 3), true, null);
        idx.upsert(Fixtures.coffee().get(5)); // never committed: the writer "dies" here
        try (PageIndex ro = PageIndex.openReadOnly(dir, null)) {
            assertEquals(3, ro.size());
            assertNull(ro.get(Fixtures.coffee().get(5).url()));
        }
        idx.close();
    }

    @Test
    void a_corrupt_index_is_reported_with_its_folder_and_what_to_do(@TempDir Path dir) throws IOException {
        try (PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee(), true, null);
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("segments_")).toList()) {
                byte[] b = Files.readAllBytes(f);
                Files.write(f, java.util.Arrays.copyOf(b, b.length / 2));
            }
        }
        LinkerException e = assertThrows(LinkerException.class, () -> PageIndex.openReadOnly(dir, null));
        assertTrue(e.getMessage().startsWith("index at " + dir + " is corrupt ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("delete the folder and run `linker index` again"), e.getMessage());
    }

    @Test
    void an_index_that_lost_its_commit_point_is_refused_not_replaced_by_an_empty_one(@TempDir Path dir) throws IOException {
        try (PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee(), true, null);
        }
        List<String> before;
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            for (Path f : all.stream().filter(f -> f.getFileName().toString().startsWith("segments_")).toList()) {
                Files.delete(f);
            }
            before = all.stream().map(f -> f.getFileName().toString()).filter(n -> !n.startsWith("segments_")).sorted().toList();
        }
        IndexCorruptException e = assertThrows(IndexCorruptException.class,
                () -> PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT));
        assertTrue(e.getMessage().contains(dir.toString()) && e.getMessage().contains("no commit point"), e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(before, files.map(f -> f.getFileName().toString()).sorted().toList(), "no file was deleted");
        }
        // A folder that never held an index still becomes one.
        try (PageIndex fresh = PageIndex.open(dir.resolve("new"), Fixtures.hashing(), IndexSettings.DEFAULT)) {
            assertEquals(0, fresh.size());
        }
    }

    @Test
    void a_missing_index_folder_says_to_run_index_first(@TempDir Path dir) {
        LinkerException e = assertThrows(LinkerException.class,
                () -> PageIndex.openReadOnly(dir.resolve("none"), null));
        assertTrue(e.getMessage().contains("no index here (run 'linker index SOURCE --index"), e.getMessage());
    }

    @Test
    void an_int8_index_finds_the_same_nearest_page_as_a_float_index() {
        try (PageIndex f = Fixtures.coffeeIndex();
             PageIndex q = PageIndex.inMemory(Fixtures.embedder(),
                     IndexSettings.DEFAULT.withFormat(VectorFormat.INT8))) {
            q.sync(Fixtures.coffee(), true, null);
            assertEquals(VectorFormat.INT8, q.vectorFormat());
            float[] v = Fixtures.embedder().embed("grinding beans evenly with burrs");
            String a = f.withView(x -> nearest(x.searcher(), v));
            String b = q.withView(x -> nearest(x.searcher(), v));
            assertEquals("https://brew.example/gear/burr-grinder.html", a);
            assertEquals(a, b);
            assertNotNull(q.storedVector(a), "raw vectors are kept next to the quantized ones");
        }
    }

    private static String nearest(org.apache.lucene.search.IndexSearcher s, float[] v) {
        try {
            var td = s.search(new org.apache.lucene.search.KnnFloatVectorQuery(Fields.VECTOR, v, 1), 1);
            return s.storedFields().document(td.scoreDocs[0].doc).get(Fields.URL);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long lastCommit(Path dir) throws IOException {
        try (org.apache.lucene.store.Directory d = org.apache.lucene.store.FSDirectory.open(dir)) {
            return org.apache.lucene.index.SegmentInfos.getLastCommitGeneration(d);
        }
    }

    @Test
    void a_sync_within_the_commit_interval_commits_once_at_its_end_though_it_passed_commit_every(@TempDir Path dir)
            throws IOException {
        List<String> progress = new ArrayList<>();
        IndexSettings everyTwo = new IndexSettings(dev.linker.core.embed.EmbedMode.BOTH,
                VectorFormat.FLOAT, 2);
        try (PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), everyTwo)) {
            long before = Math.max(lastCommit(dir), 0); // -1: none yet; the first commit is generation 1
            long t0 = System.nanoTime();
            idx.sync(Fixtures.coffee(), true, progress::add);
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    System.nanoTime() - t0 < PageWriter.COMMIT_INTERVAL_NANOS, "the sync took under 15 s");
            assertEquals(before + 1, lastCommit(dir), "one commit, at the end");
        }
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(11, reopened.size());
        }
        assertEquals(1, progress.size(), "progress is still reported every two pages (one batch here): " + progress);
        assertTrue(progress.get(0).matches("11 pages \\(11 embedded\\) in \\d+ s, \\d+ pages/s"),
                "the line says the rate: " + progress);
    }
}
