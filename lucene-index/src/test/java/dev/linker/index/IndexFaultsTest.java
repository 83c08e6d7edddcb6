package dev.linker.index;

import dev.linker.core.result.LinkerException;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the index does when things go wrong under it: killed before its first commit, a full disk (in the writing
 * thread and in a merge), and writes racing reads. Nothing acknowledged is lost, nothing unacknowledged appears, and
 * damage is said only where there is damage.
 */
class IndexFaultsTest {

    private static PageRecord page(String url, String title) {
        return PageRecord.of(url, title, title, title + " is a page about " + title.toLowerCase()
                + ", written for the fault tests.", "/faults");
    }

    /** The folder as kill -9 leaves it while {@code live} is open: its files, without the writer's lock. */
    private static void copyAsKilled(Path live, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(live)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("write.lock")) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
    }

    @Test
    void an_index_killed_before_its_first_commit_is_cleared_by_the_next_index_and_described_alike_everywhere(
            @TempDir Path dir) throws IOException {
        Path killed = dir.resolve("killed");
        try (PageIndex first = PageIndex.open(dir.resolve("live"), Fixtures.hashing(), IndexSettings.DEFAULT)) {
            for (PageRecord r : Fixtures.coffee()) {
                first.upsert(r); // searchable at once: segment files are written, no commit point yet
            }
            copyAsKilled(dir.resolve("live"), killed);
        }
        try (Stream<Path> files = Files.list(killed)) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.startsWith("_")), "segment files: " + names);
            assertFalse(names.stream().anyMatch(n -> n.startsWith("segments_")), "no commit point: " + names);
        }
        // One level of parentheses: the why after a colon, the advice in brackets after it.
        String said = "no index here: the folder holds an index stopped before its first commit, so nothing in it was "
                + "committed";
        LinkerException read = assertThrows(LinkerException.class, () -> PageIndex.openReadOnly(killed, null));
        assertTrue(read.getMessage().startsWith(killed + ": " + said), read.getMessage());
        assertFalse(read instanceof IndexCorruptException, read.getMessage());
        LinkerException event = assertThrows(LinkerException.class,
                () -> PageIndex.openExisting(killed, Fixtures.hashing()));
        assertTrue(event.getMessage().startsWith(killed + ": " + said), event.getMessage());

        try (PageIndex again = PageIndex.open(killed, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            assertNotNull(again.openNote(), "the next index says what it found");
            assertTrue(again.openNote().startsWith(killed + " holds an index stopped before its first commit")
                    && again.openNote().contains("cleared its") && again.openNote().endsWith("started afresh"),
                    again.openNote());
            assertEquals(0, again.size());
            again.sync(Fixtures.coffee(), true, null);
        }
        try (PageIndex reopened = PageIndex.openReadOnly(killed, null)) {
            assertEquals(11, reopened.size());
        }
        assertFalse(Files.exists(killed.resolve(IndexFolder.FIRST_COMMIT_PENDING)), "committed: no longer pending");
    }

    @Test
    void a_full_disk_is_said_as_such_reads_go_on_nothing_committed_is_lost_and_writes_resume_once_there_is_space(
            @TempDir Path dir) throws IOException {
        List<PageRecord> coffee = Fixtures.coffee();
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        PageRecord extra = page("https://brew.example/faults/extra.html", "Extra shot");
        try (PageIndex idx = PageIndex.open(disk, dir.toString(), Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.sync(coffee, true, null);
            disk.fill();
            DiskFullException full = assertThrows(DiskFullException.class, () -> {
                idx.upsert(extra);
                idx.commit();
            });
            assertTrue(full.getMessage().startsWith("no space left on device for the index at " + dir + ": free some"
                    + " space and try again (nothing committed was lost"), full.getMessage());
            // Reads go on, the index reads whole, and the failed write left nothing behind.
            assertEquals(11, idx.size());
            assertNotNull(idx.get(coffee.get(0).url()));
            assertNull(idx.get(extra.url()));
            idx.verify();
            assertThrows(DiskFullException.class, () -> {
                idx.delete(coffee.get(0).url());
                idx.commit();
            }, "still full: still said so");
            assertNotNull(idx.get(coffee.get(0).url()), "a delete that failed did not happen");
            disk.free();
            idx.upsert(extra);
            idx.commit();
            assertEquals(12, idx.size());
        }
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(12, reopened.size(), "every committed page and the write made once there was space");
        }
    }

    @Test
    void a_merge_that_fills_the_disk_stops_the_writer_and_the_next_write_after_space_is_back_reopens_it(
            @TempDir Path dir) throws IOException {
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        List<String> urls = new ArrayList<>();
        try (PageIndex idx = PageIndex.open(disk, dir.toString(), Fixtures.hashing(), IndexSettings.DEFAULT)) {
            for (int i = 0; i < 12; i++) { // one segment each: enough to merge
                PageRecord r = page("https://brew.example/faults/p" + i + ".html", "Page " + i);
                idx.upsert(r);
                idx.commit();
                urls.add(r.url());
            }
            disk.fill();
            assertThrows(DiskFullException.class, idx::optimize, "a merge out of space");
            assertEquals(12, idx.size(), "reads go on");
            disk.free();
            PageRecord after = page("https://brew.example/faults/after.html", "After the disk was freed");
            idx.upsert(after);
            idx.commit();
            urls.add(after.url());
        }
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            for (String url : urls) {
                assertNotNull(reopened.get(url), url);
            }
            reopened.verify();
        }
    }

    @Test
    void every_committed_write_and_delete_is_seen_by_the_next_read_while_other_threads_read() throws Exception {
        try (PageIndex idx = PageIndex.inMemory(Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.sync(Fixtures.coffee(), true, null);
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                Thread r = new Thread(() -> {
                    while (!stop.get()) {
                        idx.size(); // each read refreshes the searcher when the index changed
                    }
                });
                r.start();
                readers.add(r);
            }
            int stale = 0;
            int tries = 500; // before the fix about 40 % of reads missed
            try {
                for (int i = 0; i < tries; i++) {
                    PageRecord r = page("https://brew.example/race/" + i + ".html", "Race " + i);
                    idx.upsert(r);
                    idx.commit();
                    if (idx.get(r.url()) == null) {
                        stale++;
                    }
                    idx.delete(r.url());
                    idx.commit();
                    if (idx.get(r.url()) != null) {
                        stale++;
                    }
                }
            } finally {
                stop.set(true);
                for (Thread r : readers) {
                    r.join();
                }
            }
            assertEquals(0, stale, "reads that missed a write acknowledged just before, of " + 2 * tries);
        }
    }
}
