package dev.linker.index;

import org.junit.jupiter.api.Test;

import dev.linker.core.embed.LocalMiniLmEmbedder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class LowPriorityTest {

    /** Linux, with renice: where {@link LowPriority} lowers threads. */
    static void assumeReniceWorksHere() {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "Linux only");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/renice")) || Files.isExecutable(Path.of("/bin/renice")),
                "renice is not installed here");
    }

    @Test
    void work_runs_at_the_lower_priority_and_so_do_the_threads_it_starts_while_the_caller_keeps_its_own()
            throws Exception {
        assumeReniceWorksHere();
        int callers = LowPriority.niceOfThisThread();
        ExecutorService writes = LowPriority.singleThread("test-writes");
        try {
            int nice = LowPriority.run(writes, LowPriority::niceOfThisThread);
            assertTrue(nice >= LowPriority.NICE && nice > callers || callers >= LowPriority.NICE,
                    "the work's niceness " + nice + ", the caller's " + callers);
            AtomicInteger child = new AtomicInteger(-1);
            LowPriority.run(writes, () -> {
                Thread t = Thread.ofPlatform().start(() -> child.set(LowPriority.niceOfThisThread()));
                try {
                    t.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return null;
            });
            assertEquals(nice, child.get(), "a thread started by the work (a segment merge) inherits its priority");
            assertEquals(callers, LowPriority.niceOfThisThread(), "the caller keeps its own");
        } finally {
            writes.shutdown();
        }
    }

    @Test
    void embedding_helpers_keep_the_priority_of_the_thread_that_loaded_the_model_when_a_low_priority_write_uses_them()
            throws Exception {
        assumeReniceWorksHere();
        int callers = LowPriority.niceOfThisThread();
        ExecutorService writes = LowPriority.singleThread("test-writes");
        try (LocalMiniLmEmbedder embedder = LocalMiniLmEmbedder.load(3)) {
            String page = "A burr grinder crushes beans between two burrs and gives even grounds. ".repeat(150);
            LowPriority.run(writes, () -> embedder.embedAll(List.of(page, page + "Espresso.", page + "Filter.")));
            List<Integer> helpers = LowPriority.niceOfThreadsNamed("linker-embed-");
            assertTrue(helpers.size() >= 2, "this embedder's two helpers at least: " + helpers);
            assertEquals(List.of(callers), helpers.stream().distinct().toList(),
                    "every helper at the niceness of the thread that loaded its embedder");
        } finally {
            writes.shutdown();
        }
    }

    @Test
    void a_failure_of_the_work_reaches_the_caller_as_it_was_thrown() {
        ExecutorService writes = LowPriority.singleThread("test-writes");
        try {
            DiskFullException full = new DiskFullException("/tmp/index",
                    new java.io.IOException("No space left on device"));
            assertSame(full, assertThrows(DiskFullException.class, () -> LowPriority.run(writes, () -> {
                throw full;
            })));
        } finally {
            writes.shutdown();
        }
    }
}
