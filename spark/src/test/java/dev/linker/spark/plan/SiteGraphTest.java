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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PageRank on the driver (a small site) and across the cluster give the same authority to the last bit. */
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

    private static Map<String, Double> authority(Dataset<Row> d) {
        Map<String, Double> m = new HashMap<>();
        for (Row r : d.collectAsList()) {
            m.put(r.getString(0), r.getDouble(1));
        }
        return m;
    }
}
