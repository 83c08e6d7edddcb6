package dev.linker.spark.plan;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.result.LinkerException;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.site.LinksJsonlReader;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.Tuple3;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.sort_array;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.udf;

/**
 * What a plan needs from the whole site's links, computed as {@code linker index} computes it for a CSV source with
 * a links.jsonl ({@code LinksJsonlReader}, {@code SiteRecords}, {@code LinkGraph}), spread over the cluster (or, for
 * a small site, on the driver by that same code): each page's outbound links in the order written, its inbound count
 * (distinct linking pages), the anchor names other pages use for it (generic ones left out) in the site's page order,
 * and its authority (the link score from PageRank, summed in fixed point so every path gives the same bits).
 */
final class SiteGraph {
    private static final StructType RAW = new StructType()
            .add("sourcePath", DataTypes.StringType, false).add("targetPath", DataTypes.StringType, false)
            .add("anchor", DataTypes.StringType, false).add("line", DataTypes.LongType, false)
            .add("k", DataTypes.IntegerType, false);
    private static final StructType ALIAS = new StructType().add("path", DataTypes.StringType, false)
            .add("prio", DataTypes.IntegerType, false).add(PlanJob.ORD, DataTypes.LongType, false)
            .add("key", DataTypes.StringType, false);

    private static final StructType AUTHORITY = new StructType().add("url", DataTypes.StringType, false)
            .add("authority", DataTypes.DoubleType, false);

    /** 1.0 in the fixed point ranks are summed in: 2^62, so a whole site's rank (1) fits a long, in steps of 2e-19. */
    static final double ONE = 0x1p62;

    private SiteGraph() {
    }

    static long fixed(double x) {
        return Math.round(x * ONE);
    }

    /**
     * Per page ({@code url}): {@code links} (array of URLs), {@code inbound}, {@code names} (array of
     * {@code struct(source, text)}) and {@code authority}; pages without links are absent from the first three.
     *
     * @param pages {@code url, ord} of every page
     */
    static Dataset<Row> of(SparkSession spark, Dataset<Row> pages, String linksFile, long n, Consumer<String> log) {
        return n <= DRIVER_PAGES && fitsDriver(spark, linksFile) ? onDriver(spark, pages, linksFile, n, log)
                : onCluster(spark, pages, linksFile, n, log);
    }

    /** Pages at most whose links the driver reads and resolves itself ({@link #onDriver}). */
    static final long DRIVER_PAGES = 20_000;
    /** The largest links file the driver reads itself: about 750,000 links, a few hundred MB of heap at most. */
    static final long DRIVER_LINK_BYTES = 64L << 20;

