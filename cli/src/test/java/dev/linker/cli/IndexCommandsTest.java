package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** index, suggest, plan, pairs, eval and tune as a user runs them, in-process, with the real local model. */
class IndexCommandsTest {
    @TempDir
    static Path tmp;
    static Path index;
    static final String ESPRESSO = "https://brew.example/guides/espresso.html";

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    static Path site(String rel) {
        try {
            return Path.of(IndexCommandsTest.class.getResource("/sites/" + rel).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("idx");
        Run r = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("11 pages: 0 unchanged, 11 embedded, 0 removed"), r.out());
    }

    @Test
    void indexing_again_says_how_many_pages_were_unchanged() {
        Run r = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("11 pages: 11 unchanged, 0 embedded, 0 removed"), r.out());
    }

    @Test
    void a_bad_thread_count_is_refused_before_the_source_is_read() {
        Path fresh = tmp.resolve("threads-idx");
        for (String bad : new String[] {"-1", "many", "5000"}) {
            Run r = run("index", site("coffee/pages.csv").toString(), "--index", fresh.toString(),
                    "--embed-threads", bad);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--embed-threads") && r.err().contains("'" + bad + "' must be 0 (all cores) "
                    + "or 1..1024"), r.err());
            assertEquals("", r.out(), "nothing read, nothing indexed");
            assertFalse(java.nio.file.Files.exists(fresh), "no index made");
        }
        Run two = run("index", site("coffee/pages.csv").toString(), "--index", fresh.toString(), "--embed-threads",
                "2", "-q");
        assertEquals(0, two.code(), two.err());
    }

    @Test
    void indexing_says_which_ranker_suggestions_use_and_why() {
        Run r = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nranker: the weights (too few links to learn from: 12 links from 8 pages; 100 "
                + "links from 30 pages are needed; the prior ranks sites of 50 content pages or more, and this one has "
                + "10)\n"), r.out());
        Run skip = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString(), "-q", "--no-learn");
        assertEquals(0, skip.code(), skip.err());
        assertFalse(skip.out().contains("ranker:"), skip.out());
        Run bad = run("suggest", "--index", index.toString(), "--url", "https://brew.example/guides/cold-brew.html",
                "--ranker", "trees");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--ranker must be auto, learned, prior or weights, not 'trees'"), bad.err());
    }

    @Test
    void suggest_for_a_url_prints_a_table_with_anchor_sentence_and_components() {
        Run r = run("suggest", "--index", index.toString(), "--url", "https://brew.example/guides/cold-brew.html");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(" 1. "), r.out());
        assertTrue(r.out().contains("anchor: \""), r.out());
        assertTrue(r.out().contains("lexical "), r.out());
        assertFalse(r.out().contains("roast-levels.html"), "cold brew already links to roast levels");
    }

    @Test
    void suggest_formats_json_jsonl_and_csv_carry_the_same_suggestions() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Run j = run("suggest", "--index", index.toString(), "--url", ESPRESSO, "--format", "json", "--limit", "3");
        assertEquals(0, j.code(), j.err());
        JsonNode arr = json.readTree(j.out());
        assertEquals(3, arr.size());
        assertTrue(arr.get(0).has("components") && arr.get(0).has("sentence") && arr.get(0).has("start"));
        Run l = run("suggest", "--index", index.toString(), "--url", ESPRESSO, "--format", "jsonl", "--limit", "3");
        List<String> lines = l.out().lines().toList();
        assertEquals(3, lines.size());
        Run c = run("suggest", "--index", index.toString(), "--url", ESPRESSO, "--format", "csv", "--limit", "3");
        List<String> rows = c.out().lines().toList();
        assertTrue(rows.get(0).startsWith("source,url,score,anchor,anchor_rule,wording,sentence,start,end,lexical"), rows.get(0));
        assertEquals(4, rows.size());
        for (int i = 0; i < 3; i++) {
            String url = arr.get(i).get("url").asText();
            assertEquals(url, json.readTree(lines.get(i)).get("url").asText());
            assertTrue(rows.get(i + 1).startsWith(ESPRESSO + "," + url + ","), rows.get(i + 1));
        }
    }

    @Test
    void suggest_all_writes_one_json_line_per_page() throws IOException {
        Run r = run("suggest", "--index", index.toString(), "--all", "--format", "jsonl", "-q", "--limit", "2");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(11, lines.size());
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals("https://brew.example/", first.get("source").asText());
        JsonNode s = first.get("suggestions");
        assertEquals(2, s.size());
        assertTrue(s.get(0).has("url") && s.get(0).has("score") && s.get(0).has("anchor"));
    }

    @Test
    void suggest_for_a_draft_file_and_for_a_query() throws IOException {
        Path draft = tmp.resolve("draft.txt");
        Files.writeString(draft, "Iced coffee\nPour a double shot over ice, or make a flat white and chill it.");
        Run r = run("suggest", "--index", index.toString(), "--text-file", draft.toString(), "--format", "jsonl");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("flat-white.html"), r.out());
        Run q = run("suggest", "--index", index.toString(), "--query", "decaffeinated beans", "--limit", "1", "-f", "csv");
        assertEquals(0, q.code(), q.err());
        assertTrue(q.out().lines().toList().get(1).contains("decaf.html"), q.out());
    }

    @Test
    void a_static_index_answers_suggest_and_eval_without_naming_its_embedder_again() {
        Path st = tmp.resolve("static-idx");
        Run r = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", st.toString(), "--embedder", "static");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("with static:all-minilm-l6-v2-q-pca256"), r.err());
        Run again = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", st.toString(), "-q");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().startsWith("11 pages: 11 unchanged"), again.out());
        Run q = run("suggest", "--index", st.toString(), "--query", "decaffeinated beans", "--limit", "3", "-f", "csv");
        assertEquals(0, q.code(), q.err());
        assertTrue(q.out().contains("decaf.html"), q.out());
        Path draft = tmp.resolve("static-draft.txt");
        try {
            Files.writeString(draft, "Iced coffee\nPour a double shot over ice, or make a flat white and chill it.");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Run d = run("suggest", "--index", st.toString(), "--text-file", draft.toString(), "--format", "jsonl");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().contains("flat-white.html"), "the draft engine answers with the static vectors: " + d.out());
        Run local = run("suggest", "--index", st.toString(), "--query", "decaf", "--embedder", "local");
        assertEquals(2, local.code(), local.err());
        assertTrue(local.err().contains("static:all-minilm-l6-v2-q-pca256") && local.err().contains("local:"),
                local.err());
        Run typo = run("index", site("coffee/pages.csv").toString(), "--index", tmp.resolve("typo").toString(),
                "--embedder", "statik");
        assertEquals(2, typo.code(), typo.err());
        assertTrue(typo.err().contains("'statik'") && typo.err().contains("local, static or openai"), typo.err());
        Run model = run("index", site("coffee/pages.csv").toString(), "--index", tmp.resolve("typo").toString(),
                "--embedder", "static", "--embed-model", "bge-m3");
        assertEquals(2, model.code(), model.err());
        assertTrue(model.err().contains("'bge-m3' is not possible for the static embedder"), model.err());
    }

    @Test
    void a_catalogue_indexed_with_the_model_hears_of_the_static_embedder_and_a_small_site_does_not() {
        String hint = IndexCommand.catalogueHint(50_000, "local:all-minilm-l6-v2-q");
        assertTrue(hint != null && hint.contains("--embedder static"), hint);
        assertEquals(null, IndexCommand.catalogueHint(49_999, "local:all-minilm-l6-v2-q"));
        assertEquals(null, IndexCommand.catalogueHint(1_000_000, "static:all-minilm-l6-v2-q-pca256"));
        assertEquals(null, IndexCommand.catalogueHint(1_000_000, "openai:text-embedding-3-small@1536"));
    }

    @Test
    void bad_input_exits_2_with_a_message_naming_it() {
        Run unknown = run("suggest", "--index", index.toString(), "--url", "https://brew.example/nope.html");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown page https://brew.example/nope.html"), unknown.err());
        Run format = run("suggest", "--index", index.toString(), "--all", "--format", "xml");
        assertEquals(2, format.code());
        assertTrue(format.err().contains("unknown --format 'xml'"), format.err());
        Run noIndex = run("suggest", "--index", tmp.resolve("none").toString(), "--all");
        assertEquals(2, noIndex.code());
        assertTrue(noIndex.err().contains("no index here"), noIndex.err());
        Run regex = run("suggest", "--index", index.toString(), "--all", "--exclude", "([");
        assertEquals(2, regex.code());
        assertTrue(regex.err().contains("--exclude '([' is not a valid regular expression"), regex.err());
        Run missing = run("index", tmp.resolve("nope.csv").toString(), "--index", tmp.resolve("i2").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("nope.csv: no such file"), missing.err());
    }

    @Test
    void plan_writes_the_documented_csv_and_pairs_lists_similar_pages() {
        Run p = run("plan", "--index", index.toString(), "--min-similarity", "0.3", "-q");
        assertEquals(0, p.code(), p.err());
        List<String> rows = p.out().lines().toList();
        assertEquals("donor_url,anchor_text,acceptor_url,score,sentence,anchor_in_text", rows.get(0));
        assertTrue(rows.size() > 1, p.out());
        Run pairs = run("pairs", "--index", index.toString(), "--min-similarity", "0.5", "-q");
        assertEquals(0, pairs.code(), pairs.err());
        assertEquals("source,target,similarity", pairs.out().lines().findFirst().orElseThrow());
    }

    @Test
    void eval_and_tune_report_the_measures_and_tune_writes_weights() throws IOException {
        Run e = run("eval", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString(), "-q");
        assertEquals(0, e.code(), e.err());
        assertTrue(e.out().contains("pages with links: 8"), e.out()); // the home page is a hub
        assertTrue(e.out().contains("recall@5  precision@5  nDCG@10    MRR\nweights ")
                && e.out().contains("\nweights (copies) ") && e.out().contains("\nlearned (copies) "), e.out());
        Run noLinks = run("eval", site("coffee/pages.csv").toString(), "--index", tmp.resolve("i3").toString(), "-q");
        assertEquals(2, noLinks.code());
        assertTrue(noLinks.err().contains("needs --links"), noLinks.err());
        Run t = run("tune", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", index.toString(), "-q", "-o", tmp.resolve("w.properties").toString());
        assertEquals(2, t.code(), "8 pages with links are too few to tune: " + t.out() + t.err());
        assertTrue(t.err().contains("tuning needs at least 10"), t.err());
    }

    @Test
    void safety_classes_from_a_csv_keep_classes_apart() throws IOException {
        Path classes = tmp.resolve("safety.csv");
        Files.writeString(classes, "url,class\nhttps://brew.example/beans/decaf.html,adult\n"
                + "https://brew.example/beans/storage.html,kids\n");
        Path dir = tmp.resolve("safe-idx");
        Run r = run("index", site("coffee/pages.csv").toString(), "--links", site("coffee/links.jsonl").toString(),
                "--index", dir.toString(), "--safety", classes.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        String storage = "https://brew.example/beans/storage.html";
        Run open = run("suggest", "--index", dir.toString(), "--url", storage, "--limit", "10", "-f", "csv");
        assertTrue(open.out().contains("decaf.html"), open.out());
        Run guarded = run("suggest", "--index", dir.toString(), "--url", storage, "--limit", "10", "-f", "csv",
                "--forbid-safety", "kids=adult");
        assertEquals(0, guarded.code(), guarded.err());
        assertFalse(guarded.out().contains("decaf.html"), guarded.out());
        Files.writeString(classes, "https://brew.example/nope.html,adult\n");
        Run bad = run("index", site("coffee/pages.csv").toString(), "--index", tmp.resolve("bad-idx").toString(),
                "--safety", classes.toString(), "-q");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("safety.csv: URLs that are not pages of the source"), bad.err());
    }

    @Test
    void a_built_html_site_can_be_indexed_and_suggested_from() {
        Path dir = tmp.resolve("html-idx");
        Run r = run("index", Path.of("..", "examples", "site").toString(), "--index", dir.toString(), "-q");
        assertEquals(0, r.code(), r.err());
        Run s = run("suggest", "--index", dir.toString(), "--all", "--format", "jsonl", "-q");
        assertEquals(0, s.code(), s.err());
        assertFalse(s.out().isBlank());
    }

    @Test
    void category_levels_0_keeps_an_example_post_s_targets_in_its_breadcrumb_category() {
        // The example's JSON-LD trails end at the parent ("Home > Blog" on a post): the post's category is Blog.
        Path dir = tmp.resolve("category-idx");
        assertEquals(0, run("index", Path.of("..", "examples", "site").toString(), "--index", dir.toString(), "-q").code());
        for (String[] c : new String[][] {{"/blog/decaf.html", "/blog/"}, {"/guides/espresso.html", "/guides/"}}) {
            Run s = run("suggest", "--index", dir.toString(), "--url", c[0], "--category-levels", "0", "--format", "csv",
                    "--limit", "10", "-q");
            assertEquals(0, s.code(), s.err());
            List<String> targets = s.out().lines().skip(1).map(l -> l.split(",")[1]).toList();
            assertFalse(targets.isEmpty(), s.out());
            assertTrue(targets.stream().allMatch(t -> t.startsWith(c[1]) && !t.equals(c[1])), c[0] + ": " + targets);
        }
    }

    @Test
    void optimize_merges_the_index_into_one_segment_and_it_still_answers() throws IOException {
        Path dir = tmp.resolve("opt-idx");
        assertEquals(0, run("index", site("coffee/pages.csv").toString(), "--index", dir.toString(), "-q").code());
        // A changed page is written as a new segment: now there are two to merge.
        List<String> lines = Files.readAllLines(site("coffee/pages.csv"));
        lines.set(lines.size() - 1, lines.get(lines.size() - 1).replaceFirst("caffeine", "caffeine molecules"));
        Path changed = tmp.resolve("pages-changed.csv");
        Files.write(changed, lines);
        Run r = run("index", changed.toString(), "--index", dir.toString(), "--optimize");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("1 embedded"), r.out());
        assertTrue(r.err().matches("(?s).*merged 2 segments into 1 in .*"), r.err());
        Run s = run("suggest", "--index", dir.toString(), "--url", ESPRESSO, "--format", "csv", "-q");
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().lines().count() > 1, s.out());
    }
}
