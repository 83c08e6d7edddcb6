package dev.linker.spark.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.index.PageRecord;
import dev.linker.index.SiteRecords;
import dev.linker.index.plan.CrawlLog;
import dev.linker.index.plan.PlanCsv;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.spark.EmbedJob;
import dev.linker.spark.PagesInput;
import dev.linker.spark.PlanOptions;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.api.java.UDF3;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.asc;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.desc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;

/**
 * {@code linker plan} on Spark. Steps: vectors (the embed job, reusing given ones); what the site's links say of each
 * page ({@link SiteGraph}); donors and acceptors; blocks (each donor's category bound, a large block split by
 * nearest centroids: {@link Blocks}); each block's candidates from {@code linker plan}'s own code on an index of the block
 * ({@link BlockPlans}), ranked by the ranker learned from the site's links ({@link BlockLearning}) unless told
 * otherwise; the caps in rounds ({@link Rounds}); anchors for the planned links, block by block; the plan
 * as Parquet and as {@code plan.csv} with {@code linker plan}'s header and order.
 */
public final class PlanJob implements PlanOptions.Runner {
    /** A page's number in the job (its row id), the key blocks are sorted by. */
    static final String ORD = "ord";
    private static final StructType INFO = new StructType().add("url", DataTypes.StringType, false)
            .add("category", DataTypes.StringType, false).add("underLinked", DataTypes.BooleanType, false);
    @Override
    public PlanOptions.Result run(SparkSession spark, PlanOptions given, Consumer<String> log) {
        PlanOptions o = BlockPlans.withRanker(given, log);
        PlanSettings ps = checked(o);
        var sc = spark.sparkContext();
        List<Dataset<Row>> cached = new ArrayList<>(); // what the steps below keep, let go at the end

        sc.setJobDescription("read the pages");
        UDF1<String, String> trim = String::trim;
        Dataset<Row> pages = kept(cached, PagesInput.read(spark, o.inputs().pages())
                .withColumn("url", udf(trim, DataTypes.StringType).apply(col("url")))
                .withColumn(ORD, monotonically_increasing_id()));
        long n = pages.count();
        Runnable restore = ShufflePartitions.apply(spark, o.work().shufflePartitions(), n, log);
        try {
            return plan(spark, o, ps, pages, n, cached, log);
        } finally {
            restore.run();
            sc.setJobDescription(null);
            cached.forEach(Dataset::unpersist);
        }
    }

    /** The steps after reading the pages, with the run's shuffle partitions set. */
    private static PlanOptions.Result plan(SparkSession spark, PlanOptions o, PlanSettings ps, Dataset<Row> pages,
                                           long n, List<Dataset<Row>> cached, Consumer<String> log) {
        var sc = spark.sparkContext();
        String vectors = embed(spark, o, log);
        Dataset<Row> table = table(spark, o, pages, vectors, n, log, cached);
        Row counts = table.agg(sum(when(col("donor"), 1).otherwise(0)), sum(when(col("acceptor"), 1).otherwise(0)))
                .first();
        long donors = counts.isNullAt(0) ? 0 : counts.getLong(0);
        long acceptors = counts.isNullAt(1) ? 0 : counts.getLong(1);
        log.accept(String.format(Locale.ROOT, "planning %,d donors -> %,d acceptors", donors, acceptors));

        Dataset<Row> members = Blocks.of(table, o, log);
        long blockCount = members.select("block").distinct().count();
        Dataset<Row> blockRows = members.join(table.drop("donor", "acceptor"), Rounds.seq("url"))
                .withColumnRenamed(Blocks.IS_DONOR, "donor").withColumnRenamed(Blocks.IS_ACCEPTOR, "acceptor");

        PlanOptions learned = withLearned(o, blockRows, blockCount, log);
        sc.setJobDescription("candidates: index each block, ask linker plan's suggester");
        Dataset<Row> candidates = kept(cached, perBlock(blockRows, new BlockPlans.Candidates(learned),
                BlockPlans.CANDIDATE));
        long candidateCount = candidates.count();
        log.accept(String.format(Locale.ROOT, "%,d candidate links from %,d blocks", candidateCount, blockCount));

        Dataset<Row> ranked = kept(cached, candidates.join(table.select(col("url").as("acceptor"), col("inbound")),
                Rounds.seq("acceptor"), "left_outer").na().fill(0L, new String[] {"inbound"}));
        sc.setJobDescription("assign links under the caps");
        Rounds.Assigned assigned = candidateCount <= Rounds.ON_DRIVER ? Rounds.onDriver(ranked, ps, log)
                : Rounds.assign(ranked, ps, log);

        sc.setJobDescription("anchors: index the blocks with planned links, choose each link's anchor");
        Dataset<Row> anchored = kept(cached, anchored(blockRows, assigned.links(), learned));
        long linkCount = anchored.count(); // once: sorting samples its input, which would run the blocks again

        sc.setJobDescription("write the plan");
        write(spark, anchored, o.inputs().out());
        return new PlanOptions.Result(n, donors, acceptors, blockCount, candidateCount, linkCount, assigned.rounds());
    }

