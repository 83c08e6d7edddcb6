package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.PageIndex;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, item 3: a stop fits its grace whatever the batch's size. A batch that cannot finish within the drain time
 * is stopped at its next page, taken back, and answered 503 "stopping" (the client sends it again), and the server is
 * closed within the drain time plus a few seconds — never a client left without an answer.
 */
class StopWithinGraceTest {
    static final String AUTH = "Bearer " + TestServer.KEY;

    @Test
    void a_batch_longer_than_the_grace_is_taken_back_and_answered_503_stopping_and_the_stop_fits_the_grace(
            @TempDir Path dir) throws Exception {
        PageIndex index = PageIndex.open(dir, new BatchVisibilityTest.SlowEmbedder(), IndexSettings.DEFAULT);
        TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)));
        String p = "https://brew.example/long/";
        // 600 pages at 40 ms each: 24 s of writing, far past the 10-s drain.
        CompletableFuture<TestServer.Res> put = CompletableFuture.supplyAsync(() -> t.put("/api/v1/pages",
                BatchVisibilityTest.batch(p, 600, -1), "Authorization", AUTH));
        Thread.sleep(1_000);
        assertTrue(!put.isDone(), "the batch is being written");
        long t0 = System.nanoTime();
        t.close();
        long stopMs = (System.nanoTime() - t0) / 1_000_000;
        TestServer.Res answer = put.get();
        assertEquals(503, answer.status(), answer.body());
        assertEquals("stopping", answer.json().get("error").get("code").asText(), answer.body());
        assertEquals("5", answer.header("Retry-After"));
        assertTrue(stopMs < LinkerServer.DRAIN_MS + LinkerServer.STOP_WRITES_MS, "stopped in " + stopMs + " ms");
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(0, reopened.size(), "nothing of the stopped batch was kept");
        }
    }
}
