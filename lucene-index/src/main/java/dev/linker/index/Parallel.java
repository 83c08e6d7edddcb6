package dev.linker.index;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/** Independent tasks 0..n-1 spread over a few worker threads: the plan's donors, learning's sources. */
public final class Parallel {
    /** Workers of a long job on one machine: one per core, at most 8. */
    public static final int THREADS = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), 8));

    private Parallel() {
    }

    /**
     * Runs {@code task(0..n-1)} on {@code threads} workers named {@code name-K}, each taking the next number when it is
     * free; the first failure stops the others and is rethrown. A task's result goes in a slot of its own number, so
     * what the tasks make is the same in any order.
     */
    public static void run(String name, int n, int threads, IntConsumer task) {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    int i;
                    while ((i = next.getAndIncrement()) < n) {
                        task.accept(i);
                    }
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                    next.set(n);
                }
            }, name + "-" + t);
            workers.add(th);
            th.start();
        }
        for (Thread th : workers) {
            try {
                th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(name + " interrupted", e);
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