    /**
     * The options with the ranker learned from the links the blocks read ({@link BlockLearning}), when the job is to
     * learn one and was given none; its summary is logged as {@code linker index} prints it.
     */
    private static PlanOptions withLearned(PlanOptions o, Dataset<Row> blockRows, long blocks, Consumer<String> log) {
        if (!o.rules().learn() || o.ranker() != null) {
            return o;
        }
        blockRows.sparkSession().sparkContext().setJobDescription("learn: candidates of pages with links, per block");
        LearnedRanker r = BlockLearning.fit(perBlock(blockRows,
                new BlockLearning.Rows(o, BlockLearning.maxSources(blocks)), BlockLearning.ROW), log);
        log.accept(r.report().summary());
        return o.withRanker(r.toJson());
    }

    /** The plan settings, once the options are checked (before any work). */
    private static PlanSettings checked(PlanOptions o) {
        PlanSettings ps = BlockPlans.planSettings(o);
        BlockPlans.settings(o); // the exclusions and safety rules
        if (o.work().blockPages() < 2) {
            throw new LinkerException("--block-pages must be at least 2, was " + o.work().blockPages());
        }
        if (o.work().shufflePartitions() < 0) {
            throw new LinkerException("--shuffle-partitions must be at least 1, was " + o.work().shufflePartitions());
        }
        if (o.settings().depth() < 1) {
            throw new LinkerException("--depth must be at least 1");
        }
        if (o.inputs().vectors() != null && new org.apache.hadoop.fs.Path(o.inputs().vectors()).equals(
                new org.apache.hadoop.fs.Path(vectorsOut(o)))) {
            throw new LinkerException("--vectors " + o.inputs().vectors() + " is where this run writes its vectors; "
                    + "give another --out, or move the vectors");
        }
        return ps;
    }

    private static String vectorsOut(PlanOptions o) {
        return new org.apache.hadoop.fs.Path(o.inputs().out(), "vectors").toString();
    }

    /** The embed job: every page's vector, reusing given ones; returns where they are. */
    private static String embed(SparkSession spark, PlanOptions o, Consumer<String> log) {
        String vectorsOut = vectorsOut(o);
        EmbedJob.Result er = EmbedJob.run(spark, new EmbedJob.Options(o.inputs().pages(), vectorsOut,
                o.inputs().vectors(), o.work().embed(), o.work().embedder(), o.work().partitions()), log);
        log.accept(String.format(Locale.ROOT, "vectors: %,d embedded, %,d reused -> %s", er.embedded(), er.reused(),
                vectorsOut));
        return vectorsOut;
    }

    /** {@code d} persisted, and listed among what the job lets go at the end. */
    private static Dataset<Row> kept(List<Dataset<Row>> cached, Dataset<Row> d) {
        Dataset<Row> p = d.persist(StorageLevel.MEMORY_AND_DISK());
        cached.add(p);
        return p;
    }

