package dev.linker.spark.plan;

import dev.linker.spark.LocalSpark;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The site's links read on the driver (a small site) and across the cluster give the same rows; PageRank on either
 * gives the same authority to the last bit.
 */
class SiteGraphTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("SiteGraphTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void the_driver_and_the_cluster_compute_the_same_authority_to_the_last_bit() {
        Random rnd = new Random(7);
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            urls.add("https://s.example/p" + i);
        }
        // Some pages link nowhere (their rank is spread over every page), a few pages are linked by many.
        Set<List<String>> links = new LinkedHashSet<>();
        for (int i = 0; i < 300; i++) {
            int from = rnd.nextInt(60);
            int to = rnd.nextInt(4) == 0 ? rnd.nextInt(5) : rnd.nextInt(80);
            if (from != to) {
                links.add(List.of(urls.get(from), urls.get(to)));
            }
        }
        List<Row> rows = links.stream().map(l -> RowFactory.create(l.get(0), l.get(1))).toList();
        Dataset<Row> edges = spark.createDataFrame(rows, new StructType().add("source", DataTypes.StringType)
                .add("target", DataTypes.StringType));
        Dataset<Row> pages = spark.createDataset(urls, Encoders.STRING()).toDF("url").repartition(3);
        List<String> said = new ArrayList<>();
        Map<String, Double> driver = authority(SiteGraph.authorityOnDriver(pages, edges, urls.size(), said::add));
        Map<String, Double> cluster = authority(SiteGraph.authority(pages, edges, urls.size(), said::add));
        assertEquals(80, driver.size());
        assertEquals(cluster, driver);
        assertTrue(driver.values().stream().distinct().count() > 20, "ranks differ from page to page: " + driver);
        // Both stop after the same number of iterations.
        assertEquals(said.get(0).replaceAll(",.*", ""), said.get(said.size() - 1));
    }

    @Test
    void a_small_sites_links_read_on_the_driver_give_the_rows_the_cluster_gives(@TempDir Path tmp)
            throws IOException {
        List<Row> pages = new ArrayList<>();
        String[] urls = {"https://s.example/", "https://s.example/go/", "https://s.example/go/a.html",
                "https://s.example/go/b.html", "https://s.example/rust/c.html", "https://s.example/lonely.html"};
        for (int i = 0; i < urls.length; i++) {
            pages.add(RowFactory.create(urls[i], (long) i));
        }
        // Paths relative to the origin, full keys and a folder's index.html; generic and empty anchors; a link
        // given twice (on two lines of one source); a self link; a source and a target that are not pages.
        Path links = tmp.resolve("links.jsonl");
        Files.writeString(links, String.join("\n",
                "{\"source\": \"go/a.html\", \"targets\": [\"go/b.html\", \"go/index.html\", \"go/a.html\"],"
                        + " \"anchors\": {\"go/b.html\": [\"the B guide\", \"click here\"], "
                        + "\"go/index.html\": [\"Go\"]}}",
                "{\"source\": \"https://s.example/go/b.html\", \"targets\": [\"rust/c.html\", \"nowhere.html\"]}",
                "{\"source\": \"gone.html\", \"targets\": [\"go/a.html\"], \"anchors\": {\"go/a.html\": [\"A\"]}}",
                "",
                "{\"source\": \"go/a.html\", \"targets\": [\"go/b.html\", \"\"], "
                        + "\"anchors\": {\"go/b.html\": [\"B again\"], \"\": [\"home\"]}}",
                "{\"source\": \"\", \"targets\": [\"go/a.html\", \"rust/c.html\"], "
                        + "\"anchors\": {\"go/a.html\": [\"read more\", \"A\"]}}"));
        Dataset<Row> given = spark.createDataFrame(pages, new StructType().add("url", DataTypes.StringType)
                .add(PlanJob.ORD, DataTypes.LongType)).repartition(3);
        List<String> said = new ArrayList<>();
        Map<String, String> driver = graph(SiteGraph.onDriver(spark, given, links.toString(), urls.length, said::add));
        Map<String, String> cluster = graph(SiteGraph.onCluster(spark, given, links.toString(), urls.length,
                said::add));
        assertEquals(cluster, driver);
        assertEquals("[https://s.example/go/b.html, https://s.example/go/, https://s.example/] 1 "
                + "[[https://s.example/,A]]", driver.get("https://s.example/go/a.html").replaceAll("^\\S+ ", ""),
                "links in the order written, once each; names in page order, generic ones left out");
        assertEquals("[https://s.example/rust/c.html] 1 [[https://s.example/go/a.html,the B guide], "
                + "[https://s.example/go/a.html,B again]]", driver.get("https://s.example/go/b.html")
                .replaceAll("^\\S+ ", ""), "linked by one page twice: inbound 1, both names");
        assertEquals(6, driver.size(), "every page, with links or none: " + driver);
        assertTrue(said.getFirst().endsWith("the site's links read on the driver (at most 20,000 pages)"),
                said.getFirst());
    }

    /** Each page's authority, links, inbound count and names as text (no links and null read alike). */
    private static Map<String, String> graph(Dataset<Row> d) {
        Map<String, String> m = new HashMap<>();
        for (Row r : d.collectAsList()) {
            int li = r.fieldIndex("links");
            int ii = r.fieldIndex("inbound");
            int ni = r.fieldIndex("names");
            m.put(r.getAs("url"), r.<Double>getAs("authority") + " " + (r.isNullAt(li) ? List.of() : r.getList(li))
                    + " " + (r.isNullAt(ii) ? 0 : r.getLong(ii)) + " " + (r.isNullAt(ni) ? List.of()
                    : r.<Row>getList(ni).stream().map(Row::toString).toList()));
        }
        return m;
    }

    private static Map<String, Double> authority(Dataset<Row> d) {
        Map<String, Double> m = new HashMap<>();
        for (Row r : d.collectAsList()) {
            m.put(r.getString(0), r.getDouble(1));
        }
        return m;
    }
}
