package dev.linker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.result.LinkerException;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, item 5: the first index of a folder that fails on a full disk leaves no empty committed index behind (which
 * would answer every query with "no suggestions" and exit 0), but a folder "stopped before its first commit", which a
 * reader reports as no index and the next index run clears.
 */
class FirstIndexOnAFullDiskTest {

    @Test
    void a_first_index_that_fails_on_a_full_disk_leaves_no_index_a_reader_would_take_for_an_empty_site(
            @TempDir Path dir) throws IOException {
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        PageIndex idx = PageIndex.open(disk, dir.toString(), Fixtures.hashing(), IndexSettings.DEFAULT);
        disk.fill();
        assertThrows(DiskFullException.class, () -> idx.sync(Fixtures.coffee(), true, null));
        disk.free();
        idx.close(); // what `linker index` does on its way out
        LinkerException read = assertThrows(LinkerException.class, () -> PageIndex.openReadOnly(dir, null));
        assertTrue(read.getMessage().contains(": no index here"), read.getMessage());
        try (PageIndex again = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            again.sync(Fixtures.coffee(), true, null);
            assertEquals(Fixtures.coffee().size(), again.size(), "the next run indexes the site");
        }
    }

    @Test
    void a_new_index_given_no_pages_and_committed_is_an_empty_index_not_a_stopped_one(@TempDir Path dir) {
        try (PageIndex idx = PageIndex.open(dir, Fixtures.hashing(), IndexSettings.DEFAULT)) {
            idx.commit();
        }
        try (PageIndex read = PageIndex.openReadOnly(dir, null)) {
            assertEquals(0, read.size());
        }
    }
}