    /**
     * A row a page (persisted): what the site's links say of it ({@link SiteGraph}), its vector, what else is known of
     * it (Search Console, safety class, crawl log {@code bonus}) and its roles ({@code donor}, {@code acceptor}).
     */
    private static Dataset<Row> table(SparkSession spark, PlanOptions o, Dataset<Row> pages, String vectorsOut, long n,
                                      Consumer<String> log, List<Dataset<Row>> cached) {
        var sc = spark.sparkContext();
        Dataset<Row> graph = SiteGraph.of(spark, pages.select("url", ORD), o.inputs().links(), n, log);
        Dataset<Row> vectors = spark.read().parquet(vectorsOut).select("url", "contentHash", "vector");
        Dataset<Row> table = pages.join(graph, Rounds.seq("url")).join(vectors, Rounds.seq("url"));
        Dataset<Row> urls = pages.select("url");
        table = withRoles(spark, o, withSignals(spark, o, table, urls, log, cached), pages);
        if (o.signals().crawlLog() != null) {
            sc.setJobDescription("crawl log: search engine crawler hits per page");
            table = table.join(Signals.crawlHits(spark, o.signals().crawlLog(), urls, cached), Rounds.seq("url"),
                    "left_outer").na().fill(0, new String[] {"hits"});
        }
        sc.setJobDescription("the site's links, authority and each page's roles");
        table = kept(cached, table);
        if (o.signals().crawlLog() != null) {
            Row most = table.filter(col("donor")).agg(max("hits")).first();
            int maxHits = most.isNullAt(0) ? 0 : most.getInt(0);
            UDF1<Integer, Double> bonus = h -> CrawlLog.bonus(h, maxHits);
            table = table.withColumn("bonus", udf(bonus, DataTypes.DoubleType).apply(col("hits"))).drop("hits");
            log.accept(String.format(Locale.ROOT, "crawl log: the most crawled donor has %,d crawler hits in %s",
                    maxHits, o.signals().crawlLog()));
        }
        return table;
    }

    /** Search Console clicks blended into {@code authority} (its queries kept for anchors) and safety classes. */
    private static Dataset<Row> withSignals(SparkSession spark, PlanOptions o, Dataset<Row> table, Dataset<Row> urls,
                                            Consumer<String> log, List<Dataset<Row>> cached) {
        var sc = spark.sparkContext();
        if (o.signals().searchConsole() != null) {
            sc.setJobDescription("Search Console: each page's queries and clicks");
            Dataset<Row> gsc = Signals.searchConsole(spark, o.signals().searchConsole(), urls, log, cached);
            Row most = gsc.agg(max("clicks")).first();
            double maxClicks = most.isNullAt(0) ? 0 : most.getLong(0);
            UDF3<Double, Long, Double, Double> blend = SiteRecords::withClicks;
            table = table.join(gsc, Rounds.seq("url"), "left_outer").withColumn("authority",
                    when(col("clicks").isNull(), col("authority")).otherwise(udf(blend, DataTypes.DoubleType)
                            .apply(col("authority"), col("clicks"), lit(maxClicks)))).drop("clicks");
        }
        if (o.signals().safety() != null) {
            sc.setJobDescription("safety classes");
            table = table.join(Signals.safety(spark, o.signals().safety(), urls), Rounds.seq("url"), "left_outer");
        }
        return table;
    }

    /** Each page's category and roles: {@code acceptor} ({@code linker plan}'s rule unless listed), {@code donor}. */
    private static Dataset<Row> withRoles(SparkSession spark, PlanOptions o, Dataset<Row> table, Dataset<Row> pages) {
        boolean hubs = o.settings().hubTargets();
        Dataset<Row> info = table.map((MapFunction<Row, Row>) r -> {
            PageRecord rec = BlockPlans.record(r);
            return RowFactory.create(rec.url(), rec.category(), Planner.underLinked(rec, hubs));
        }, Encoders.row(INFO));
        table = table.join(info, Rounds.seq("url"));
        table = withRole(spark, table, "acceptor", o.inputs().acceptors(), col("underLinked"), pages);
        table = withRole(spark, table, "donor", o.inputs().donors(), lit(true), pages);
        return table.drop("underLinked");
    }

