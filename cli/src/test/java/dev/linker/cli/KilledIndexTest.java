package dev.linker.cli;

import static dev.linker.cli.IndexCommandsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code linker index} killed with SIGKILL before its first commit, as an operator's kill -9 or the OOM killer does: a
 * real process, killed once segment files are on disk. Nothing was committed, so nothing is lost by starting afresh:
 * the next {@code linker index} clears the folder (saying so) and indexes the site; before that, {@code suggest}
 * says there is no index yet, in the same words.
 */
class KilledIndexTest {
    @TempDir
    Path tmp;

    /** A site of {@code n} posts of a few paragraphs each: long enough to index that a kill lands before the end. */
    static Path site(Path dir, int n) throws IOException {
        String[] words = ("espresso grinder burr roast crema tamp bloom kettle filter paper ratio scale water "
                + "temperature extraction acidity sweetness body aroma origin washed natural honey altitude varietal "
                + "cupping brew steep press immersion drip siphon moka cold dose yield shot milk foam latte").split(" ");
        java.util.Random random = new java.util.Random(7);
        Files.createDirectories(dir);
        for (int i = 0; i < n; i++) {
            StringBuilder body = new StringBuilder();
            for (int p = 0; p < 6; p++) {
                body.append("<p>");
                for (int w = 0; w < 60; w++) {
                    body.append(words[random.nextInt(words.length)]).append(w % 12 == 11 ? ". " : " ");
                }
                body.append("</p>");
            }
            Files.writeString(dir.resolve("post-" + i + ".html"), "<!doctype html><html><head><title>Post " + i
                    + " about " + words[i % words.length] + "</title></head><body><main><h1>Post " + i + "</h1>"
                    + body + "</main></body></html>");
        }
        return dir;
    }

    private static List<String> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static Process linker(Path tmp, String log, java.util.Map<String, String> env, String... args)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(log).toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /** Waits until {@code done} holds or the process ends (two minutes at most). */
    private static void await(Process p, java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!done.getAsBoolean() && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void a_re_index_killed_midway_leaves_the_previous_index_as_it_was() throws Exception {
        Path site = site(tmp.resolve("site"), 150);
        Path index = tmp.resolve("index");
        assertEquals(0, run("index", site.toString(), "--index", index.toString(), "-q").code());
        java.util.Map<String, String> before;
        try (dev.linker.index.PageIndex idx = dev.linker.index.PageIndex.openReadOnly(index, null)) {
            before = idx.storedHashes();
        }
        for (int i = 0; i < 150; i++) { // every post edited: all of them are embedded again
            Path f = site.resolve("post-" + i + ".html");
            Files.writeString(f, Files.readString(f).replace("</main>", "<p>Edited: a note on descaling.</p></main>"));
        }
        List<String> filesBefore = files(index);
        Process p = linker(tmp, "reindex.log", java.util.Map.of(), "index", site.toString(), "--index",
                index.toString(), "-q");
        try {
            // killed once the re-index has written segment files of its own
            await(p, () -> {
                try {
                    return files(index).stream().anyMatch(f -> f.startsWith("_") && !filesBefore.contains(f));
                } catch (IOException e) {
                    return false;
                }
            });
            assertTrue(p.isAlive(), "killed while it ran: " + Files.readString(tmp.resolve("reindex.log")));
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
        try (dev.linker.index.PageIndex idx = dev.linker.index.PageIndex.openReadOnly(index, null)) {
            assertEquals(before, idx.storedHashes(), "every page and its text hash as before the re-index");
            idx.verify();
        }
    }

    @Test
    void every_acknowledged_put_survives_a_kill_9_of_the_server() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path index = tmp.resolve("served");
        Process p = linker(tmp, "serve.log", java.util.Map.of("LINKER_API_KEYS", "kill-test"), "serve", "--index",
                index.toString(), "--port", String.valueOf(port));
        List<String> acknowledged = new java.util.ArrayList<>();
        try {
            await(p, () -> {
                try {
                    return Files.readString(tmp.resolve("serve.log")).contains("serving on");
                } catch (IOException e) {
                    return false;
                }
            });
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            for (int batch = 0; System.nanoTime() < stopAt; batch++) {
                List<String> urls = new java.util.ArrayList<>();
                StringBuilder body = new StringBuilder("{\"pages\":[");
                for (int i = 0; i < 5; i++) {
                    String url = "https://brew.example/burst/" + batch + "-" + i;
                    urls.add(url);
                    body.append(i == 0 ? "" : ",").append("{\"url\":\"").append(url).append("\",\"title\":\"Burst ")
                            .append(batch).append("\",\"text\":\"Page ").append(i).append(" of burst ").append(batch)
                            .append(" about espresso and crema.\"}");
                }
                java.net.http.HttpResponse<String> r = http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + port + "/api/v1/pages"))
                        .header("Content-Type", "application/json").header("Authorization", "Bearer kill-test")
                        .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(body.append("]}").toString())).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), r.body());
                acknowledged.addAll(urls);
            }
        } finally {
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no last commit
            p.waitFor();
        }
        assertTrue(acknowledged.size() >= 10, "pages written before the kill: " + acknowledged.size());
        try (dev.linker.index.PageIndex idx = dev.linker.index.PageIndex.openReadOnly(index, null)) {
            List<String> lost = acknowledged.stream().filter(u -> idx.get(u) == null).toList();
            assertEquals(List.of(), lost, "acknowledged pages lost, of " + acknowledged.size());
            idx.verify();
        }
    }

    @Test
    void an_index_killed_before_its_first_commit_is_cleared_and_built_by_the_next_index() throws Exception {
        Path site = site(tmp.resolve("site"), 200);
        Path index = tmp.resolve("index");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli", "index", site.toString(),
                "--index", index.toString(), "-q").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("killed.log").toFile()).start();
        List<String> atKill;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (files(index).stream().noneMatch(f -> f.startsWith("_")) && p.isAlive()
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            atKill = files(index);
        } finally {
            p.destroyForcibly();
        }
        assertTrue(atKill.stream().anyMatch(f -> f.startsWith("_")), "killed with segment files on disk: " + atKill
                + "\n" + Files.readString(tmp.resolve("killed.log")));
        assertFalse(atKill.stream().anyMatch(f -> f.startsWith("segments_")), "and before the first commit: " + atKill);

        IndexCommandsTest.Run suggest = run("suggest", "--index", index.toString(), "--query", "espresso");
        assertEquals(2, suggest.code(), suggest.err());
        assertTrue(suggest.err().contains(index + ": no index here: the folder holds an index stopped before its "
                + "first commit, so nothing in it was committed (run "), suggest.err());
        assertFalse(suggest.err().matches("(?s).*\\([^)]*\\(.*"), "no parentheses inside parentheses: "
                + suggest.err());

        IndexCommandsTest.Run again = run("index", site.toString(), "--index", index.toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.err().contains("linker: " + index + " holds an index stopped before its first commit"
                + ", so nothing in it was committed; cleared its "), again.err());
        IndexCommandsTest.Run after = run("suggest", "--index", index.toString(), "--query", "espresso crema");
        assertEquals(0, after.code(), after.err());
    }
}