    /** Whether the links file (none, or one file of at most {@link #DRIVER_LINK_BYTES}) is read on the driver. */
    private static boolean fitsDriver(SparkSession spark, String linksFile) {
        if (linksFile == null) {
            return true;
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(linksFile);
        try {
            org.apache.hadoop.fs.FileStatus st = p.getFileSystem(spark.sparkContext().hadoopConfiguration())
                    .getFileStatus(p);
            return st.isFile() && st.getLen() <= DRIVER_LINK_BYTES;
        } catch (java.io.IOException e) {
            return false; // the cluster's reading of it says what is wrong
        }
    }

    /**
     * {@link #of} for a small site, on the driver with {@code linker index}'s own code ({@code LinksJsonlReader},
     * {@code SiteRecords}) and {@link #authorityOnDriver}'s sums: the same rows as {@link #onCluster}, where a Spark
     * stage per join and aggregation would cost a small site seconds. Pages without links have empty lists.
     */
    static Dataset<Row> onDriver(SparkSession spark, Dataset<Row> pages, String linksFile, long n,
                                 Consumer<String> log) {
        List<Row> byOrd = new ArrayList<>(pages.select("url", PlanJob.ORD).collectAsList());
        byOrd.sort(java.util.Comparator.comparingLong(r -> r.getLong(1)));
        java.util.Map<String, dev.linker.core.model.Page> given = new java.util.LinkedHashMap<>();
        for (Row r : byOrd) {
            given.put(r.getString(0), dev.linker.core.model.Page.of(r.getString(0), "", "", ""));
        }
        dev.linker.core.model.Site site = new dev.linker.core.model.Site("", "", given, Set.of(), java.util.Map.of());
        if (linksFile != null) {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(linksFile);
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(
                    p.getFileSystem(spark.sparkContext().hadoopConfiguration()).open(p),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                site = LinksJsonlReader.attach(site, linksFile, in);
            } catch (java.io.IOException e) {
                throw new LinkerException(linksFile + ": unreadable links file: " + e.getMessage(), e);
            }
        }
        List<String> urls = new ArrayList<>(given.keySet());
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
        for (String u : urls) {
            at.put(u, at.size());
        }
        List<dev.linker.index.PageRecord> records = dev.linker.index.SiteRecords.from(site, null);
        int[][] targets = new int[records.size()][];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = records.get(i).links().stream().mapToInt(at::get).toArray();
        }
        double[] authority = authority(targets, n, log, String.format(java.util.Locale.ROOT,
                "the site's links read on the driver (at most %,d pages)", DRIVER_PAGES));
        List<Row> rows = new ArrayList<>(records.size());
        for (int i = 0; i < targets.length; i++) {
            dev.linker.index.PageRecord r = records.get(i);
            List<Row> names = new ArrayList<>(r.names().size());
            for (String[] name : r.names()) {
                names.add(RowFactory.create(name[0], name[1]));
            }
            rows.add(RowFactory.create(r.url(), authority[i], r.links(), (long) r.inbound(), names));
        }
        return spark.createDataFrame(rows, GRAPH);
    }

    /** What {@link #of} gives a page. */
    private static final StructType GRAPH = AUTHORITY.add("links", DataTypes.createArrayType(DataTypes.StringType))
            .add("inbound", DataTypes.LongType).add("names", DataTypes.createArrayType(new StructType()
                    .add("source", DataTypes.StringType).add("text", DataTypes.StringType)));

    /** {@link #of} across the cluster: any size. */
    static Dataset<Row> onCluster(SparkSession spark, Dataset<Row> pages, String linksFile, long n,
                                  Consumer<String> log) {
        Dataset<Row> edges;
        Dataset<Row> perPage;
        if (linksFile == null) {
            edges = spark.emptyDataFrame().select(lit("").as("source"), lit("").as("target")).limit(0);
            perPage = pages.select(col("url")).limit(0).select(col("url"),
                    lit(null).cast(DataTypes.createArrayType(DataTypes.StringType)).as("links"),
                    lit(0L).as("inbound"), lit(null).cast("array<struct<source:string,text:string>>").as("names"));
        } else {
            Dataset<Row> links = resolved(spark, pages, linksFile);
            // Each distinct page → page link, where it first occurs.
            Dataset<Row> first = links.groupBy("source", "target").agg(min(struct(col("line"), col("k"))).as("at"));
            edges = first.select("source", "target").cache();
            Dataset<Row> out = first.groupBy(col("source").as("url"))
                    .agg(sort_array(collect_list(struct(col("at"), col("target")))).as("o"))
                    .select(col("url"), col("o.target").as("links"));
            Dataset<Row> inbound = first.groupBy(col("target").as("url")).agg(count(lit(1)).as("inbound"));
            UDF1<String, Boolean> naming = a -> !a.isEmpty() && !AnchorText.isGeneric(a, null, Set.of());
            UDF1<String, String> strip = String::strip;
            Dataset<Row> names = links.withColumn("text", udf(strip, DataTypes.StringType).apply(col("anchor")))
                    .filter(udf(naming, DataTypes.BooleanType).apply(col("text")))
                    .join(pages.select(col("url").as("source"), col(PlanJob.ORD).as("sourceOrd")), "source")
                    .groupBy(col("target").as("url"))
                    .agg(sort_array(collect_list(struct(col("sourceOrd"), col("line"), col("k"), col("source"),
                            col("text")))).as("n"))
                    .select(col("url"), org.apache.spark.sql.functions.transform(col("n"),
                            x -> struct(x.getField("source").as("source"), x.getField("text").as("text"))).as("names"));
            perPage = out.join(inbound, scala.jdk.javaapi.CollectionConverters.asScala(List.of("url")).toSeq(),
                    "full_outer").join(names, scala.jdk.javaapi.CollectionConverters.asScala(List.of("url")).toSeq(),
                    "full_outer");
        }
        Dataset<Row> authority = edges.count() <= ON_DRIVER ? authorityOnDriver(pages.select("url"), edges, n, log)
                : authority(pages.select("url"), edges, n, log);
        return authority.join(perPage, scala.jdk.javaapi.CollectionConverters.asScala(List.of("url")).toSeq(),
                "left_outer");
    }

