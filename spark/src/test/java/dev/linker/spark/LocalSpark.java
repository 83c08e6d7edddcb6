package dev.linker.spark;

import org.apache.spark.sql.SparkSession;

/** The tests' Spark: local mode on two cores, no web UI, two shuffle partitions, warnings only. */
public final class LocalSpark {
    private LocalSpark() {
    }

    public static SparkSession start(String app) {
        SparkSession s = SparkSession.builder().master("local[2]").appName(app).config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        s.sparkContext().setLogLevel("WARN");
        return s;
    }
}
