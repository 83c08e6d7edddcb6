package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.index.FillingDisk;
import dev.linker.index.PageIndex;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk under a serving index fills: writes are refused with 507 and the cause, reads and health go on, nothing
 * acknowledged is lost, and writes work again once there is space, without a restart.
 */
class DiskFullTest {
    static final String AUTH = "Bearer " + TestServer.KEY;

    static Map<String, Object> pages(String... urls) {
        return Map.of("pages", java.util.Arrays.stream(urls).map(u -> Map.of("url", u, "title", "Cold brew " + u,
                "text", "Cold brew steeps coarse coffee in cold water overnight. " + u)).toList());
    }

    @Test
    void a_full_disk_refuses_writes_with_507_while_reads_go_on_and_writes_resume_once_there_is_space(@TempDir Path dir)
            throws Exception {
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        PageIndex index = PageIndex.open(disk, dir.toString(), TestServer.embedder(), IndexSettings.DEFAULT);
        try (TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)))) {
            assertEquals(200, t.put("/api/v1/pages", pages("https://brew.example/a", "https://brew.example/b"),
                    "Authorization", AUTH).status());
            disk.fill();
            TestServer.Res refused = t.put("/api/v1/pages", pages("https://brew.example/c"), "Authorization", AUTH);
            assertEquals(507, refused.status(), refused.body());
            assertEquals("insufficient_storage", refused.json().get("error").get("code").asText());
            assertTrue(refused.json().get("error").get("message").asText().startsWith("no space left on device for "
                    + "the index at " + dir), refused.body());
            assertEquals("60", refused.header("Retry-After"));
            TestServer.Res deleted = t.send("DELETE", "/api/v1/pages?url=https://brew.example/a", null,
                    "Authorization", AUTH);
            assertEquals(507, deleted.status(), deleted.body());

            TestServer.Res health = t.send("GET", "/api/v1/health", null);
            assertEquals(200, health.status(), health.body());
            assertEquals("disk_full", health.json().get("status").asText(), health.body());
            assertEquals(2, health.json().get("pages").asInt(), "nothing acknowledged was lost, nothing else kept");
            TestServer.Res s = t.suggest("I steep coarse coffee in cold water overnight for cold brew.", "text");
            assertEquals(200, s.status(), s.body());
            assertTrue(s.body().contains("https://brew.example/a"), "suggestions go on: " + s.body());

            disk.free();
            assertEquals(200, t.put("/api/v1/pages", pages("https://brew.example/c"), "Authorization", AUTH).status(),
                    "once there is space, without a restart");
            health = t.send("GET", "/api/v1/health", null);
            assertEquals("ok", health.json().get("status").asText(), health.body());
            assertEquals(3, health.json().get("pages").asInt());
        }
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(List.of("https://brew.example/a", "https://brew.example/b", "https://brew.example/c"),
                    reopened.urls(false).stream().sorted().toList());
        }
    }

    @Test
    void a_stop_while_the_disk_is_full_is_an_ordinary_stop_and_keeps_every_acknowledged_page(@TempDir Path dir)
            throws Exception {
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        PageIndex index = PageIndex.open(disk, dir.toString(), TestServer.embedder(), IndexSettings.DEFAULT);
        TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)));
        assertEquals(200, t.put("/api/v1/pages", pages("https://brew.example/a"), "Authorization", AUTH).status());
        disk.fill();
        assertEquals(507, t.put("/api/v1/pages", pages("https://brew.example/b"), "Authorization", AUTH).status());
        t.close(); // what SIGTERM does: linker serve exits 0 when this returns
        disk.free();
        try (PageIndex reopened = PageIndex.openReadOnly(dir, null)) {
            assertEquals(List.of("https://brew.example/a"), reopened.urls(false));
        }
    }

    @Test
    void while_the_disk_is_full_every_read_answers_and_health_says_disk_full_never_500(@TempDir Path dir)
            throws Exception {
        FillingDisk disk = new FillingDisk(FSDirectory.open(dir));
        PageIndex index = PageIndex.open(disk, dir.toString(), TestServer.embedder(), IndexSettings.DEFAULT);
        try (TestServer t = TestServer.start(index, ServerConfig.defaults().withWriteKeys(Set.of(TestServer.KEY)))) {
            assertEquals(200, t.put("/api/v1/pages", pages("https://brew.example/a"), "Authorization", AUTH).status());
            disk.fill();
            java.util.Map<String, Integer> statuses = new java.util.TreeMap<>();
            for (int i = 0; i < 100; i++) {
                statuses.merge("PUT " + t.put("/api/v1/pages", pages("https://brew.example/x" + i), "Authorization",
                        AUTH).status(), 1, Integer::sum);
                TestServer.Res health = t.send("GET", "/api/v1/health", null);
                statuses.merge("health " + health.status() + " " + health.json().get("status").asText(), 1,
                        Integer::sum);
                statuses.merge("GET " + t.send("GET", "/api/v1/pages?url=https://brew.example/a", null).status(), 1,
                        Integer::sum);
                statuses.merge("suggest " + t.suggest("Cold brew steeps coarse coffee overnight.", "text").status(), 1,
                        Integer::sum);
            }
            assertEquals(java.util.Map.of("PUT 507", 100, "health 200 disk_full", 100, "GET 200", 100,
                    "suggest 200", 100), statuses);
        }
    }
}