    /** Each block's rows, in page order, through {@code f} on an executor. */
    private static Dataset<Row> perBlock(Dataset<Row> rows, FlatMapGroupsFunction<String, Row, Row> f,
                                         StructType out) {
        return rows.groupByKey((MapFunction<Row, String>) r -> r.getAs("block"), Encoders.STRING())
                .flatMapSortedGroups(new Column[] {col(ORD)}, f, Encoders.row(out));
    }

    /** The planned links with anchors and sentences, from the blocks that have some ({@link BlockPlans.Anchors}). */
    private static Dataset<Row> anchored(Dataset<Row> blockRows, Dataset<Row> planned, PlanOptions o) {
        Dataset<Row> perDonor = planned.groupBy(col("donor").as("url")).agg(collect_list(struct(col("acceptor"),
                col("score"), col("similarity"))).as("planned"));
        Dataset<Row> withPlanned = blockRows.join(perDonor, Rounds.seq("url"), "left_outer")
                .withColumn("planned", when(col("donor"), col("planned")));
        Dataset<Row> busy = withPlanned.filter(col("planned").isNotNull()).select("block").distinct();
        return perBlock(withPlanned.join(busy, Rounds.seq("block"), "left_semi"), new BlockPlans.Anchors(o),
                BlockPlans.LINK);
    }

    /** The plan as Parquet and as {@code plan.csv}, in {@code linker plan}'s order. */
    static void write(SparkSession spark, Dataset<Row> anchored, String out) {
        // Planner.ORDER: a total order (a donor links an acceptor once), so every run and partitioning writes the same
        // rows in the same order. Scores are compared exactly: they are computed the same way on every executor.
        Dataset<Row> links = anchored.orderBy(desc("score"), asc("donor_url"), asc("acceptor_url"));
        links.drop("similarity").write().mode(SaveMode.Overwrite)
                .parquet(new org.apache.hadoop.fs.Path(out, "plan.parquet").toString());
        writeCsv(spark, links, new org.apache.hadoop.fs.Path(out, "plan.csv"));
    }

    /**
     * Sets boolean column {@code role}: listed in {@code file} when given (every URL there must be a page), else
     * {@code otherwise}.
     */
    private static Dataset<Row> withRole(SparkSession spark, Dataset<Row> table, String role, String file,
                                         Column otherwise, Dataset<Row> pages) {
        if (file == null) {
            return table.withColumn(role, otherwise);
        }
        UDF1<String, String> listed = Planner::listedUrl;
        Dataset<Row> urls = spark.read().text(file)
                .select(udf(listed, DataTypes.StringType).apply(col("value")).as("url"))
                .filter(col("url").isNotNull()).distinct();
        List<String> unknown = urls.join(pages.select("url"), Rounds.seq("url"), "left_anti").limit(3)
                .as(Encoders.STRING()).collectAsList();
        if (!unknown.isEmpty()) {
            throw new LinkerException(file + ": URLs that are not pages of the input, e.g. " + unknown);
        }
        return table.join(urls.withColumn(role, lit(true)), Rounds.seq("url"), "left_outer").na()
                .fill(false, new String[] {role});
    }

    /** {@code plan.csv} as {@code linker plan -o} writes it, streamed a partition at a time through the driver. */
    private static void writeCsv(SparkSession spark, Dataset<Row> links, org.apache.hadoop.fs.Path file) {
        try {
            FileSystem fs = file.getFileSystem(spark.sparkContext().hadoopConfiguration());
            try (PrintWriter w = new PrintWriter(new OutputStreamWriter(fs.create(file, true),
                    StandardCharsets.UTF_8))) {
                w.println(PlanCsv.HEADER);
                Iterator<Row> it = links.toLocalIterator();
                while (it.hasNext()) {
                    Row r = it.next();
                    w.println(PlanCsv.row(new PlannedLink(r.getAs("donor_url"), r.getAs("anchor_text"),
                            r.getAs("acceptor_url"), r.<Double>getAs("score"), r.getAs("sentence"),
                            r.<Double>getAs("similarity"), r.<Boolean>getAs("anchor_in_text"))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
