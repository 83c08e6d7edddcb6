package dev.linker.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `linker serve --site examples/site` as a user starts it: a real process, a real port, the real index. */
class ServeCommandTest {
    @TempDir
    Path tmp;

    @Test
    void serve_indexes_the_given_site_and_answers_suggestions_for_a_draft() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli", "serve",
                "--index", tmp.resolve("index").toString(), "--site", AuditCommandTest.EXAMPLE.toString(),
                "--port", String.valueOf(port)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LINKER_API_KEYS", "serve-test-key");
        Process p = pb.start();
        StringBuilder log = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                log.append(line).append('\n');
                if (line.contains("serving on")) {
                    break;
                }
            }
            assertTrue(log.toString().contains("serving on http://127.0.0.1:" + port), log.toString());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            String draft = "{\"title\":\"Morning coffee\",\"format\":\"text\",\"text\":\"I grind my beans with a burr grinder."
                    + " Then I brew a pour-over with water just off the boil.\"}";
            HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/suggestions"))
                    .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(draft)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, res.statusCode(), res.body());
            assertTrue(res.body().contains("/guides/grinding.html") || res.body().contains("/guides/pour-over.html"), res.body());
            HttpResponse<String> demo = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/demo/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, demo.statusCode());
            String page = "{\"pages\":[{\"url\":\"/blog/aeropress.html\",\"title\":\"AeroPress\",\"text\":\"Press "
                    + "coffee through a paper filter with air pressure.\"}]}";
            HttpResponse<String> put = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/api/v1/pages")).header("content-type", "application/json")
                    .header("Authorization", "Bearer serve-test-key").PUT(HttpRequest.BodyPublishers.ofString(page))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, put.statusCode(), put.body());
            // SIGTERM, as systemd or docker stop sends it: an orderly stop, exit 0, no stack trace.
            p.toHandle().destroy(); // (Process.destroy would also close the pipe we read the log from)
            String rest = String.join("\n", r.lines().toList());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped");
            assertEquals(0, p.exitValue(), log + rest);
            assertTrue(rest.contains("linker: stopping"), rest);
            assertTrue(!rest.contains("Exception") && !rest.contains("\tat "), rest);
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
        assertTrue(new File(tmp.resolve("index").toString()).isDirectory());
        try (dev.linker.index.PageIndex idx = dev.linker.index.PageIndex.openReadOnly(tmp.resolve("index"), null)) {
            assertTrue(idx.get("/blog/aeropress.html") != null, "the acknowledged page is in the index after the stop");
        }
    }

    @Test
    void a_pages_file_is_checked_as_the_api_checks_pages_and_a_bad_one_stops_before_serving() throws Exception {
        Path pages = tmp.resolve("pages.json");
        java.nio.file.Files.writeString(pages, "{\"pages\": [{\"url\": \"https://brew.example/a\", \"title\": \"A\"},"
                + " {\"url\": \"javascript:alert(1)\", \"title\": \"B\"}]}");
        AuditCommandTest.Run r = AuditCommandTest.run("serve", "--index", tmp.resolve("index").toString(), "--pages",
                pages.toString(), "--port", "0");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("pages.json: pages[1].url must be an absolute http(s) URL"), r.err());
    }
}
