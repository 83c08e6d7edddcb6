package dev.linker.index;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Work that may wait for the editors: a server's page writes (a CMS's bulk sync) and its background snapshot loads run
 * on threads with a lower CPU priority than the threads that answer drafts, so that on a busy machine the drafts get
 * the cores first and the writes take what is left (all of it while no one edits). Threads these start (Lucene's
 * segment merges, started by the write that flushed) inherit the priority.
 *
 * <p>On Linux a thread is a schedulable task of its own: {@link #lowerThisThread} gives the calling thread the
 * niceness {@link #NICE} with {@code renice} (Java's thread priorities are ignored there by default), which any user
 * may do to their own threads. Elsewhere, or without {@code renice}, threads keep their priority: nothing else
 * changes, so nothing is reported.
 */
public final class LowPriority {
    /** The niceness given: a thread at 10 gets about a tenth of a core that a thread at 0 also wants. */
    public static final int NICE = 10;

    private LowPriority() {
    }

    /** Lowers the calling thread's CPU priority to {@link #NICE}; returns whether it now has it (or a lower one). */
    public static boolean lowerThisThread() {
        Path self = Path.of("/proc/thread-self");
        try {
            if (!Files.isSymbolicLink(self)) {
                return false;
            }
            String link = Files.readSymbolicLink(self).toString(); // "<pid>/task/<tid>"
            String tid = link.substring(link.lastIndexOf('/') + 1);
            Process p = new ProcessBuilder("renice", "-n", String.valueOf(NICE), "-p", tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return niceOfThisThread() >= NICE;
        } catch (IOException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The calling thread's niceness on Linux, or 0 where it cannot be read. */
    public static int niceOfThisThread() {
        return niceOf(Path.of("/proc/thread-self"));
    }

    /** The niceness of each of this process's threads whose name starts with {@code prefix} (Linux; else none). */
    public static List<Integer> niceOfThreadsNamed(String prefix) {
        List<Integer> out = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                if (Files.readString(task.resolve("comm")).startsWith(prefix)) {
                    out.add(niceOf(task));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or a thread ended meanwhile: what was read
        }
        return out;
    }

    /** The niceness of the task (thread) at {@code /proc/.../task/<tid>}, or 0 where it cannot be read. */
    private static int niceOf(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            // After the command name (in parentheses, which may hold spaces): state is field 3, nice field 19.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Integer.parseInt(f[16]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** One daemon thread named {@code name}, at the lower priority, running what is submitted in order. */
    public static ExecutorService singleThread(String name) {
        return Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name(name).unstarted(() -> {
            lowerThisThread();
            r.run();
        }));
    }

    /**
     * Runs {@code work} on {@code executor} and returns its result, as if it ran here: its exceptions are thrown as
     * they were; the caller waits until it is done even when interrupted (a write is never left half-waited for).
     */
    public static <T> T run(ExecutorService executor, Supplier<T> work) {
        return run(executor, work, () -> null);
    }

    /**
     * As {@link #run(ExecutorService, Supplier)}, but stops waiting when {@code abandon} (asked every 50 ms) gives an
     * exception, and throws it; the work goes on where it runs (how a stopping server answers a write still running).
     */
    public static <T> T run(ExecutorService executor, Supplier<T> work, Supplier<RuntimeException> abandon) {
        Future<T> f = executor.submit(work::get);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    RuntimeException stop = abandon.get();
                    if (stop != null) {
                        throw stop;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
