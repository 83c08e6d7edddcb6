package dev.linker.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.Vectors;
import dev.linker.core.model.Page;
import dev.linker.core.site.CsvSiteReader;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embed job in Spark local mode (two cores) against what linker index embeds for the same pages. */
class EmbedJobTest {
    static final Path PAGES = Path.of("src/test/resources/pages.csv");
    static SparkSession spark;
    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("EmbedJobTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** url → [contentHash, vector] of an output folder. */
    static Map<String, Object[]> output(Path dir) {
        Map<String, Object[]> out = new HashMap<>();
        for (Row r : spark.read().parquet(dir.toString()).collectAsList()) {
            List<Float> v = r.getList(r.fieldIndex("vector"));
            float[] f = new float[v.size()];
            for (int i = 0; i < f.length; i++) {
                f[i] = v.get(i);
            }
            assertEquals("local:all-minilm-l6-v2-q", r.getString(r.fieldIndex("embedder")));
            out.put(r.getString(r.fieldIndex("url")), new Object[] {r.getString(r.fieldIndex("contentHash")), f});
        }
        return out;
    }

    static EmbedJob.Result embed(String pages, Path out, Path previous, EmbedMode mode) {
        return EmbedJob.run(spark, new EmbedJob.Options(pages, out.toString(),
                previous == null ? null : previous.toString(), mode, EmbedderSpec.local(), 0), m -> { });
    }

    /**
     * One row per page keyed as linker index keys it, each hashing the text linker index reads, and the vector of
     * every {@code every}-th page (1: all) within cosine 0.9999 of the local model's.
     */
    static void assertSameAsIndex(Path csv, Path dir, EmbedMode mode, int every) {
        Map<String, Object[]> got = output(dir);
        Map<String, Page> pages = new LinkedHashMap<>(CsvSiteReader.read(csv).pages());
        assertEquals(pages.keySet(), got.keySet(), "one row per page, keyed as linker index keys it");
        Embedder model = EmbedderSpec.local().shared();
        List<Page> all = List.copyOf(pages.values());
        for (Page p : all) {
            assertEquals(EmbedText.contentHash(p.title(), p.h1(), p.text()), got.get(p.url())[0],
                    p.url() + ": the job hashes the text linker index reads");
        }
        // The model is thread-safe: the reference vectors use every core, as the job does.
        IntStream.range(0, all.size()).filter(i -> i % every == 0).mapToObj(all::get).parallel().forEach(p -> {
            float[] want = model.embed(EmbedText.of(mode, p.url(), p.title(), p.h1(), p.text()));
            double c = Vectors.cosine(want, (float[]) got.get(p.url())[1]);
            assertTrue(c >= 0.9999, p.url() + ": cosine " + c);
        });
    }

    @Test
    void the_job_embeds_each_page_as_linker_index_does() {
        Path out = tmp.resolve("vectors");
        EmbedJob.Result r = embed(PAGES.toString(), out, null, EmbedMode.BOTH);
        assertEquals(6, r.pages());
        assertEquals(6, r.embedded());
        assertEquals(0, r.reused());
        assertEquals(384, r.dimension());
        assertSameAsIndex(PAGES, out, EmbedMode.BOTH, 1);
    }

    @Test
    void a_previous_output_keeps_the_vectors_of_pages_whose_text_did_not_change() throws Exception {
        Path first = tmp.resolve("first");
        embed(PAGES.toString(), first, null, EmbedMode.TITLE);
        Path edited = tmp.resolve("edited.csv");
        Files.writeString(edited, Files.readString(PAGES).replace("Cold Brew, Slowly", "Cold Brew, Overnight"));
        Path second = tmp.resolve("second");
        EmbedJob.Result r = embed(edited.toString(), second, first, EmbedMode.TITLE);
        assertEquals(1, r.embedded(), "only the retitled page");
        assertEquals(5, r.reused());
        Map<String, Object[]> before = output(first);
        Map<String, Object[]> after = output(second);
        String about = "https://brew.example/about.html";
        assertArrayEquals((float[]) before.get(about)[1], (float[]) after.get(about)[1]);
        assertSameAsIndex(edited, second, EmbedMode.TITLE, 1);
    }

    @Test
    void json_lines_and_parquet_pages_are_read_like_the_csv() throws Exception {
        Path csvOut = tmp.resolve("from-csv");
        embed(PAGES.toString(), csvOut, null, EmbedMode.TITLE);
        ObjectMapper json = new ObjectMapper();
        StringBuilder lines = new StringBuilder();
        for (Page p : CsvSiteReader.read(PAGES).pages().values()) {
            lines.append(json.writeValueAsString(Map.of("url", p.url(), "title", p.title(), "h1", p.h1(),
                    "content", p.text()))).append('\n');
        }
        Path jsonl = Files.writeString(tmp.resolve("pages.jsonl"), lines);
        Path jsonOut = tmp.resolve("from-jsonl");
        embed(jsonl.toString(), jsonOut, null, EmbedMode.TITLE);
        Path parquet = tmp.resolve("pages.parquet");
        spark.read().json(jsonl.toString()).write().parquet(parquet.toString());
        Path parquetOut = tmp.resolve("from-parquet");
        embed(parquet.toString(), parquetOut, null, EmbedMode.TITLE);
        Map<String, Object[]> want = output(csvOut);
        for (Path p : List.of(jsonOut, parquetOut)) {
            Map<String, Object[]> got = output(p);
            assertEquals(want.keySet(), got.keySet(), p.toString());
            want.forEach((url, row) -> assertEquals(row[0], got.get(url)[0], p + " " + url));
        }
    }

    @Test
    void the_command_line_prints_what_it_did_and_names_bad_input_with_exit_2() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LinkerSpark.run(new String[] {"embed", "--pages", PAGES.toString(), "--out",
                tmp.resolve("cli").toString(), "--embed", "title", "-q"}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        assertTrue(out.toString().startsWith("6 pages: 6 embedded, 0 reused (local:all-minilm-l6-v2-q, 384 dimensions;"),
                out.toString());
        assertTrue(!spark.sparkContext().isStopped(), "a session the command did not start is left running");

        Path noContent = Files.writeString(tmp.resolve("no-content.csv"), "Address,Title\n/a,A\n");
        assertError(2, noContent + ": no content column", "embed", "--pages", noContent.toString(), "--out",
                tmp.resolve("x").toString(), "-q");
        Path dup = Files.writeString(tmp.resolve("dup.csv"), "Address,Title,Content\n/a,A,x\n/b,B,y\n/a,A2,z\n");
        assertError(2, dup + ": duplicate addresses, e.g. [/a]", "embed", "--pages", dup.toString(), "--out",
                tmp.resolve("y").toString(), "-q");
        assertError(2, "unknown --embed value \"words\"", "embed", "--pages", PAGES.toString(), "--out",
                tmp.resolve("z").toString(), "--embed", "words", "-q");
        assertError(2, "--master \"locale\" is not a Spark master URL", "embed", "--pages", PAGES.toString(), "--out",
                tmp.resolve("v").toString(), "--master", "locale", "-q");
        assertError(2, "--pages " + tmp.resolve("missing.parquet") + ": no such file or folder", "embed", "--pages",
                tmp.resolve("missing.parquet").toString(),
                "--out", tmp.resolve("w").toString(), "-q");
    }

    @Test
    void the_static_embedder_gives_on_the_cluster_the_vectors_it_gives_linker_index() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path dir = tmp.resolve("static");
        int code = LinkerSpark.run(new String[] {"embed", "--pages", PAGES.toString(), "--out", dir.toString(),
                "--embedder", "static", "-q"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        assertTrue(out.toString().startsWith("6 pages: 6 embedded, 0 reused (static:all-minilm-l6-v2-q-pca256, 256"
                + " dimensions;"), out.toString());
        Embedder table = dev.linker.core.embed.StaticEmbedder.load();
        Map<String, Page> pages = CsvSiteReader.read(PAGES).pages();
        List<Row> rows = spark.read().parquet(dir.toString()).collectAsList();
        assertEquals(6, rows.size());
        for (Row r : rows) {
            assertEquals(table.id(), r.getString(r.fieldIndex("embedder")));
            Page p = pages.get(r.getString(r.fieldIndex("url")));
            List<Float> v = r.getList(r.fieldIndex("vector"));
            float[] want = table.embed(EmbedText.of(EmbedMode.BOTH, p.url(), p.title(), p.h1(), p.text()));
            assertEquals(want.length, v.size());
            for (int i = 0; i < want.length; i++) {
                assertEquals(want[i], v.get(i), p.url() + " [" + i + "]");
            }
        }
        assertError(2, "unknown --embedder \"statik\" (known: local, static or openai)", "embed", "--pages",
                PAGES.toString(), "--out", tmp.resolve("u").toString(), "--embedder", "statik", "-q");
        assertError(2, "embedder dimensions 384 is not possible for the static embedder, whose vectors have 256",
                "embed", "--pages", PAGES.toString(), "--out", tmp.resolve("t").toString(), "--embedder", "static",
                "--embed-dimensions", "384", "-q");
    }

    static void assertError(int code, String message, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int got = LinkerSpark.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(code, got, err.toString());
        assertTrue(err.toString().contains(message), err.toString());
        assertTrue(!err.toString().contains("\tat "), "no stack trace for bad input: " + err);
    }
}
