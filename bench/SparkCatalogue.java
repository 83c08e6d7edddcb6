import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A synthetic catalogue for the Spark plan benchmark (issue 14), seeded, written by Spark in local mode:
 * {@code DIR/pages.parquet} (url, title, h1, content), {@code DIR/links} (links.jsonl lines) and {@code DIR/vectors}
 * (the embed job's Parquet, with the content hash of each page's text, so the plan embeds nothing).
 *
 * <p>Categories of 1,000 products; a product's text mixes 30 words of its category with words common to the site;
 * each links to 5 of its category's 50 best sellers and one other product of it (so most products are under-linked
 * acceptors); its vector is its category's direction plus noise (cosine ≈ 0.65 within a category, ≈ 0 across).
 *
 * <p>Run by bench/spark-plan-benchmark.sh: {@code java -cp linker-spark.jar:SPARK bench/SparkCatalogue.java DIR PAGES}.
 */
public final class SparkCatalogue {
    static final int PER_CATEGORY = 1000;
    static final int DIM = 384;

    public static void main(String[] args) {
        String dir = args[0];
        long pages = Long.parseLong(args[1]);
        SparkSession spark = SparkSession.builder().master("local[*]").appName("catalogue")
                .config("spark.ui.enabled", "false").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        int parts = (int) Math.max(4, pages / 50_000);
        Dataset<Long> ids = spark.range(0, pages, 1, parts);
        StructType page = new StructType().add("url", DataTypes.StringType).add("title", DataTypes.StringType)
                .add("h1", DataTypes.StringType).add("content", DataTypes.StringType);
        Dataset<Row> rows = ids.map((MapFunction<Long, Row>) SparkCatalogue::page, Encoders.row(page)).cache();
        rows.write().mode(SaveMode.Overwrite).parquet(dir + "/pages.parquet");
        ids.map((MapFunction<Long, String>) id -> links(id, pages), Encoders.STRING()).write().mode(SaveMode.Overwrite)
                .text(dir + "/links");
        StructType vector = new StructType().add("url", DataTypes.StringType)
                .add("contentHash", DataTypes.StringType).add("embedder", DataTypes.StringType)
                .add("embed", DataTypes.StringType)
                .add("vector", DataTypes.createArrayType(DataTypes.FloatType, false));
        rows.map((MapFunction<Row, Row>) r -> {
            long id = Long.parseLong(r.getString(0).replaceAll(".*/p(\\d+)\\.html$", "$1"));
            return RowFactory.create(r.getString(0), EmbedText.contentHash(r.getString(1), r.getString(2),
                    r.getString(3)), LocalMiniLmEmbedder.ID, "both", vector(id));
        }, Encoders.row(vector)).write().mode(SaveMode.Overwrite).option("compression", "none")
                .parquet(dir + "/vectors");
        spark.stop();
        System.out.println("catalogue of " + pages + " pages in " + dir);
    }

    static String url(long id) {
        return "https://shop.example/c" + id / PER_CATEGORY + "/p" + id + ".html";
    }

    static Row page(long id) {
        Random rnd = new Random(id * 31 + 7);
        long cat = id / PER_CATEGORY;
        StringBuilder text = new StringBuilder();
        String title = "Product " + id + " " + word(cat, rnd.nextInt(30)) + " " + word(cat, rnd.nextInt(30));
        for (int s = 0; s < 6; s++) {
            for (int w = 0; w < 12; w++) {
                text.append(w == 0 ? "" : " ").append(rnd.nextBoolean() ? word(cat, rnd.nextInt(30))
                        : "common" + rnd.nextInt(2000));
            }
            text.append(". ");
        }
        return RowFactory.create(url(id), title, title, text.toString().strip());
    }

    static String word(long cat, int j) {
        return "topic" + cat + "x" + j;
    }

    static String links(long id, long pages) {
        Random rnd = new Random(id * 17 + 3);
        long base = id / PER_CATEGORY * PER_CATEGORY;
        long size = Math.min(PER_CATEGORY, pages - base);
        List<String> targets = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            targets.add("\"" + url(base + rnd.nextInt((int) Math.min(50, size))) + "\"");
        }
        targets.add("\"" + url(base + rnd.nextInt((int) size)) + "\"");
        return "{\"source\": \"" + url(id) + "\", \"targets\": [" + String.join(", ", targets) + "]}";
    }

    static float[] vector(long id) {
        Random c = new Random(id / PER_CATEGORY * 1_000_003L);
        Random p = new Random(id * 7_919L + 1);
        float[] v = new float[DIM];
        double n = 0;
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) (c.nextGaussian() + 0.72 * p.nextGaussian());
            n += v[i] * v[i];
        }
        n = Math.sqrt(n);
        for (int i = 0; i < DIM; i++) {
            v[i] /= (float) n;
        }
        return v;
    }
}
