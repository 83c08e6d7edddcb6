package dev.linker.spark.plan;

import dev.linker.core.result.LinkerException;
import org.apache.spark.sql.SparkSession;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * How many partitions the plan job's shuffles use: {@code --shuffle-partitions}, else
 * {@code spark.sql.shuffle.partitions} where the user set it, else as many as the pages need (one per
 * {@link #PAGES_PER_PARTITION}, a multiple of the cores once there are more than cores, at most {@link #PER_CORE} a
 * core). Spark's default of 200 costs a 300-page site minutes of empty tasks per assignment round. With one
 * partition, adaptive query execution is off for the run (unless {@code spark.sql.adaptive.enabled} is set): it has
 * nothing to coalesce or split then, and its re-planning between stages cost go-blog's plan 9 of its 46 seconds.
 */
final class ShufflePartitions {
    static final String KEY = "spark.sql.shuffle.partitions";
    /** Spark's adaptive query execution, turned off for a run of one shuffle partition unless the user set it. */
    static final String ADAPTIVE = "spark.sql.adaptive.enabled";
    /** Pages a partition takes when the job chooses: about 300,000 candidate links, tens of MB. */
    static final long PAGES_PER_PARTITION = 20_000;
    /** Partitions per core at most, when the job chooses. */
    static final int PER_CORE = 4;

    private ShufflePartitions() {
    }

    /** The partitions for {@code pages} pages on {@code cores} cores. */
    static int chosen(long pages, int cores) {
        int c = Math.max(1, cores);
        long n = Math.max(1, (pages + PAGES_PER_PARTITION - 1) / PAGES_PER_PARTITION);
        if (n > c) {
            n = (n + c - 1) / c * c;
        }
        return (int) Math.min(n, (long) PER_CORE * c);
    }

    /**
     * Sets the session's shuffle partitions for a run, says how many and why, and returns what puts the session's
     * setting back as it was.
     */
    static Runnable apply(SparkSession spark, int given, long pages, Consumer<String> log) {
        boolean set = spark.conf().getAll().contains(KEY);
        String before = set ? spark.conf().get(KEY) : null;
        int cores = spark.sparkContext().defaultParallelism();
        int n;
        String why;
        if (given > 0) {
            n = given;
            why = "--shuffle-partitions";
        } else if (set) {
            try {
                n = Integer.parseInt(before.trim());
            } catch (NumberFormatException e) {
                throw new LinkerException(KEY + " is \"" + before + "\", not a number of partitions");
            }
            why = "as " + KEY + " is set";
        } else {
            n = chosen(pages, cores);
            why = String.format(Locale.ROOT, "for %,d pages on %d cores; --shuffle-partitions or %s to choose", pages,
                    cores, KEY);
        }
        spark.conf().set(KEY, n);
        // One partition leaves adaptive execution nothing to coalesce or split, only its re-planning between stages.
        boolean adaptiveOff = n == 1 && !spark.conf().getAll().contains(ADAPTIVE);
        if (adaptiveOff) {
            spark.conf().set(ADAPTIVE, false);
        }
        log.accept(String.format(Locale.ROOT, "shuffle partitions: %d (%s)%s", n, why, adaptiveOff
                ? "; adaptive query execution off, with one partition to each shuffle (" + ADAPTIVE + " to choose)"
                : ""));
        return () -> {
            if (before == null) {
                spark.conf().unset(KEY);
            } else {
                spark.conf().set(KEY, before);
            }
            if (adaptiveOff) {
                spark.conf().unset(ADAPTIVE);
            }
        };
    }
}
