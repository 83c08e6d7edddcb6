package dev.linker.spark.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.core.site.SearchConsoleReader;
import dev.linker.index.SourceLoader;
import dev.linker.index.plan.CrawlLog;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.sort_array;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;

/**
 * What other files say of the pages, read as {@code linker index} and {@code linker plan} read them but spread over
 * the cluster: a Search Console export (each page's queries, most clicked first, and its clicks), an access log
 * (search engine crawler hits per page) and safety classes. Each is keyed by the pages' {@code url}.
 */
final class Signals {
    private static final StructType QUERY = new StructType().add("url", DataTypes.StringType, false)
            .add("query", DataTypes.StringType, false).add("clicks", DataTypes.LongType, false)
            .add("impressions", DataTypes.LongType, false).add("line", DataTypes.LongType, false);
    private static final StructType KEY = new StructType().add("url", DataTypes.StringType, false)
            .add("path", DataTypes.StringType, false).add("prio", DataTypes.IntegerType, false);
    private static final StructType SAFETY = new StructType().add("url", DataTypes.StringType, false)
            .add("safety", DataTypes.StringType, false).add("line", DataTypes.LongType, false);

    private Signals() {
    }

    /**
     * {@code url, queries, clicks} of the pages the export names: its queries as {@code struct(query, clicks)}
     * (one query's rows summed; most clicked, then most seen, then first in the file first) and their clicks in all.
     * As for a CSV source, the export's URLs must be the pages' addresses; the others are said, not used.
     */
    static Dataset<Row> searchConsole(SparkSession spark, String file, Dataset<Row> urls, Consumer<String> log,
                                     List<Dataset<Row>> cached) {
        Dataset<Row> raw = spark.read().option("header", "true").option("multiLine", "true").option("escape", "\"")
                .option("mode", "FAILFAST").csv(file).withColumn("_line", monotonically_increasing_id());
        List<String> names = SearchConsoleReader.columns(file, Arrays.asList(raw.columns()));
        Dataset<Row> rows = raw.select(col("`" + names.get(0) + "`"), col("`" + names.get(1) + "`"),
                col("`" + names.get(2) + "`"), col("`" + names.get(3) + "`"), col("_line"))
                .flatMap((FlatMapFunction<Row, Row>) r -> {
                    String page = r.isNullAt(0) ? "" : r.getString(0).trim();
                    String query = r.isNullAt(1) ? "" : r.getString(1).strip();
                    if (page.isEmpty() || query.isEmpty()) {
                        return List.<Row>of().iterator();
                    }
                    String where = file + ": the row of " + page + " and \"" + query + "\"";
                    return List.of(RowFactory.create(page, query,
                            SearchConsoleReader.number(where, r.getString(2), "clicks"),
                            SearchConsoleReader.number(where, r.getString(3), "impressions"), r.getLong(4)))
                            .iterator();
                }, Encoders.row(QUERY));
        // Read once: every later step (the counts said below, the page's queries) works from these sums.
        Dataset<Row> summed = rows.groupBy("url", "query").agg(sum("clicks").as("clicks"),
                sum("impressions").as("impressions"), min("line").as("line")).persist(StorageLevel.MEMORY_AND_DISK());
        cached.add(summed);
        Dataset<Row> perUrl = summed.select("url").distinct();
        long exported = perUrl.count();
        Dataset<Row> unmatched = perUrl.join(urls, Rounds.seq("url"), "left_anti");
        long missing = unmatched.count();
        if (exported == 0) {
            log.accept("warning: " + file + ": no rows with a page and a query; no Search Console data is used");
        } else if (missing == exported) {
            log.accept("warning: " + file + ": none of its " + exported + " URLs is a page of the input (e.g. "
                    + unmatched.orderBy("url").first().getString(0) + "), so its queries are not used: the export "
                    + "must list the pages' addresses");
        } else if (missing > 0) {
            log.accept("Search Console: " + missing + " of " + exported + " URLs in " + file + " are not pages of the "
                    + "input (e.g. " + unmatched.orderBy("url").first().getString(0) + "); their queries are not used");
        } else {
            log.accept(String.format(Locale.ROOT, "Search Console: queries for %,d pages from %s", exported, file));
        }
        Dataset<Row> queries = summed.join(urls, Rounds.seq("url"), "left_semi");
        // sort_array orders ascending: negated clicks and impressions put the most clicked first.
        return queries.groupBy("url").agg(sort_array(collect_list(struct(col("clicks").multiply(-1).as("c"),
                        col("impressions").multiply(-1).as("i"), col("line"), col("query"), col("clicks")))).as("q"),
                        sum("clicks").as("clicks"))
                .select(col("url"), org.apache.spark.sql.functions.transform(col("q"), x -> struct(
                        x.getField("query").as("query"), x.getField("clicks").as("clicks"))).as("queries"),
                        col("clicks"));
    }

