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

/** `linker audit` on the real corpora: the PostgreSQL 15 docs' reference figures (corpus README), stale anchors on both. */
class CorpusAuditCliTest {
    @TempDir
    Path tmp;

    private static Path site() {
        return site("postgresql-15");
    }

    private static Path site(String corpus) {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path p = Path.of(dir, corpus, "site");
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

    @Test
    void neither_corpus_has_stale_anchors_as_their_authors_paraphrase_titles_without_changing_them() throws IOException {
        // go-blog had 20 before paraphrases stopped counting ("Go turning 10" for "Go Turns 10"), two of them
        // through redirect stubs titled "Redirecting"; reviewed one by one, none names another version or page.
        for (String corpus : new String[] {"go-blog", "postgresql-15"}) {
            Path out = tmp.resolve(corpus + ".json");
            assertEquals(0, AuditCommandTest.run("audit", site(corpus).toString(), "--format", "json", "--output",
                    out.toString(), "--fail-on", "never", "--no-git", "-q").code());
            JsonNode findings = new ObjectMapper().readTree(out.toFile()).get("summary").get("findings");
            assertEquals(0, findings.path("stale-anchor").asInt(), corpus + ": " + findings);
        }
    }
}
