package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The catalogue benchmark's generator (bench/SiteGenerator.java) makes sites whose findings are known in advance. */
class GeneratedCatalogueTest {
    @Test
    void the_audit_of_a_generated_catalogue_finds_exactly_the_orphans_broken_links_and_redirects_it_was_made_with(
            @TempDir Path tmp) throws Exception {
        Path site = tmp.resolve("site");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                Path.of("..", "bench", "SiteGenerator.java").toString(), site.toString(), "2500", "7"))
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), log);
        Properties expected = new Properties();
        expected.load(new StringReader(Files.readString(site.resolve("expected.properties"))));
        assertTrue(Integer.parseInt(expected.getProperty("orphans")) > 0
                && Integer.parseInt(expected.getProperty("broken")) > 0
                && Integer.parseInt(expected.getProperty("redirectLinks")) > 0, expected.toString());

        StringWriter out = new StringWriter();
        int code = LinkerCli.run(new String[] {"audit", site.toString(), "--base-url", "https://shop.example/",
                "--no-git", "--format", "json", "-q"}, new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(1, code, "errors found: the orphans and the broken links");
        JsonNode summary = new ObjectMapper().readTree(out.toString()).get("summary");
        assertEquals(expected.getProperty("pages"), summary.get("pages").asText());
        assertEquals(expected.getProperty("orphans"), summary.get("findings").path("orphan").asText());
        assertEquals(expected.getProperty("broken"), summary.get("findings").path("broken-link").asText());
        assertEquals(expected.getProperty("redirectLinks"), summary.get("findings").path("redirect-link").asText());
        assertEquals(0, summary.get("findings").path("unreachable").asInt(), "every page but the orphans is reachable");
    }
}
