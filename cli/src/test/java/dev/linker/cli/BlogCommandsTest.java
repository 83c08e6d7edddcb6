package dev.linker.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static dev.linker.cli.IndexCommandsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** index, suggest, plan and eval on a built blog (core's blog fixture): hubs, --hub, --hub-targets, --as-of, --baselines. */
class BlogCommandsTest {
    static final Path BLOG = Path.of("..", "core", "src", "test", "resources", "sites", "blog");
    static final Set<String> HUBS = Set.of("/", "/about.html", "/guides/", "/tags/basics.html", "/tags/cold.html",
            "/tags/espresso.html", "/tags/gear.html", "/tags/grinders.html", "/tags/milk.html");
    @TempDir
    static Path tmp;
    static Path index;

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("blog-idx");
        IndexCommandsTest.Run r = run("index", BLOG.toString(), "--index", index.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("read 19 pages from " + BLOG), r.err());
        assertTrue(r.err().contains("9 of the 19 pages are hubs"), r.err());
    }

    /** Column {@code i} of a CSV without line breaks in its cells (quoted commas allowed). */
    private static List<String> column(String csv, int i) {
        java.util.regex.Pattern cell = java.util.regex.Pattern.compile("\"(?:[^\"]|\"\")*\"|[^,]*");
        return csv.lines().skip(1).map(l -> {
            java.util.regex.Matcher m = cell.matcher(l);
            for (int k = 0; k < i; k++) {
                m.find();
                m.region(m.end() + 1, l.length());
            }
            m.find();
            return m.group();
        }).toList();
    }

    @Test
    void suggest_leaves_hubs_out_unless_hub_targets_is_given() {
        IndexCommandsTest.Run plain = run("suggest", "--index", index.toString(), "--url", "/posts/water.html",
                "--limit", "30", "-f", "csv");
        assertEquals(0, plain.code(), plain.err());
        List<String> targets = column(plain.out(), 1);
        assertFalse(targets.isEmpty(), plain.out());
        assertTrue(targets.stream().noneMatch(HUBS::contains), targets.toString());
        IndexCommandsTest.Run hubs = run("suggest", "--index", index.toString(), "--url", "/posts/water.html",
                "--limit", "30", "-f", "csv", "--hub-targets");
        assertTrue(column(hubs.out(), 1).stream().anyMatch(HUBS::contains), hubs.out());
    }

    @Test
    void a_plan_takes_no_hub_as_acceptor_by_default() {
        IndexCommandsTest.Run p = run("plan", "--index", index.toString(), "--min-similarity", "0", "-q");
        assertEquals(0, p.code(), p.err());
        List<String> acceptors = column(p.out(), 2);
        assertFalse(acceptors.isEmpty(), p.out());
        assertTrue(acceptors.stream().noneMatch(HUBS::contains), acceptors.toString());
    }

    @Test
    void eval_as_of_with_baselines_reports_the_protocol_and_four_rows() {
        IndexCommandsTest.Run e = run("eval", BLOG.toString(), "--index", tmp.resolve("eval-idx").toString(),
                "--as-of", "--baselines", "-q");
        assertEquals(0, e.code(), e.err());
        String out = e.out();
        assertTrue(out.contains("pages with links: 6\n"), out);
        assertTrue(out.contains("gold links: 11 from 6 pages (left out: 13 links to hubs, 1 to pages that are not live;"
                + " 8 hubs with links not evaluated)"), out);
        assertTrue(out.contains("as of each page's date: 4 of 6 pages dated; 2 evaluated with no date bound"), out);
        assertTrue(out.matches("(?s).*\nweights +0\\.\\d{3} .*\nprior +0\\.\\d{3} .*\n  the prior, learned from "
                + "[0-9,]+ links of \\d+ sites in \\d+ groups; none of them is this site, so its row is held out; by "
                + "default the weights rank this site: the prior ranks sites of 50 content pages or more, and this one "
                + "has \\d+\nin 5 copies of the site, each without one fold of pages'"
                + " links, learned from the rest \\(2 links the page also has outside its content left out; 5 of them"
                + " with too few links, ranked by the weights\\):\nweights \\(copies\\) +0\\.\\d{3} .*"
                + "\nlearned \\(copies\\) +0\\.\\d{3} .*\nTF-IDF cosine +0\\.\\d{3} .*"
                + "\nBM25 \\(whole text\\) +0\\.\\d{3} .*"), out);
        assertTrue(out.matches("(?s).*Linker / best baseline, recall@5: \\d+\\.\\d\\d \\(weights\\), \\d+\\.\\d\\d \\(prior\\), "
                + "\\d+\\.\\d\\d \\(learned\\)\n.*"),
                out);
    }

    @Test
    void a_hub_pattern_makes_more_pages_hubs_and_a_bad_one_is_named() {
        Path dir = tmp.resolve("marked-idx");
        IndexCommandsTest.Run r = run("index", BLOG.toString(), "--index", dir.toString(), "--hub", "/guides/brewing");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("10 of the 19 pages are hubs"), r.err());
        IndexCommandsTest.Run bad = run("index", BLOG.toString(), "--index", tmp.resolve("bad").toString(), "--hub", "(",
                "-q");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--hub '(' is not a valid regular expression"), bad.err());
    }
}
