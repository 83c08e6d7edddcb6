package dev.linker.spark.plan;

import dev.linker.core.score.CategoryPath;
import dev.linker.spark.PlanOptions;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.xxhash64;

/**
 * The plan job's blocks: the pages planned together on one executor. A donor's block is its category bound; a block
 * above {@code --block-pages} is split around centroids of its vectors.
 */
final class Blocks {
    private Blocks() {
    }

    /** A block member's roles: it may give links in the block, it may take them. */
    static final String IS_DONOR = "d";
    static final String IS_ACCEPTOR = "a";

    /** Centroids an acceptor of a split block is placed near: its nearest two, so pairs near a border still meet. */
    static final int PROBES = 2;
    /** Rounds of k-means refining a split block's centroids (sampled pages to begin with). */
    static final int KMEANS_ROUNDS = 2;
    /** The block of a donor without a category bound: every acceptor. */
    static final String ALL = "*";

    private static final StructType MEMBER = new StructType().add("url", DataTypes.StringType, false)
            .add("block", DataTypes.StringType, false).add(IS_DONOR, DataTypes.BooleanType, false)
            .add(IS_ACCEPTOR, DataTypes.BooleanType, false);

    /**
     * {@code url, block, d, a}: the blocks each page is in, as donor and/or acceptor. A donor's block is its category
     * bound ({@code --category-levels} up from its category; every acceptor when there is no bound); an acceptor is
     * in the block of each of its category's ancestors that some donor has. A block above {@code --block-pages} is
     * split around centroids of its vectors: a donor goes to its nearest, an acceptor to its nearest {@link #PROBES}.
     */
    static Dataset<Row> of(Dataset<Row> table, PlanOptions o, Consumer<String> log) {
        int levels = o.settings().categoryLevels();
        UDF1<String, String> bound = c -> levels < 0 ? ALL : CategoryPath.up(c, levels);
        UDF1<String, List<String>> ancestors = c -> {
            if (levels < 0) {
                return List.of(ALL);
            }
            List<String> out = new ArrayList<>();
            for (int up = 0; up <= CategoryPath.segments(c).size(); up++) {
                out.add(CategoryPath.up(c, up));
            }
            return out;
        };
        Dataset<Row> asDonor = table.filter(col("donor")).select(col("url"),
                udf(bound, DataTypes.StringType).apply(col("category")).as("block"), lit(true).as(IS_DONOR),
                lit(false).as(IS_ACCEPTOR));
        Dataset<Row> asAcceptor = table.filter(col("acceptor")).select(col("url"),
                explode(udf(ancestors, DataTypes.createArrayType(DataTypes.StringType)).apply(col("category")))
                        .as("block"), lit(false).as(IS_DONOR), lit(true).as(IS_ACCEPTOR));
        Dataset<Row> members = asDonor.unionByName(asAcceptor.join(asDonor.select("block").distinct(),
                Rounds.seq("block"), "left_semi"));
        members = members.groupBy("url", "block")
                .agg(max(IS_DONOR).as(IS_DONOR), max(IS_ACCEPTOR).as(IS_ACCEPTOR))
                .persist(StorageLevel.MEMORY_AND_DISK());
        List<Row> big = members.groupBy("block").count().filter(col("count").gt(o.work().blockPages())).collectAsList();
        if (big.isEmpty()) {
            return members;
        }
        Map<String, Integer> parts = new HashMap<>();
        for (Row b : big) {
            parts.put(b.getString(0), (int) Math.ceil(b.getLong(1) / (o.work().blockPages() / 2.0)));
        }
        log.accept(String.format(Locale.ROOT, "%d block(s) above %,d pages split into %d parts around centroids",
                big.size(), o.work().blockPages(), parts.values().stream().mapToInt(Integer::intValue).sum()));
        Dataset<Row> inBig = members.join(table.select("url", "vector"), Rounds.seq("url"))
                .join(members.sparkSession().createDataset(new ArrayList<>(parts.keySet()), Encoders.STRING())
                        .toDF("block"), Rounds.seq("block"), "left_semi");
        Map<String, float[][]> centroids = centroids(inBig, parts);
        Broadcast<Map<String, float[][]>> shared = JavaSparkContext.fromSparkContext(
                members.sparkSession().sparkContext()).broadcast(centroids);
        Dataset<Row> split = inBig.flatMap((FlatMapFunction<Row, Row>) r -> {
            String block = r.getAs("block");
            float[][] c = shared.value().get(block);
            int[] near = nearest(c, vector(r), PROBES);
            boolean d = r.getAs(IS_DONOR);
            boolean a = r.getAs(IS_ACCEPTOR);
            List<Row> out = new ArrayList<>();
            for (int i = 0; i < near.length; i++) {
                boolean asD = d && i == 0;
                boolean asA = a;
                if (asD || asA) {
                    out.add(RowFactory.create(r.getAs("url"), block + "#" + near[i], asD, asA));
                }
            }
            return out.iterator();
        }, Encoders.row(MEMBER));
        Dataset<Row> small = members.join(inBig.select("block").distinct(), Rounds.seq("block"), "left_anti");
        return small.unionByName(split.groupBy("url", "block")
                .agg(max(IS_DONOR).as(IS_DONOR), max(IS_ACCEPTOR).as(IS_ACCEPTOR)));
    }

