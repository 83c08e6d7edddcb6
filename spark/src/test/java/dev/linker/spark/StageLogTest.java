package dev.linker.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a user watching a long job sees, on a real local Spark whose executor heartbeats come every half second. */
class StageLogTest {
    @Test
    void a_long_silent_task_is_said_to_be_still_running_and_its_stage_and_step_get_their_lines() {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("StageLogTest")
                .config("spark.ui.enabled", "false").config("spark.executor.heartbeatInterval", "500ms")
                .getOrCreate();
        List<String> lines = new CopyOnWriteArrayList<>();
        try {
            spark.sparkContext().setLogLevel("WARN");
            spark.sparkContext().addSparkListener(new StageLog(lines::add, 1_000));
            spark.sparkContext().setJobDescription("a block that takes a while");
            long n = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(List.of(1), 1).map(x -> {
                Thread.sleep(4_000);
                return x;
            }).count();
            spark.sparkContext().setJobDescription("the next step");
            JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(List.of(1, 2), 1).count();
            assertTrue(n == 1);
        } finally {
            spark.stop(); // the application's end flushes the last step's line
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("stage \\d+ \\(a block that takes a while\\): 0/1 tasks done, "
                + "running for \\d+ s")), "a line while the task is silent: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.matches("stage \\d+ \\(a block that takes a while\\): 1 tasks in "
                + "[4-9]\\.\\d s, shuffle read 0\\.0 KB, write 0\\.0 KB")), "the long stage's line: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("step \"a block that takes a while\" done: 1 stage in ")),
                "the step's line once the next begins: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("step \"the next step\" done: 1 stage in ")),
                "the last step's line at the end: " + lines);
    }
}