    /**
     * The links of the file as {@code source, target, anchor, line, k} between pages of the site (self links left
     * out), paths resolved to page keys as {@code LinksJsonlReader} resolves them: a page's own key first, else the
     * earliest page with that path.
     */
    private static Dataset<Row> resolved(SparkSession spark, Dataset<Row> pages, String linksFile) {
        Dataset<Row> aliases = pages.select("url", PlanJob.ORD).flatMap((FlatMapFunction<Row, Row>) r -> {
            List<Row> out = new ArrayList<>();
            List<String> paths = LinksJsonlReader.paths(r.getString(0));
            for (int i = 0; i < paths.size(); i++) {
                out.add(RowFactory.create(paths.get(i), i == 0 ? 0 : 1, r.getLong(1), r.getString(0)));
            }
            return out.iterator();
        }, Encoders.row(ALIAS)).groupBy("path").agg(min(struct(col("prio"), col(PlanJob.ORD), col("key"))).as("m"))
                .select(col("path"), col("m.key").as("key"));
        Dataset<Row> lines = spark.read().text(linksFile).withColumn("line", monotonically_increasing_id());
        Dataset<Row> raw = lines.flatMap((FlatMapFunction<Row, Row>) r -> {
            List<LinksJsonlReader.Entry> entries;
            try {
                entries = LinksJsonlReader.parse(r.getString(0));
            } catch (LinkerException e) {
                throw lineError(linksFile, r.getString(0), e);
            }
            List<Row> out = new ArrayList<>(entries.size());
            for (int k = 0; k < entries.size(); k++) {
                LinksJsonlReader.Entry e = entries.get(k);
                out.add(RowFactory.create(e.source(), e.target(), e.anchor(), r.getLong(1), k));
            }
            return out.iterator();
        }, Encoders.row(RAW));
        return raw.join(aliases.select(col("path").as("sourcePath"), col("key").as("source")), "sourcePath")
                .join(aliases.select(col("path").as("targetPath"), col("key").as("target")), "targetPath")
                .filter(col("source").notEqual(col("target")))
                .select("source", "target", "anchor", "line", "k");
    }

    /** A line of {@code file} its parser refused: the file, what is wrong, and the line (its start when long). */
    static LinkerException lineError(String file, String line, LinkerException e) {
        return new LinkerException(file + ": a line " + e.getMessage() + ": "
                + (line.length() > 80 ? line.substring(0, 80) + "…" : line));
    }

    /** Links whose PageRank the driver computes itself, at most: each of up to 100 iterations is a Spark job. */
    static final long ON_DRIVER = 200_000;

