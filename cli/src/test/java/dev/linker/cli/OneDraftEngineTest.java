package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The editor's door ({@code POST /api/v1/suggestions}) and the command line ({@code linker suggest --text-file}) are
 * one draft engine: the same drafts sent through both get the same pages, in the same order, on the same phrases.
 */
class OneDraftEngineTest {
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path tmp;
    static Path index;
    static LinkerServer server;

    @BeforeAll
    static void start() throws Exception {
        index = tmp.resolve("idx");
        IndexCommandsTest.Run r = IndexCommandsTest.run("index", AuditCommandTest.EXAMPLE.toString(), "--index",
                index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        server = LinkerServer.open(ServerConfig.defaults().withPort(0), index, null, m -> { }).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Drafts as authors write them: plain text, Markdown with a heading, code and a link, and HTML. */
    static final List<String[]> DRAFTS = List.of(
            new String[] {"text", "Weekend coffee", "On Saturdays I grind the beans coarsely and let the brew steep "
                    + "for four minutes before I press the plunger down. Soft water keeps the cup sweet."},
            new String[] {"markdown", "Cold mornings", "# Why I switched\n\nA burr grinder changed my mornings: the "
                    + "grounds are even, so the `espresso` shot runs in time.\n\nI still keep "
                    + "[my notes on water](/guides/water.html) at hand, and in summer a jar of cold brew sits in "
                    + "the fridge.\n"},
            new String[] {"html", "Milk", "<h2>Frothing</h2><p>Steam the milk until it shines, then pour it over a "
                    + "short shot of espresso. Decaf beans work as well in the evening.</p>"});

    @Test
    void the_same_draft_gets_the_same_answer_from_the_cli_and_from_the_api() throws Exception {
        for (String[] d : DRAFTS) {
            String ext = d[0].equals("markdown") ? "md" : d[0].equals("html") ? "html" : "txt";
            Path file = tmp.resolve("draft-" + d[0] + "." + ext);
            Files.writeString(file, d[2]);
            IndexCommandsTest.Run cli = IndexCommandsTest.run("suggest", "--index", index.toString(), "--text-file",
                    file.toString(), "--title", d[1], "--format", "json");
            assertEquals(0, cli.code(), cli.err());
            JsonNode fromCli = JSON.readTree(cli.out());

            Map<String, Object> body = new LinkedHashMap<>();
            body.put("title", d[1]);
            body.put("text", d[2]);
            body.put("format", d[0]);
            HttpResponse<String> res = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(server.baseUrl() + "/api/v1/suggestions")).header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, res.statusCode(), res.body());
            JsonNode fromApi = JSON.readTree(res.body()).get("suggestions");

            assertFalse(fromApi.isEmpty(), d[0] + ": " + res.body());
            assertEquals(fromCli.size(), fromApi.size(), d[0] + "\ncli: " + cli.out() + "\napi: " + res.body());
            for (int i = 0; i < fromApi.size(); i++) {
                JsonNode a = fromApi.get(i);
                JsonNode c = fromCli.get(i);
                String where = d[0] + " #" + (i + 1) + "\ncli: " + c + "\napi: " + a;
                assertEquals(c.get("url").asText(), a.get("url").asText(), where);
                assertEquals(c.get("anchor").isNull(), a.get("anchor").isNull(), where);
                assertEquals(c.get("anchor").asText(), a.get("anchor").asText(), where);
                assertEquals(c.get("start").asInt(), a.get("start").asInt(), where);
                assertEquals(c.get("end").asInt(), a.get("end").asInt(), where);
                assertEquals(c.get("sentenceStart").asInt(), a.get("sentenceStart").asInt(), where);
                assertEquals(c.get("wording").asText(), a.get("wording").asText(), where);
                assertEquals(c.get("anchorRule").asText(), a.get("reasons").get("anchor").asText(), where);
                assertEquals(c.get("score").asDouble(), a.get("score").asDouble(), 0.0011, where);
                if (!a.get("anchor").isNull()) {
                    assertEquals(d[2].substring(a.get("start").asInt(), a.get("end").asInt()), a.get("anchor").asText());
                }
            }
        }
    }

    @Test
    void anchors_never_land_in_a_heading_code_or_an_existing_link_of_the_draft() throws Exception {
        String[] d = DRAFTS.get(1);
        Path file = tmp.resolve("draft.md");
        Files.writeString(file, d[2]);
        IndexCommandsTest.Run cli = IndexCommandsTest.run("suggest", "--index", index.toString(), "--text-file",
                file.toString(), "--title", d[1], "--format", "json", "--limit", "10");
        assertEquals(0, cli.code(), cli.err());
        String text = d[2];
        int heading = text.indexOf('\n');
        int code = text.indexOf('`');
        int link = text.indexOf('[');
        for (JsonNode s : JSON.readTree(cli.out())) {
            if (s.get("anchor").isNull()) {
                continue;
            }
            int start = s.get("start").asInt();
            int end = s.get("end").asInt();
            assertTrue(start > heading, "not in the heading: " + s);
            assertTrue(end <= code || start > text.indexOf('`', code + 1), "not in the code span: " + s);
            assertTrue(end <= link || start > text.indexOf(')', link), "not in the link: " + s);
            assertFalse(s.get("url").asText().endsWith("/guides/water.html"), "already linked: " + s);
        }
    }
}
