package dev.linker.spark;

import dev.linker.core.result.LinkerException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * What a job checks before its work, so that a failure is said in its own words rather than as Spark's: inputs that do
 * not exist, executors whose Java cannot run the job, a context the cluster stopped, and Spark's start-up logging.
 * Compiled for Java 17 (it runs where {@code embed} runs), whatever the job needs.
 */
final class SparkChecks {
    private SparkChecks() {
    }

    /** Fails naming the option whose file or folder does not exist (as Spark would find it: any Hadoop file system). */
    static void requireInputs(SparkSession spark, Map<String, String> inputs) {
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            Path p = new Path(e.getValue());
            FileStatus[] found;
            try {
                found = p.getFileSystem(spark.sparkContext().hadoopConfiguration()).globStatus(p);
            } catch (IOException | RuntimeException x) {
                throw new LinkerException(e.getKey() + " " + e.getValue() + ": cannot be read (" + x.getMessage() + ")",
                        x);
            }
            if (found == null || found.length == 0) {
                throw new LinkerException(e.getKey() + " " + e.getValue() + ": no such file or folder");
            }
        }
    }

    /**
     * Fails before any task when an executor runs a Java older than {@code feature}: the job's classes would not
     * load there, and each task would die of UnsupportedClassVersionError after its retries. Asks a few tasks per
     * core of the cluster as it is now; executors that join later are not asked.
     */
    static void requireExecutorJava(SparkSession spark, int feature, String job) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int tasks = Math.max(2, 2 * sc.defaultParallelism());
        List<String> seen = sc.parallelize(IntStream.range(0, tasks).boxed().toList(), tasks)
                .map(i -> Runtime.version().feature() + " " + System.getProperty("java.home")).distinct().collect();
        String problem = javaProblem(seen, feature, job);
        if (problem != null) {
            throw new LinkerException(problem);
        }
    }

    /** The message for executors' "feature java.home" lines when any is older than {@code feature}, else null. */
    static String javaProblem(List<String> seen, int feature, String job) {
        TreeSet<String> old = new TreeSet<>();
        for (String s : seen) {
            int space = s.indexOf(' ');
            if (Integer.parseInt(s.substring(0, space)) < feature) {
                old.add("Java " + s.substring(0, space) + " at " + s.substring(space + 1));
            }
        }
        if (old.isEmpty()) {
            return null;
        }
        return job + " needs Java " + feature + " or later on every executor; some run " + String.join(", ", old)
                + ". Point them to a newer JDK with --conf spark.executorEnv.JAVA_HOME=/path/to/jdk-" + feature
                + " (standalone and YARN; on YARN also spark.yarn.appMasterEnv.JAVA_HOME), or use an image with Java "
                + feature + " (apache/spark:4.2.0-java21)";
    }

    /**
     * What to say when the cluster stopped the application under a running job (Spark then fails with "LiveListenerBus
     * is stopped" or "SparkContext was shut down"), or null when {@code e} is something else.
     */
    static String stoppedByCluster(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            if (m.contains("LiveListenerBus is stopped") || m.contains("SparkContext was shut down")
                    || m.contains("SparkContext has been shutdown") || m.contains("Cannot call methods on a stopped "
                    + "SparkContext")) {
                return "the Spark cluster stopped this application while the job ran (" + m.lines().findFirst()
                        .orElse(m) + "): the master removes an application whose executors keep failing to start or "
                        + "that was killed; the master's log and the application's page in its web UI say why. "
                        + "Nothing was written to --out.";
            }
        }
        return null;
    }

    /**
     * Under spark-submit, Spark logs at INFO with its own defaults (about 50 lines at start): where no one configured
     * logging, this job's quiet configuration (warnings and errors) replaces them, as {@code bin/linker-spark} has it.
     * A configuration of the user's (log4j2.configurationFile, or a log4j2 file in Spark's conf folder) is kept.
     */
    static void quietLogsUnlessConfigured() {
        if (System.getProperty("log4j2.configurationFile") != null) {
            return;
        }
        try {
            org.apache.logging.log4j.core.LoggerContext ctx =
                    (org.apache.logging.log4j.core.LoggerContext) org.apache.logging.log4j.LogManager.getContext(false);
            String source = String.valueOf(ctx.getConfiguration().getConfigurationSource().getLocation());
            boolean sparkDefaults = source.endsWith("org/apache/spark/log4j2-defaults.properties")
                    || ctx.getConfiguration() instanceof org.apache.logging.log4j.core.config.DefaultConfiguration;
            java.net.URL ours = SparkChecks.class.getResource("/linker-spark-log4j2.properties");
            if (sparkDefaults && ours != null) {
                ctx.setConfigLocation(ours.toURI());
            }
        } catch (ClassCastException | NoClassDefFoundError | URISyntaxException e) {
            // another logging back end: leave it as it is
        }
    }
}
