package dev.linker.spark;

import dev.linker.core.result.LinkerException;
import dev.linker.core.site.CsvSiteReader;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

/**
 * Reads pages as {@code linker index} reads a pages table: a CSV ({@code Address,Title,H1,Content}, the same column
 * names, RFC 4180 quoting, cells over several lines), JSON lines, or Parquet (a file or a folder of them), into the
 * columns {@code url, title, h1, content, date, tags} (strings; a missing H1, content, date or tags is empty).
 */
public final class PagesInput {
    static final List<String> COLUMNS = List.of("url", "title", "h1", "content", "date", "tags");

    private PagesInput() {
    }

    public static Dataset<Row> read(SparkSession spark, String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        Dataset<Row> raw;
        if (lower.endsWith(".csv")) {
            raw = spark.read().option("header", "true").option("multiLine", "true").option("quote", "\"")
                    .option("escape", "\"").option("mode", "FAILFAST").option("ignoreLeadingWhiteSpace", "false")
                    .option("ignoreTrailingWhiteSpace", "false").csv(path);
        } else if (lower.endsWith(".jsonl") || lower.endsWith(".json") || lower.endsWith(".ndjson")) {
            raw = spark.read().option("mode", "FAILFAST").json(path);
        } else {
            raw = spark.read().parquet(path);
        }
        List<String> names = CsvSiteReader.pageColumns(path, Arrays.asList(raw.columns()));
        Column[] cols = new Column[COLUMNS.size()];
        for (int i = 0; i < cols.length; i++) {
            String n = names.get(i);
            cols[i] = (n == null ? lit("") : coalesce(col("`" + n + "`").cast("string"), lit(""))).as(COLUMNS.get(i));
        }
        return raw.select(cols);
    }

    /** Fails naming a few URLs that occur more than once: two rows for one page mean the export went wrong. */
    public static void requireUnique(Dataset<Row> pages, String path) {
        List<Row> dups = pages.groupBy("url").count().filter(col("count").gt(1)).limit(3).collectAsList();
        if (!dups.isEmpty()) {
            throw new LinkerException(path + ": duplicate addresses, e.g. "
                    + dups.stream().map(r -> r.getString(0)).toList() + "; remove the extra rows");
        }
    }
}
