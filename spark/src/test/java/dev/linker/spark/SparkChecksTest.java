package dev.linker.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.result.LinkerException;
import java.net.URI;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Spark's failures in the job's own words: the executors' Java, a stopped application, and start-up logging. */
class SparkChecksTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("SparkChecksTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void executors_are_asked_their_java_and_one_too_old_stops_the_job_naming_the_setting_that_fixes_it() {
        SparkChecks.requireExecutorJava(spark, 21, "plan"); // these tasks run on this JVM: 21 or later
        LinkerException e = assertThrows(LinkerException.class,
                () -> SparkChecks.requireExecutorJava(spark, Runtime.version().feature() + 1, "plan"));
        assertTrue(e.getMessage().startsWith("plan needs Java " + (Runtime.version().feature() + 1)
                + " or later on every executor; some run Java " + Runtime.version().feature() + " at "
                + System.getProperty("java.home")), e.getMessage());
        assertTrue(e.getMessage().contains("--conf spark.executorEnv.JAVA_HOME="), e.getMessage());
        assertEquals("plan needs Java 21 or later on every executor; some run Java 17 at /usr/lib/jvm/java-17. Point "
                + "them to a newer JDK with --conf spark.executorEnv.JAVA_HOME=/path/to/jdk-21 (standalone and YARN; "
                + "on YARN also spark.yarn.appMasterEnv.JAVA_HOME), or use an image with Java 21 "
                + "(apache/spark:4.2.0-java21)", SparkChecks.javaProblem(List.of("25 /opt/jdk-25",
                "17 /usr/lib/jvm/java-17"), 21, "plan"));
        assertNull(SparkChecks.javaProblem(List.of("21 /a", "25 /b"), 21, "plan"));
    }

    @Test
    void an_application_the_cluster_stopped_is_said_as_such_not_as_a_stopped_listener_bus() {
        String said = SparkChecks.stoppedByCluster(new RuntimeException("job failed",
                new IllegalStateException("LiveListenerBus is stopped.")));
        assertTrue(said.startsWith("the Spark cluster stopped this application while the job ran (LiveListenerBus is "
                + "stopped.): the master removes an application"), said);
        assertTrue(said.endsWith("Nothing was written to --out."), said);
        assertNull(SparkChecks.stoppedByCluster(new IllegalStateException("something else")));
    }

    @Test
    void a_missing_input_is_named_with_its_option_before_spark_reads_it() {
        LinkerException e = assertThrows(LinkerException.class, () -> SparkChecks.requireInputs(spark,
                LinkerSpark.inputs("--pages", "pom.xml", "--links", "no-such-links.jsonl")));
        assertEquals("--links no-such-links.jsonl: no such file or folder", e.getMessage());
    }

    @Test
    void under_spark_submit_sparks_default_info_logging_gives_way_to_the_jobs_quiet_one() throws Exception {
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        URI before = ctx.getConfigLocation();
        try {
            ctx.setConfigLocation(SparkSession.class.getResource("/org/apache/spark/log4j2-defaults.properties").toURI());
            assertEquals(Level.INFO, ctx.getRootLogger().getLevel(), "Spark's defaults, as spark-submit starts");
            SparkChecks.quietLogsUnlessConfigured();
            assertEquals(Level.WARN, ctx.getRootLogger().getLevel());
        } finally {
            if (before != null) {
                ctx.setConfigLocation(before);
            }
        }
    }
}
