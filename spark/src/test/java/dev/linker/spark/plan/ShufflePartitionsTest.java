package dev.linker.spark.plan;

import dev.linker.spark.LocalSpark;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The plan job's shuffle partitions (sized to the input unless the user chose) and the plan's total order. */
class ShufflePartitionsTest {
    static SparkSession spark;
    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("ShufflePartitionsTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void partitions_follow_the_pages_in_multiples_of_the_cores_up_to_four_a_core() {
        assertEquals(1, ShufflePartitions.chosen(274, 2), "a blog: one partition");
        assertEquals(1, ShufflePartitions.chosen(20_000, 2));
        assertEquals(2, ShufflePartitions.chosen(20_001, 2));
        assertEquals(4, ShufflePartitions.chosen(50_000, 2), "3 rounded up to a multiple of 2 cores");
        assertEquals(8, ShufflePartitions.chosen(1_000_000, 2), "at most 4 a core");
        assertEquals(50, ShufflePartitions.chosen(1_000_000, 200), "fewer than the cores: as the pages need");
        assertEquals(600, ShufflePartitions.chosen(10_000_000, 200));
        assertEquals(1, ShufflePartitions.chosen(0, 0));
    }

    @Test
    void the_users_setting_is_kept_the_jobs_option_wins_and_the_session_is_left_as_it_was() {
        List<String> said = new ArrayList<>();
        // LocalSpark sets spark.sql.shuffle.partitions=2, as a user would with --conf.
        ShufflePartitions.apply(spark, 0, 1_000_000, said::add).run();
        assertEquals("shuffle partitions: 2 (as spark.sql.shuffle.partitions is set)", said.getLast());
        Runnable restore = ShufflePartitions.apply(spark, 3, 1_000_000, said::add);
        assertEquals("3", spark.conf().get(ShufflePartitions.KEY));
        restore.run();
        assertEquals("2", spark.conf().get(ShufflePartitions.KEY));
        spark.conf().unset(ShufflePartitions.KEY);
        try {
            restore = ShufflePartitions.apply(spark, 0, 1_000_000, said::add);
            assertEquals("8", spark.conf().get(ShufflePartitions.KEY), "local[2]: 4 a core");
            assertEquals("shuffle partitions: 8 (for 1,000,000 pages on 2 cores; --shuffle-partitions or "
                    + "spark.sql.shuffle.partitions to choose)", said.getLast());
            restore.run();
            assertEquals(false, spark.conf().getAll().contains(ShufflePartitions.KEY));
        } finally {
            spark.conf().set(ShufflePartitions.KEY, "2");
        }
    }

    @Test
    void a_run_of_one_partition_turns_adaptive_execution_off_unless_the_user_set_it() {
        List<String> said = new ArrayList<>();
        spark.conf().unset(ShufflePartitions.KEY);
        try {
            Runnable restore = ShufflePartitions.apply(spark, 0, 274, said::add);
            assertEquals("false", spark.conf().get(ShufflePartitions.ADAPTIVE));
            assertEquals("shuffle partitions: 1 (for 274 pages on 2 cores; --shuffle-partitions or "
                    + "spark.sql.shuffle.partitions to choose); adaptive query execution off, with one partition to "
                    + "each shuffle (spark.sql.adaptive.enabled to choose)", said.getLast());
            restore.run();
            assertEquals(false, spark.conf().getAll().contains(ShufflePartitions.ADAPTIVE), "left as it was");

            restore = ShufflePartitions.apply(spark, 0, 100_000, said::add);
            assertEquals(false, spark.conf().getAll().contains(ShufflePartitions.ADAPTIVE), "several partitions");
            restore.run();

            spark.conf().set(ShufflePartitions.ADAPTIVE, true);
            restore = ShufflePartitions.apply(spark, 1, 274, said::add);
            assertEquals("true", spark.conf().get(ShufflePartitions.ADAPTIVE), "the user's setting wins");
            assertEquals("shuffle partitions: 1 (--shuffle-partitions)", said.getLast());
            restore.run();
            assertEquals("true", spark.conf().get(ShufflePartitions.ADAPTIVE));
        } finally {
            spark.conf().unset(ShufflePartitions.ADAPTIVE);
            spark.conf().set(ShufflePartitions.KEY, "2");
        }
    }

    @Test
    void rows_of_equal_score_are_written_by_donor_then_acceptor_however_they_are_partitioned() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String d : new String[] {"https://s.example/c", "https://s.example/b", "https://s.example/a"}) {
            for (String a : new String[] {"https://s.example/z", "https://s.example/y"}) {
                rows.add(RowFactory.create(d, "anchor", a, 0.5, "A sentence.", true, 0.7));
            }
        }
        rows.add(RowFactory.create("https://s.example/q", "best", "https://s.example/r", 0.75, "", false, 0.8));
        Path out = tmp.resolve("ties");
        PlanJob.write(spark, spark.createDataFrame(rows, BlockPlans.LINK).repartition(3), out.toString());
        List<String> got = Files.readAllLines(out.resolve("plan.csv")).stream()
                .map(l -> l.replaceAll(",(anchor|best),", ",").replaceAll(",[^,]*,[^,]*,(true|false)$", ""))
                .toList();
        assertEquals(List.of("donor_url,anchor_text,acceptor_url,score,sentence,anchor_in_text",
                "https://s.example/q,https://s.example/r", "https://s.example/a,https://s.example/y",
                "https://s.example/a,https://s.example/z", "https://s.example/b,https://s.example/y",
                "https://s.example/b,https://s.example/z", "https://s.example/c,https://s.example/y",
                "https://s.example/c,https://s.example/z"), got);
    }
}
