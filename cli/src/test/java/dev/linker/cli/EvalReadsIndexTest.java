package dev.linker.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static dev.linker.cli.BlogCommandsTest.BLOG;
import static dev.linker.cli.IndexCommandsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code linker eval} and {@code linker tune} read an index they are given and never write into it; they read the
 * site as {@code linker index} reads it (content selectors included), and judge a temporary index of a site that
 * changed since; {@code --ranker learned} over an index without a model is refused by every door alike.
 */
class EvalReadsIndexTest {
    @TempDir
    static Path tmp;
    static Path index;
    /** Inside the content of every post of the blog: its tags' links. */
    static final String TAGS = "p.tags";

    @BeforeAll
    static void buildIndex() {
        index = tmp.resolve("blog-idx");
        IndexCommandsTest.Run r = run("index", BLOG.toString(), "--index", index.toString(), "-q");
        assertEquals(0, r.code(), r.err());
    }

    /** Every file of {@code dir} by name, with the SHA-256 of its bytes. */
    static Map<String, String> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            Map<String, String> out = new TreeMap<>();
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Path f : s.toList()) {
                out.put(f.getFileName().toString(), HexFormat.of().formatHex(md.digest(Files.readAllBytes(f))));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void eval_and_tune_leave_every_file_of_the_index_they_read_as_it_was() {
        Map<String, String> before = files(index);
        IndexCommandsTest.Run e = run("eval", BLOG.toString(), "--index", index.toString());
        assertEquals(0, e.code(), e.err());
        assertTrue(e.out().contains("gold links: 11 from 6 pages"), e.out());
        assertFalse(e.err().contains("not up to date"), e.err());
        assertFalse(e.err().contains("linker: index "), "nothing synced: " + e.err());
        IndexCommandsTest.Run inbound = run("eval", BLOG.toString(), "--index", index.toString(), "--inbound", "-q");
        assertEquals(0, inbound.code(), inbound.err());
        IndexCommandsTest.Run t = run("tune", BLOG.toString(), "--index", index.toString(), "-q", "-o",
                tmp.resolve("w.properties").toString());
        assertEquals(2, t.code(), "6 pages with links are too few to tune: " + t.err());
        assertEquals(before, files(index), "the same files, byte for byte, and no lock left behind");
    }

    @Test
    void eval_of_a_site_changed_since_it_was_indexed_judges_a_temporary_index_and_says_so() throws IOException {
        Path site = tmp.resolve("changed-site");
        copy(BLOG, site);
        Path dir = tmp.resolve("changed-idx");
        assertEquals(0, run("index", site.toString(), "--index", dir.toString(), "-q").code());
        Path water = site.resolve("posts/water.html");
        Files.writeString(water, Files.readString(water).replace("</article>",
                "<p>Then read <a href=\"/posts/cold-brew.html\">cold brew</a>.</p></article>"));
        Map<String, String> before = files(dir);
        IndexCommandsTest.Run e = run("eval", site.toString(), "--index", dir.toString(), "-q");
        assertEquals(0, e.code(), e.err());
        // One link more changes the linked page's inbound count and the authority of many others.
        assertTrue(e.err().matches("(?s).*" + java.util.regex.Pattern.quote(dir + " is not up to date with " + site)
                + " \\(0 pages added, \\d+ changed, 0 removed in the source since\\): judging a temporary index of it"
                + " instead.*"), e.err());
        assertTrue(e.out().contains("gold links: 12 from 6 pages"), "the site as it is now: " + e.out());
        assertEquals(before, files(dir));
    }

    @Test
    void eval_reads_the_site_with_the_content_selectors_linker_index_was_given() {
        Path dir = tmp.resolve("no-tags-idx");
        IndexCommandsTest.Run i = run("index", BLOG.toString(), "--index", dir.toString(), "--boilerplate-selector",
                TAGS, "-q");
        assertEquals(0, i.code(), i.err());
        Map<String, String> before = files(dir);
        IndexCommandsTest.Run same = run("eval", BLOG.toString(), "--index", dir.toString(), "--boilerplate-selector",
                TAGS, "--no-learned", "-q");
        assertEquals(0, same.code(), same.err());
        assertFalse(same.err().contains("not up to date"), "read as it was indexed: " + same.err());
        IndexCommandsTest.Run plain = run("eval", BLOG.toString(), "--index", dir.toString(), "--no-learned", "-q");
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.err().contains("is not up to date"), "read otherwise, the pages differ: " + plain.err());
        assertNotEquals(gold(plain.out()), gold(same.out()), "the tags' links are content links only without it");
        assertEquals(before, files(dir));
    }

    @Test
    void ranker_learned_over_an_index_without_a_model_is_refused_by_every_door() {
        String why = "--ranker learned, but the index learned no model";
        IndexCommandsTest.Run s = run("suggest", "--index", index.toString(), "--url", "/posts/water.html",
                "--ranker", "learned");
        IndexCommandsTest.Run p = run("plan", "--index", index.toString(), "--ranker", "learned", "-q");
        IndexCommandsTest.Run b = run("brief", "--index", index.toString(), "--query", "cold brew coffee",
                "--ranker", "learned");
        for (IndexCommandsTest.Run r : new IndexCommandsTest.Run[] {s, p, b}) {
            assertEquals(2, r.code(), r.out() + r.err());
            assertTrue(r.err().contains(index + ": " + why), r.err());
        }
        assertEquals(0, run("suggest", "--index", index.toString(), "--url", "/posts/water.html").code());
    }

    private static String gold(String out) {
        return out.lines().filter(l -> l.startsWith("gold links: ")).findFirst().orElseThrow();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path f : s.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }
}
