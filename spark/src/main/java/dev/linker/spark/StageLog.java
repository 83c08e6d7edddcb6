package dev.linker.spark;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerExecutorMetricsUpdate;
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
 * Progress of a job, one line at a time: tasks done in a running stage (at most every {@link #EVERY_MS} ms), and the
 * running stages after {@link #QUIET_MS} ms without a line; each
 * stage of {@link #STAGE_LINE_MS} ms or more with its tasks, time and shuffle bytes; and for each step, once the
 * next begins, its stages, wall time and shuffle bytes (an iterative step runs hundreds of short stages). Steps are
 * named by the job description the job sets ({@code SparkContext.setJobDescription}).
 */
final class StageLog extends SparkListener {
    static final long EVERY_MS = 10_000;
    /** Stages that take at least this long are reported one by one (what a scale run is judged by). */
    static final long STAGE_LINE_MS = 2_000;
    /** Silence longer than this while stages run gets a line saying they still run. */
    static final long QUIET_MS = 30_000;
    private final Consumer<String> log;
    private final long quietMs;
    private final Map<Integer, String> steps = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> tasks = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicInteger> done = new ConcurrentHashMap<>();
    private final Map<Integer, Long> started = new ConcurrentHashMap<>();
    private volatile long last = System.currentTimeMillis();
    /** The step (job description) running, and what its finished stages added up to. */
    private String step;
    private long stepStart;
    private long stepEnd;
    private int stepStages;
    private long stepRead;
    private long stepWritten;

    StageLog(Consumer<String> log) {
        this(log, QUIET_MS);
    }

    /** @param quietMs silence after which running stages get a line (tests use a short one) */
    StageLog(Consumer<String> log, long quietMs) {
        this.log = log;
        this.quietMs = quietMs;
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted submitted) {
        StageInfo s = submitted.stageInfo();
        String d = submitted.properties() == null ? null : submitted.properties().getProperty("spark.job.description");
        String name = d != null ? d : s.name().replaceAll(" at [A-Za-z]+\\.(java|scala):\\d+$", "");
        steps.put(s.stageId(), name);
        tasks.put(s.stageId(), s.numTasks());
        started.put(s.stageId(), System.currentTimeMillis());
        synchronized (this) {
            if (!name.equals(step)) {
                flush();
                step = name;
                stepStart = System.currentTimeMillis();
            }
        }
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

    /**
     * While long tasks run and none ends (a block's index being built and searched), the executors' heartbeats (every
     * 10 s) still come: after {@link #QUIET_MS} ms without a line, say which stages are running and for how long.
     */
    @Override
    public void onExecutorMetricsUpdate(SparkListenerExecutorMetricsUpdate update) {
        long now = System.currentTimeMillis();
        if (now - last < quietMs || started.isEmpty()) {
            return;
        }
        last = now;
        for (Map.Entry<Integer, Long> e : started.entrySet()) {
            int id = e.getKey();
            log.accept(String.format(Locale.ROOT, "stage %d (%s): %d/%d tasks done, running for %.0f s", id,
                    steps.getOrDefault(id, "?"), done.containsKey(id) ? done.get(id).get() : 0,
                    tasks.getOrDefault(id, 0), (now - e.getValue()) / 1000.0));
        }
    }

    /** A stage of a second or more gets a line of its own; every stage counts in its step's line. */
    @Override
    public void onStageCompleted(SparkListenerStageCompleted completed) {
        StageInfo s = completed.stageInfo();
        long ms = s.completionTime().isDefined() && s.submissionTime().isDefined()
                ? (Long) s.completionTime().get() - (Long) s.submissionTime().get() : 0;
        long read = s.taskMetrics().shuffleReadMetrics().totalBytesRead();
        long written = s.taskMetrics().shuffleWriteMetrics().bytesWritten();
        done.remove(s.stageId());
        tasks.remove(s.stageId());
        started.remove(s.stageId());
        last = System.currentTimeMillis();
        String name = steps.remove(s.stageId());
        synchronized (this) {
            stepStages++;
            stepRead += read;
            stepWritten += written;
            stepEnd = last;
        }
        if (ms >= STAGE_LINE_MS || s.failureReason().isDefined()) {
            log.accept(String.format(Locale.ROOT, "stage %d (%s): %d tasks in %.1f s, shuffle read %s, write %s%s",
                    s.stageId(), name, s.numTasks(), ms / 1000.0, bytes(read), bytes(written),
                    s.failureReason().isDefined() ? ", failed: " + s.failureReason().get() : ""));
        }
    }

    @Override
    public void onApplicationEnd(SparkListenerApplicationEnd end) {
        flush();
    }

    /** The line of the step that ended: its stages, wall time and shuffle bytes. */
    synchronized void flush() {
        if (step != null && stepStages > 0) {
            log.accept(String.format(Locale.ROOT, "step \"%s\" done: %d stage%s in %.1f s, shuffle read %s, write %s",
                    step, stepStages, stepStages == 1 ? "" : "s", (stepEnd - stepStart) / 1000.0, bytes(stepRead),
                    bytes(stepWritten)));
        }
        step = null;
        stepStages = 0;
        stepRead = 0;
        stepWritten = 0;
    }

    static String bytes(long b) {
        return b < 1024 * 1024 ? String.format(Locale.ROOT, "%.1f KB", b / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", b / 1048576.0);
    }
}