    /**
     * {@code url, hits}: search engine crawler requests answered 2xx/3xx per page, looked up by path as
     * {@link CrawlLog#hitsOf} looks them up; pages never crawled are absent. A file none of whose lines is in combined
     * log format is an error.
     */
    static Dataset<Row> crawlHits(SparkSession spark, String file, Dataset<Row> urls, List<Dataset<Row>> cached) {
        // Read once: each line becomes its crawled path, "" (a log line, not a crawler's hit) or null (not a log
        // line), counted by that key; the check and the hits both come from these counts.
        Dataset<Row> perKey = spark.read().text(file).map((MapFunction<Row, String>) r -> {
            String l = r.getString(0);
            if (!CrawlLog.isLogLine(l)) {
                return null;
            }
            String p = CrawlLog.botPath(l);
            return p == null ? "" : p;
        }, Encoders.STRING()).toDF("path").groupBy("path").agg(count(lit(1)).as("hits"))
                .persist(StorageLevel.MEMORY_AND_DISK());
        cached.add(perKey);
        Row seen = perKey.agg(sum("hits"), sum(org.apache.spark.sql.functions.when(col("path").isNotNull(),
                col("hits")))).first();
        if (!seen.isNullAt(0) && seen.getLong(0) > 0 && (seen.isNullAt(1) || seen.getLong(1) == 0)) {
            throw CrawlLog.notALog(file);
        }
        Dataset<Row> perPath = perKey.filter(col("path").isNotNull().and(col("path").notEqual(lit(""))));
        Dataset<Row> keys = urls.flatMap((FlatMapFunction<Row, Row>) r -> {
            List<Row> out = new ArrayList<>();
            List<String> ks = CrawlLog.keys(r.getString(0));
            for (int i = 0; i < ks.size(); i++) {
                out.add(RowFactory.create(r.getString(0), ks.get(i), i));
            }
            return out.iterator();
        }, Encoders.row(KEY));
        return keys.join(perPath, Rounds.seq("path")).groupBy("url")
                .agg(min(struct(col("prio"), col("hits"))).as("m"))
                .select(col("url"), col("m.hits").cast("int").as("hits"));
    }

    /**
     * {@code url, safety}: each page's class from a {@code url,class} file (the last line for a URL wins, as in
     * {@code linker index --safety}); a URL that is no page of the input is an error naming a few.
     */
    static Dataset<Row> safety(SparkSession spark, String file, Dataset<Row> urls) {
        Dataset<Row> classes = spark.read().text(file).withColumn("line", monotonically_increasing_id())
                .flatMap((FlatMapFunction<Row, Row>) r -> {
                    String[] uc;
                    try {
                        uc = SourceLoader.safetyLine(r.getString(0));
                    } catch (LinkerException e) {
                        throw SiteGraph.lineError(file, r.getString(0), e);
                    }
                    return uc == null ? List.<Row>of().iterator()
                            : List.of(RowFactory.create(uc[0], uc[1], r.getLong(1))).iterator();
                }, Encoders.row(SAFETY))
                .groupBy("url").agg(max(struct(col("line"), col("safety"))).as("m"))
                .select(col("url"), col("m.safety").as("safety"));
        List<String> unknown = classes.select("url").join(urls, Rounds.seq("url"), "left_anti").orderBy("url")
                .limit(3).as(Encoders.STRING()).collectAsList();
        if (!unknown.isEmpty()) {
            throw new LinkerException(file + ": URLs that are not pages of the input, e.g. " + unknown);
        }
        return classes;
    }
}
