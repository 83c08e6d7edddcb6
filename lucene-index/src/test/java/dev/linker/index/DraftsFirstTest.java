package dev.linker.index;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DraftsFirstTest {

    @Test
    void a_write_waits_while_a_draft_is_answered_and_goes_on_when_it_ends() throws Exception {
        DraftsFirst gate = new DraftsFirst(60_000);
        CountDownLatch answered = new CountDownLatch(1);
        Thread draft = answering(gate, answered);
        Thread write = Thread.ofPlatform().start(gate::beforeWrite);
        while (write.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(write.isAlive(), "the write went on while the draft was being answered");
            Thread.sleep(1);
        }
        answered.countDown();
        write.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(write.isAlive(), "the write goes on once the draft is answered");
        draft.join();
        assertEquals(1, gate.held().writes());
        assertEquals(0, gate.inFlight());
    }

    @Test
    void a_write_waits_at_most_its_bound_beside_drafts_that_never_end() throws Exception {
        DraftsFirst gate = new DraftsFirst(50);
        CountDownLatch answered = new CountDownLatch(1);
        Thread draft = answering(gate, answered);
        gate.beforeWrite();
        gate.beforeWrite();
        DraftsFirst.Held held = gate.held();
        assertEquals(2, held.writes());
        assertTrue(held.seconds() >= 0.1, "each write waited its 50 ms: " + held.seconds() + " s in all");
        answered.countDown();
        draft.join();
    }

    @Test
    void without_drafts_a_write_never_waits_and_a_failed_draft_holds_nothing_back() {
        DraftsFirst gate = new DraftsFirst(60_000);
        gate.beforeWrite();
        assertThrows(IllegalStateException.class, () -> gate.draft(() -> {
            throw new IllegalStateException("the index is damaged");
        }));
        assertEquals(0, gate.inFlight());
        gate.beforeWrite();
        assertEquals(new DraftsFirst.Held(0, 0.0), gate.held());
    }

    /** A thread answering a draft until {@code answered} counts down; returns once the draft is in flight. */
    private static Thread answering(DraftsFirst gate, CountDownLatch answered) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        Thread t = Thread.ofPlatform().start(() -> gate.draft(() -> {
            started.countDown();
            await(answered);
            return "suggestions";
        }));
        started.await();
        return t;
    }

    private static void await(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
