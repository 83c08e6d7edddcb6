package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** `linker audit` on the PostgreSQL 15 docs: the JSON summary pins the corpus README's reference figures. */
class CorpusAuditCliTest {
    @TempDir
    Path tmp;

    private static Path site() {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path p = Path.of(dir, "postgresql-15", "site");
        if (!Files.isDirectory(p)) {
            fail("linker.corpus.dir is " + dir + " but " + p + " does not exist");
        }
        return p;
    }

    private JsonNode summary(String... extra) throws IOException {
        Path out = tmp.resolve("r.json");
        String[] base = {"audit", site().toString(), "--entry", "index.html", "--format", "json", "--output", out.toString(), "--fail-on", "never", "-q"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, AuditCommandTest.run(args).code());
        return new ObjectMapper().readTree(out.toFile()).get("summary");
    }

    @Test
    void summary_matches_the_reference_by_all_links() throws IOException {
        JsonNode s = summary();
        assertEquals(1169, s.get("pages").asInt());
        assertEquals(10779, s.get("links").asInt());
        assertEquals(0, s.get("orphans").asInt());
        assertEquals(0, s.get("unreachable").asInt());
        assertEquals(0, s.get("brokenLinks").asInt());
        assertEquals(2816, s.get("reciprocalPairs").asInt());
        assertEquals("{\"0\":1,\"1\":111,\"2\":1057}", s.get("depthHistogram").toString());
    }

    @Test
    void summary_matches_the_reference_by_content_links_with_the_readme_selectors() throws IOException {
        JsonNode s = summary("--content-selector", "body > div:not(.navheader):not(.navfooter)",
                "--boilerplate-selector", "div.toc, div.navheader, div.navfooter");
        assertEquals(10779, s.get("links").asInt());
        assertEquals(4185, s.get("contentLinks").asInt());
        assertEquals(213, s.get("contentOrphans").asInt());
        assertEquals(516, s.get("contentReciprocalPairs").asInt());
    }
}
