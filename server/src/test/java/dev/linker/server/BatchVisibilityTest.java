package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.EmbeddingException;
import dev.linker.index.PageIndex;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, item 2: a batch is seen whole or not at all. While a multi-page PUT is being written, readers see none of
 * its pages (not by URL, not in the page count); once it is acknowledged they see all; a batch that fails half-way is
 * never seen, and the next write's commit does not acknowledge what it left behind.
 */
class BatchVisibilityTest {
    static final String AUTH = "Bearer " + TestServer.KEY;

    /** The real model, taking 40 ms a page (so a batch takes a while), failing on a text that asks it to. */
    static final class SlowEmbedder implements Embedder {
        private final Embedder model = TestServer.embedder();

        @Override
        public String id() {
            return model.id();
        }

        @Override
        public int dimension() {
            return model.dimension();
        }

        @Override
        public float[] embed(String text) {
            if (text.contains("the embedder gives up here")) {
                throw new EmbeddingException("the embedding service gave up (test)");
            }
            try {
                Thread.sleep(40);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return model.embed(text);
        }

        @Override
        public void close() {
        }
    }

    static Map<String, Object> batch(String prefix, int n, int failAt) {
        return Map.of("pages", IntStream.range(0, n).mapToObj(i -> Map.of("url", prefix + i, "title", "Brew note " + i,
                "text", "Notes on brewing coffee, number " + i + (i == failAt ? "; the embedder gives up here." : ".")))
                .toList());
    }

    static String get(String url) {
        return "/api/v1/pages?url=" + URLEncoder.encode(url, StandardCharsets.UTF_8);
    }

    /**
     * Reads the batch's last page, then its first, then the page count, until {@code put} is done; what broke "all or
     * nothing": a last page readable while the first is not, a count that is neither before nor after the batch. The
     * batch's commit may land just before its answer reaches the client, so a whole batch seen then is right.
     */
    static List<String> watch(TestServer t, CompletableFuture<TestServer.Res> put, String first, String last,
                              int before, int after) {
        java.util.Set<String> seen = new java.util.LinkedHashSet<>(); // each thing seen once
        int rounds = 0;
        int untouched = 0;
        while (!put.isDone()) {
            boolean lastThere = t.send("GET", get(last), null).status() == 200;
            boolean firstThere = t.send("GET", get(first), null).status() == 200;
            int pages = t.send("GET", "/api/v1/health", null).json().get("pages").asInt();
            if (lastThere && !firstThere) {
                seen.add("the last page readable, the first not");
            }
            if (pages != before && pages != after) {
                seen.add("health counted " + pages + " pages, neither " + before + " nor " + after);
            }
            if (!lastThere && !firstThere && pages == before) {
                untouched++;
            }
            rounds++;
        }
        assertTrue(untouched > 3, "the batch was watched while it was written (" + untouched + " of " + rounds
                + " rounds saw none of it)");
        return new ArrayList<>(seen);
    }

    @Test
    void readers_see_none_of_a_batch_until_it_is_acknowledged_then_all_of_it(@TempDir Path dir) {
        PageIndex index = PageIndex.open(dir, new SlowEmbedder(), IndexSettings.DEFAULT);
        try (TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)))) {
            String p = "https://brew.example/batch/";
            CompletableFuture<TestServer.Res> put = CompletableFuture.supplyAsync(() -> t.put("/api/v1/pages",
                    batch(p, 40, -1), "Authorization", AUTH));
            List<String> seen = watch(t, put, p + 0, p + 39, 0, 40);
            assertEquals(200, put.join().status(), put.join().body());
            assertEquals(List.of(), seen);
            assertEquals(200, t.send("GET", get(p + 0), null).status());
            assertEquals(200, t.send("GET", get(p + 39), null).status());
            assertEquals(40, t.send("GET", "/api/v1/health", null).json().get("pages").asInt());
        }
    }

    @Test
    void a_batch_that_fails_half_way_is_never_seen_and_the_next_write_does_not_acknowledge_it(@TempDir Path dir) {
        PageIndex index = PageIndex.open(dir, new SlowEmbedder(), IndexSettings.DEFAULT);
        try (TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)))) {
            String p = "https://brew.example/failing/";
            CompletableFuture<TestServer.Res> put = CompletableFuture.supplyAsync(() -> t.put("/api/v1/pages",
                    batch(p, 30, 25), "Authorization", AUTH));
            List<String> seen = watch(t, put, p + 0, p + 24, 0, 0);
            assertTrue(put.join().status() >= 500, put.join().body());
            assertEquals(List.of(), seen);
            assertEquals(404, t.send("GET", get(p + 0), null).status());
            String other = "https://brew.example/other";
            assertEquals(200, t.put("/api/v1/pages", Map.of("pages", List.of(Map.of("url", other, "title", "Other",
                    "text", "Another note on coffee."))), "Authorization", AUTH).status());
            assertEquals(404, t.send("GET", get(p + 0), null).status(), "the failed batch's pages stay unwritten");
            assertEquals(1, t.send("GET", "/api/v1/health", null).json().get("pages").asInt());
        }
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(1, reopened.size(), "and after a restart");
        }
    }
}