    /** Per large block, {@code parts} centroids: pages spread by a hash of their URL, then a few k-means rounds. */
    private static Map<String, float[][]> centroids(Dataset<Row> inBig, Map<String, Integer> parts) {
        var sc = inBig.sparkSession().sparkContext();
        sc.setJobDescription("split large blocks: sample centroids");
        Map<String, float[][]> c = new HashMap<>();
        Dataset<Row> seeded = inBig.withColumn("i", row_number().over(org.apache.spark.sql.expressions.Window
                .partitionBy("block").orderBy(xxhash64(col("url")), col("url"))));
        for (String block : parts.keySet()) {
            c.put(block, new float[parts.get(block)][]);
        }
        for (Row r : seeded.filter(col("i").leq(parts.values().stream().mapToInt(Integer::intValue).max()
                .orElse(1))).select("block", "i", "vector").collectAsList()) {
            float[][] cs = c.get(r.getString(0));
            int i = r.getInt(1) - 1;
            if (i < cs.length) {
                cs[i] = vector(r);
            }
        }
        for (int round = 0; round < KMEANS_ROUNDS; round++) {
            sc.setJobDescription("split large blocks: k-means round " + (round + 1));
            Broadcast<Map<String, float[][]>> shared = JavaSparkContext.fromSparkContext(sc).broadcast(c);
            // Sums in fixed point (2^30 a unit): the same in any order, so the blocks do not depend on the partitions.
            JavaPairRDD<String, long[]> sums = inBig.select("block", "vector").javaRDD().mapToPair(r -> {
                float[] v = vector(r);
                int near = nearest(shared.value().get(r.getString(0)), v, 1)[0];
                long[] f = new long[v.length];
                for (int i = 0; i < f.length; i++) {
                    f[i] = Math.round(v[i] * 0x1p30);
                }
                return new scala.Tuple2<>(r.getString(0) + "#" + near, f);
            }).reduceByKey((x, y) -> {
                long[] s = new long[x.length];
                for (int i = 0; i < s.length; i++) {
                    s[i] = x[i] + y[i];
                }
                return s;
            });
            Map<String, float[][]> next = new HashMap<>();
            for (Map.Entry<String, float[][]> e : c.entrySet()) {
                next.put(e.getKey(), e.getValue().clone());
            }
            for (scala.Tuple2<String, long[]> t : sums.collect()) {
                int hash = t._1().lastIndexOf('#');
                float[][] cs = next.get(t._1().substring(0, hash));
                cs[Integer.parseInt(t._1().substring(hash + 1))] = unit(t._2());
            }
            shared.destroy();
            c = next;
        }
        for (Map.Entry<String, float[][]> e : c.entrySet()) {
            List<float[]> kept = new ArrayList<>();
            for (float[] v : e.getValue()) {
                if (v != null) {
                    kept.add(v);
                }
            }
            e.setValue(kept.toArray(new float[0][]));
        }
        return c;
    }

    /** Indexes of the {@code k} centroids closest to {@code v} (largest dot product: vectors are unit length). */
    static int[] nearest(float[][] centroids, float[] v, int k) {
        int m = Math.min(k, centroids.length);
        int[] best = new int[m];
        double[] score = new double[m];
        java.util.Arrays.fill(score, Double.NEGATIVE_INFINITY);
        for (int c = 0; c < centroids.length; c++) {
            double d = 0;
            for (int i = 0; i < v.length; i++) {
                d += centroids[c][i] * v[i];
            }
            for (int j = 0; j < m; j++) {
                if (d > score[j]) {
                    System.arraycopy(score, j, score, j + 1, m - j - 1);
                    System.arraycopy(best, j, best, j + 1, m - j - 1);
                    score[j] = d;
                    best[j] = c;
                    break;
                }
            }
        }
        return best;
    }

    private static float[] vector(Row r) {
        List<Float> l = r.getList(r.fieldIndex("vector"));
        float[] f = new float[l.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = l.get(i);
        }
        return f;
    }

    /** A fixed-point sum of vectors as a unit vector. */
    private static float[] unit(long[] v) {
        double n = 0;
        for (long x : v) {
            n += (double) x * x;
        }
        n = Math.sqrt(n);
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = n == 0 ? 0 : (float) (v[i] / n);
        }
        return out;
    }
}
