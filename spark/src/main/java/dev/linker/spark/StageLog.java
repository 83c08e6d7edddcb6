package dev.linker.spark;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Progress of a job, one line at a time: tasks done in a running stage (at most every {@link #EVERY_MS} ms), and
 * for each finished stage its step, tasks, time and shuffle bytes (what a scale run is judged by). Steps are named
 * by the job description the job sets ({@code SparkContext.setJobDescription}).
 */
final class StageLog extends SparkListener {
    static final long EVERY_MS = 10_000;
    private final Consumer<String> log;
    private final Map<Integer, String> steps = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> tasks = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicInteger> done = new ConcurrentHashMap<>();
    private volatile long last = System.currentTimeMillis();

    StageLog(Consumer<String> log) {
        this.log = log;
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted submitted) {
        StageInfo s = submitted.stageInfo();
        String d = submitted.properties() == null ? null : submitted.properties().getProperty("spark.job.description");
        steps.put(s.stageId(), d != null ? d : s.name().replaceAll(" at [A-Za-z]+\\.(java|scala):\\d+$", ""));
        tasks.put(s.stageId(), s.numTasks());
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        int n = done.computeIfAbsent(end.stageId(), k -> new AtomicInteger()).incrementAndGet();
        long now = System.currentTimeMillis();
        if (now - last >= EVERY_MS) {
            last = now;
            log.accept(String.format(Locale.ROOT, "stage %d (%s): %d/%d tasks done", end.stageId(),
                    steps.getOrDefault(end.stageId(), "?"), n, tasks.getOrDefault(end.stageId(), 0)));
        }
    }

    @Override
    public void onStageCompleted(SparkListenerStageCompleted completed) {
        StageInfo s = completed.stageInfo();
        long ms = s.completionTime().isDefined() && s.submissionTime().isDefined()
                ? (Long) s.completionTime().get() - (Long) s.submissionTime().get() : 0;
        long read = s.taskMetrics().shuffleReadMetrics().totalBytesRead();
        long written = s.taskMetrics().shuffleWriteMetrics().bytesWritten();
        done.remove(s.stageId());
        tasks.remove(s.stageId());
        last = System.currentTimeMillis();
        log.accept(String.format(Locale.ROOT, "stage %d (%s): %d tasks in %.1f s, shuffle read %s, write %s%s",
                s.stageId(), steps.remove(s.stageId()), s.numTasks(), ms / 1000.0, bytes(read), bytes(written),
                s.failureReason().isDefined() ? ", failed: " + s.failureReason().get() : ""));
    }

    static String bytes(long b) {
        return b < 1024 * 1024 ? String.format(Locale.ROOT, "%.1f KB", b / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", b / 1048576.0);
    }
}
