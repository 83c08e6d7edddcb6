package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.linker.cli.IndexCommandsTest.run;
import static dev.linker.cli.IndexCommandsTest.site;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code linker suggest --inbound} and {@code linker eval --inbound} as a user runs them, with the real model. */
class InboundCommandsTest {
    static final String POUR_OVER = "https://brew.example/guides/pour-over.html";
    @TempDir
    static Path tmp;
    static Path index;

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        IndexCommandsTest.Run r = run("index", site("coffee/pages.csv").toString(), "--links",
                site("coffee/links.jsonl").toString(), "--index", index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void inbound_for_a_url_lists_pages_that_should_link_to_it_with_their_phrase_and_sentence() {
        IndexCommandsTest.Run r = run("suggest", "--inbound", "--index", index.toString(), "--url", POUR_OVER,
                "--min-similarity", "-1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("pages that should link to " + POUR_OVER + ":\n 1. "), r.out());
        assertTrue(r.out().contains("    anchor: \"") && r.out().contains("    in: "), r.out());
        // The roast levels page says "pour-over"; pages that link to it already (the grinder, kettle and scales
        // pages) and hubs (the home page) never show.
        assertTrue(r.out().contains("https://brew.example/beans/roast-levels.html\n    anchor: \"pour-over\" (name)"),
                r.out());
        for (String linked : new String[] {"gear/burr-grinder.html", "gear/kettles.html", "gear/scales.html"}) {
            assertFalse(r.out().contains(linked), r.out());
        }
        assertFalse(r.out().contains("https://brew.example/\n"), r.out());
    }

    @Test
    void inbound_json_names_the_source_to_edit_and_the_target() throws IOException {
        IndexCommandsTest.Run r = run("suggest", "--inbound", "--index", index.toString(), "--url", POUR_OVER,
                "--min-similarity", "-1", "-f", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode list = new ObjectMapper().readTree(r.out());
        assertFalse(list.isEmpty(), r.out());
        for (JsonNode s : list) {
            assertEquals(POUR_OVER, s.get("target").asText(), s.toString());
            assertTrue(s.get("source").asText().startsWith("https://brew.example/"), s.toString());
            assertTrue(s.get("sentence").asText().contains(s.get("anchor").asText()), s.toString());
        }
    }

    @Test
    void inbound_for_a_draft_file_and_for_every_page() throws IOException {
        Path draft = tmp.resolve("grinding.md");
        Files.writeString(draft, "# Grinding for espresso\n\nA burr grinder gives even grounds for espresso; a blade "
                + "grinder does not, and pour-over needs a coarser setting.\n");
        IndexCommandsTest.Run d = run("suggest", "--inbound", "--index", index.toString(), "--text-file",
                draft.toString(), "--min-similarity", "-1");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().startsWith("pages that should link to the draft:\n 1. "), d.out());
        IndexCommandsTest.Run all = run("suggest", "--inbound", "--all", "--index", index.toString(), "-f", "jsonl");
        assertEquals(0, all.code(), all.err());
        String[] lines = all.out().split("\n");
        assertEquals(11, lines.length, all.out());
        for (String line : lines) {
            JsonNode o = new ObjectMapper().readTree(line);
            assertTrue(o.has("target") && o.get("suggestions").isArray(), line);
        }
    }

    @Test
    void inbound_for_a_query_or_an_unknown_page_exits_2_saying_what_it_needs() {
        IndexCommandsTest.Run q = run("suggest", "--inbound", "--index", index.toString(), "--query", "espresso");
        assertEquals(2, q.code(), q.out() + q.err());
        assertTrue(q.err().contains("--inbound needs --url, --text-file or --all"), q.err());
        IndexCommandsTest.Run u = run("suggest", "--inbound", "--index", index.toString(), "--url",
                "https://brew.example/nope.html");
        assertEquals(2, u.code(), u.out() + u.err());
        assertTrue(u.err().contains("https://brew.example/nope.html"), u.err());
        IndexCommandsTest.Run m = run("suggest", "--inbound", "--index", index.toString(), "--url", POUR_OVER,
                "--min-similarity", "2");
        assertEquals(2, m.code(), m.out() + m.err());
        assertTrue(m.err().contains("--min-similarity must be between -1 and 1"), m.err());
    }

    @Test
    void eval_inbound_reports_recall_of_the_real_sources_beside_the_lexical_baselines() {
        IndexCommandsTest.Run e = run("eval", site("coffee/pages.csv").toString(), "--links",
                site("coffee/links.jsonl").toString(), "--index", index.toString(), "--inbound", "--baselines", "-q");
        assertEquals(0, e.code(), e.err());
        assertTrue(e.out().startsWith("pages with inbound content links: "), e.out());
        assertTrue(e.out().contains("recall@5  precision@5  nDCG@10    MRR  recall@10\ninbound (weights) "), e.out());
        assertTrue(e.out().contains("\nTF-IDF cosine ") && e.out().contains("Linker / best baseline, recall@5: "),
                e.out());
        assertTrue(e.out().contains("phrase in its sentence: 100.0 %"), e.out());
    }
}
