package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11: clients trickling request bodies must not take the server's threads from everyone else. A correctness
 * test with a loose bound (health answers within seconds while 300 connections trickle), not a benchmark.
 */
class SlowClientsTest {
    static final int ATTACKERS = 300;

    @Test
    void health_answers_while_hundreds_of_connections_trickle_bodies_into_suggestions(@TempDir Path dir)
            throws Exception {
        try (TestServer t = TestServer.startWithExample(dir.resolve("index"))) {
            URI base = URI.create(t.base);
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < ATTACKERS; i++) {
                    Socket s = new Socket(base.getHost(), base.getPort());
                    s.getOutputStream().write(("POST /api/v1/suggestions HTTP/1.1\r\nHost: " + base.getAuthority()
                            + "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
                            .getBytes(StandardCharsets.US_ASCII));
                    sockets.add(s);
                }
                HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                long end = System.nanoTime() + Duration.ofSeconds(6).toNanos();
                int answered = 0;
                while (System.nanoTime() < end) {
                    trickle(sockets);
                    long t0 = System.nanoTime();
                    HttpResponse<String> h = client.send(HttpRequest.newBuilder(URI.create(t.base + "/api/v1/health"))
                            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, h.statusCode(), h.body());
                    assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(5).toNanos());
                    answered++;
                    Thread.sleep(1000);
                }
                assertTrue(answered >= 3, "health answered " + answered + " times during the attack");
                // And a real request with a body still gets through.
                TestServer.Res r = t.post("/api/v1/suggestions", java.util.Map.of("text", "burr grinder"));
                assertTrue(r.status() == 200 || r.status() == 503, r.body());
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
    }

    /** One more byte on every connection still open (the server closes those it gave up on). */
    private static void trickle(List<Socket> sockets) {
        for (Socket s : sockets) {
            try {
                OutputStream out = s.getOutputStream();
                out.write(' ');
                out.flush();
            } catch (IOException closed) {
                // refused or timed out by the server: what it should do
            }
        }
    }
}
