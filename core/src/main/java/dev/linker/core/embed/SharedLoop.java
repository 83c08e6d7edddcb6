package dev.linker.core.embed;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * One loop over 0..n-1 shared by the calling thread and helper threads: the local embedder's windows of one call. The
 * caller always works; a helper not started by the time the caller runs out of work is skipped, so a busy pool costs
 * the call nothing.
 */
final class SharedLoop {
    private SharedLoop() {
    }

    /**
     * Runs {@code work} for 0..n-1: on this thread alone for one item or one thread, else on this thread and up to
     * {@code threads} - 1 helpers (from {@code helperThreads}) taking indexes from one counter. A helper that has not started when this thread
     * ran out of work is skipped (a busy pool costs nothing); one that started is waited for. The first failure is
     * thrown once all have stopped.
     */
    static void run(int n, int threads, Supplier<Executor> helperThreads, IntConsumer work) {
        int helpers = Math.min(threads, n) - 1;
        if (helpers <= 0) {
            for (int i = 0; i < n; i++) {
                work.accept(i);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        Runnable loop = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                work.accept(i);
            }
        };
        List<Helper> started = new ArrayList<>(helpers);
        for (int h = 0; h < helpers; h++) {
            Helper helper = new Helper(loop, () -> next.set(n));
            try {
                helperThreads.get().execute(helper);
                started.add(helper);
            } catch (RejectedExecutionException e) {
                break; // closing: this thread does the work (and finds the session closed)
            }
        }
        Throwable failure = null;
        try {
            loop.run();
        } catch (RuntimeException | Error e) {
            next.set(n);
            failure = e;
        }
        for (Helper helper : started) {
            Throwable t = helper.join();
            if (failure == null) {
                failure = t;
            }
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        } else if (failure instanceof Error e) {
            throw e;
        }
    }

    /** One helper's share of a {@link #run} call: runs its loop unless the caller finished before it started. */
    private static final class Helper implements Runnable {
        private static final int WAITING = 0;
        private static final int RUNNING = 1;
        private static final int SKIPPED = 2;
        private final Runnable loop;
        private final Runnable stopAll;
        private final AtomicInteger state = new AtomicInteger(WAITING);
        private final CountDownLatch done = new CountDownLatch(1);
        private volatile Throwable failure;

        Helper(Runnable loop, Runnable stopAll) {
            this.loop = loop;
            this.stopAll = stopAll;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(WAITING, RUNNING)) {
                return;
            }
            try {
                loop.run();
            } catch (RuntimeException | Error e) {
                stopAll.run();
                failure = e;
            } finally {
                done.countDown();
            }
        }

        /** Skips the helper if it has not started, else waits for it (its writes are visible after); its failure. */
        Throwable join() {
            if (state.compareAndSet(WAITING, SKIPPED)) {
                return null;
            }
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // it is finishing its last window: wait, then keep the interrupt
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return failure;
        }
    }
}