    /**
     * {@link #authority} computed on the driver, with the same fixed-point sums and stop rule, so the same figures to
     * the last bit: for a site whose links fit in memory, where a Spark job per iteration costs more than the work.
     */
    static Dataset<Row> authorityOnDriver(Dataset<Row> urls, Dataset<Row> edges, long n, Consumer<String> log) {
        SparkSession spark = urls.sparkSession();
        List<String> pages = urls.as(Encoders.STRING()).collectAsList();
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
        for (String u : pages) {
            at.put(u, at.size());
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            out.add(new ArrayList<>());
        }
        for (Row e : edges.select("source", "target").collectAsList()) {
            out.get(at.get(e.getString(0))).add(at.get(e.getString(1)));
        }
        int[][] targets = new int[pages.size()][];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = out.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        double[] authority = authority(targets, n, log, String.format(java.util.Locale.ROOT,
                "on the driver (at most %,d links go there)", ON_DRIVER));
        List<Row> rows = new ArrayList<>(pages.size());
        for (int p = 0; p < pages.size(); p++) {
            rows.add(RowFactory.create(pages.get(p), authority[p]));
        }
        return spark.createDataFrame(rows, AUTHORITY).persist(StorageLevel.MEMORY_AND_DISK());
    }

    /**
     * Each page's authority from its distinct targets ({@code targets[i]}, page numbers), by {@link #authority}'s
     * fixed-point sums and stop rule on one machine; the log says how many iterations it took and {@code where}.
     */
    static double[] authority(int[][] targets, long n, Consumer<String> log, String where) {
        int size = targets.length;
        double[] rank = new double[size];
        java.util.Arrays.fill(rank, 1.0 / n);
        long danglingSum = 0;
        for (int p = 0; p < size; p++) {
            danglingSum += targets[p].length > 0 ? 0 : fixed(rank[p]);
        }
        double dangling = danglingSum / ONE;
        int iterations = 0;
        for (int iter = 0; iter < LinkGraph.MAX_ITERATIONS; iter++) {
            double base = (1 - LinkGraph.DAMPING) / n + LinkGraph.DAMPING * dangling / n;
            long[] in = new long[size];
            for (int s = 0; s < size; s++) {
                if (targets[s].length > 0) {
                    long share = fixed(rank[s] / targets[s].length);
                    for (int target : targets[s]) {
                        in[target] += share;
                    }
                }
            }
            long change = 0;
            danglingSum = 0;
            for (int p = 0; p < size; p++) {
                double next = base + LinkGraph.DAMPING * in[p] / ONE;
                change += fixed(Math.abs(next - rank[p]));
                danglingSum += targets[p].length > 0 ? 0 : fixed(next);
                rank[p] = next;
            }
            dangling = danglingSum / ONE;
            iterations = iter + 1;
            if (change / ONE < LinkGraph.TOLERANCE) {
                break;
            }
        }
        log.accept("authority: PageRank in " + iterations + " iterations, " + where);
        double lo = Double.MAX_VALUE;
        double hi = 0.0;
        for (double r : rank) {
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
        }
        double[] authority = new double[size];
        for (int p = 0; p < size; p++) {
            authority[p] = LinkGraph.linkScoreOf(rank[p], lo, hi) / 100.0;
        }
        return authority;
    }

