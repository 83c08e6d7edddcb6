package dev.linker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, item 3, as systemd does it to a real `linker serve`: SIGTERM while a batch of long pages is being embedded
 * by the local model. The batch's client gets an answer (503 "stopping": send it again), the process exits 0 within the
 * grace (10 s of drain, 5 s to take the batch back) plus the JVM's own stop, with no Jetty warning, and the index
 * keeps what was acknowledged and nothing of the stopped batch.
 */
class ServeStopTest {
    @TempDir
    Path tmp;

    @Test
    void sigterm_during_a_long_batch_answers_it_503_stopping_and_exits_0_within_the_grace() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli", "serve",
                "--index", tmp.resolve("index").toString(), "--site", AuditCommandTest.EXAMPLE.toString(),
                "--port", String.valueOf(port))).redirectErrorStream(true);
        pb.environment().put("LINKER_API_KEYS", "stop-test-key");
        Process p = pb.start();
        StringBuilder log = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                log.append(line).append('\n');
                if (line.contains("serving on")) {
                    break;
                }
            }
            // 60 pages of about 1,500 words: a minute or more of embedding on this machine's cores.
            String words = IntStream.range(0, 300).mapToObj(i -> "Grind the beans, weigh the dose, tamp level, pull "
                    + "the shot " + i + ".").collect(Collectors.joining(" "));
            String batch = IntStream.range(0, 60).mapToObj(i -> "{\"url\":\"/long/" + i + ".html\",\"title\":\"Shot "
                    + i + "\",\"text\":\"" + words + "\"}").collect(Collectors.joining(",", "{\"pages\":[", "]}"));
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            CompletableFuture<HttpResponse<String>> put = http.sendAsync(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/api/v1/pages")).header("content-type", "application/json")
                    .header("Authorization", "Bearer stop-test-key").PUT(HttpRequest.BodyPublishers.ofString(batch))
                    .build(), HttpResponse.BodyHandlers.ofString());
            Thread.sleep(2_000);
            assertFalse(put.isDone(), "the batch is being written");
            long t0 = System.nanoTime();
            p.toHandle().destroy(); // SIGTERM
            String rest = r.lines().collect(Collectors.joining("\n"));
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped");
            long stopMs = (System.nanoTime() - t0) / 1_000_000;
            HttpResponse<String> answer;
            try {
                answer = put.get(5, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new AssertionError("no answer to the batch (" + e.getCause() + "); stopped in " + stopMs
                        + " ms; the server said:\n" + log + rest, e);
            }
            assertEquals(503, answer.statusCode(), answer.body());
            assertTrue(answer.body().contains("\"code\":\"stopping\""), answer.body());
            assertEquals(0, p.exitValue(), log + rest);
            // 10 s of drain, 3 s until the batch is answered, the page being embedded then, the JVM's stop: within the
            // README unit's TimeoutStopSec=30 on a loaded machine too.
            assertTrue(stopMs < 25_000, "stopped in " + stopMs + " ms");
            assertFalse(rest.contains("WARN") || rest.contains("Couldn't stop") || rest.contains("\tat "), rest);
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
        try (dev.linker.index.PageIndex idx = dev.linker.index.PageIndex.openReadOnly(tmp.resolve("index"), null)) {
            assertTrue(idx.get("/guides/grinding.html") != null, "the site indexed before serving stays");
            assertEquals(null, idx.get("/long/0.html"), "nothing of the stopped batch");
        }
    }
}