    /**
     * {@code url, authority}: PageRank as {@link LinkGraph} computes it (same damping, dangling pages spread evenly,
     * the same stop rule), then its link score / 100, as {@code SiteRecords} gives a page. Links and ranks share one
     * partitioning, so an iteration moves only the rank contributions across the cluster.
     */
    static Dataset<Row> authority(Dataset<Row> urls, Dataset<Row> edges, long n, Consumer<String> log) {
        SparkSession spark = urls.sparkSession();
        var sc = spark.sparkContext();
        HashPartitioner parts = new HashPartitioner(Math.max(2, sc.defaultParallelism()));
        JavaPairRDD<String, String[]> out = edges.javaRDD()
                .mapToPair(r -> new Tuple2<>(r.getString(0), r.getString(1))).groupByKey(parts)
                .mapValues(t -> {
                    List<String> l = new ArrayList<>();
                    t.forEach(l::add);
                    return l.toArray(new String[0]);
                }).persist(StorageLevel.MEMORY_AND_DISK());
        // Each page: its rank and whether it links nowhere (its rank is then spread over every page).
        JavaPairRDD<String, Tuple2<Double, Boolean>> rank = urls.javaRDD()
                .mapToPair(r -> new Tuple2<>(r.getString(0), 1.0 / n)).partitionBy(parts).leftOuterJoin(out)
                .mapValues(v -> new Tuple2<>(v._1(), !v._2().isPresent()));
        rank = rank.persist(StorageLevel.MEMORY_AND_DISK());
        double dangling = rank.values().filter(Tuple2::_2).map(t -> fixed(t._1())).fold(0L, Long::sum) / ONE;
        JavaPairRDD<String, Tuple3<Double, Boolean, Double>> last = null;
        int iterations = 0;
        sc.setJobDescription("authority: PageRank");
        boolean lastCheckpointed = false;
        for (int iter = 0; iter < LinkGraph.MAX_ITERATIONS; iter++) {
            double base = (1 - LinkGraph.DAMPING) / n + LinkGraph.DAMPING * dangling / n;
            // Sums in fixed point: whole numbers add up the same in any order, so the ranks (and the plan) do not
            // depend on how many cores or partitions the cluster has.
            JavaPairRDD<String, Long> in = out.join(rank.mapValues(Tuple2::_1)).flatMapToPair(t -> {
                String[] targets = t._2()._1();
                long share = fixed(t._2()._2() / targets.length);
                List<Tuple2<String, Long>> c = new ArrayList<>(targets.length);
                for (String target : targets) {
                    c.add(new Tuple2<>(target, share));
                }
                return c.iterator();
            }).reduceByKey(parts, Long::sum);
            // (new rank, dangling, rank before)
            JavaPairRDD<String, Tuple3<Double, Boolean, Double>> next = rank.leftOuterJoin(in).mapValues(v ->
                    new Tuple3<>(base + LinkGraph.DAMPING * v._2().orElse(0L) / ONE, v._1()._2(), v._1()._1()))
                    .persist(StorageLevel.MEMORY_AND_DISK());
            boolean checkpointed = (iter + 1) % 10 == 0;
            if (checkpointed) {
                next.rdd().localCheckpoint(); // the lineage would otherwise grow by a join each iteration
            }
            long[] fixedSums = next.values().aggregate(new long[2], (acc, v) -> {
                acc[0] += fixed(Math.abs(v._1() - v._3()));
                if (v._2()) {
                    acc[1] += fixed(v._1());
                }
                return acc;
            }, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
            double[] sums = {fixedSums[0] / ONE, fixedSums[1] / ONE};
            if (last != null && !lastCheckpointed) { // a checkpoint's blocks go when Spark's cleaner sees it unused
                last.unpersist(false);
            }
            last = next;
            lastCheckpointed = checkpointed;
            if ((iter + 1) % 20 == 0) {
                log.accept(String.format(java.util.Locale.ROOT, "authority: PageRank iteration %d, change %.1e",
                        iter + 1, sums[0]));
            }
            rank = next.mapValues(v -> new Tuple2<>(v._1(), v._2()));
            dangling = sums[1];
            iterations = iter + 1;
            if (sums[0] < LinkGraph.TOLERANCE) {
                break;
            }
        }
        log.accept("authority: PageRank in " + iterations + " iterations");
        JavaRDD<Double> prs = rank.map(t -> t._2()._1());
        double lo = prs.fold(Double.MAX_VALUE, Math::min);
        double hi = prs.fold(0.0, Math::max);
        Dataset<Row> result = spark.createDataFrame(rank.map(t -> RowFactory.create(t._1(),
                LinkGraph.linkScoreOf(t._2()._1(), lo, hi) / 100.0)), AUTHORITY).persist(StorageLevel.MEMORY_AND_DISK());
        result.count();
        if (last != null && !lastCheckpointed) {
            last.unpersist(false);
        }
        out.unpersist(false);
        return result;
    }
}
