package dev.linker.index;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Drafts go first: while an editor's draft is being answered, a page written through the index's API (a sync's batch,
 * an upsert) waits before it is embedded and indexed, until no draft is in flight or for at most {@link #WAIT_MS}.
 * On two cores a bulk sync otherwise takes a core from the editors; beside editors who never pause it still writes at
 * least a page every {@link #WAIT_MS} ms (in practice tens a second: a page's own step is short, and it goes in the
 * gaps between drafts), and at full speed whenever no draft is being answered. {@code linker index} answers no
 * drafts, so it never waits. What a sync does around its pages (reading the request, committing, merging) is not held.
 */
public final class DraftsFirst {
    /** The longest a page's write waits for drafts in flight. */
    public static final long WAIT_MS = 100;

    private final long waitNanos;
    private int inFlight;
    private long writesHeld;
    private long heldNanos;

    DraftsFirst() {
        this(WAIT_MS);
    }

    DraftsFirst(long waitMs) {
        this.waitNanos = TimeUnit.MILLISECONDS.toNanos(waitMs);
    }

    /** Answers a draft, holding back page writes while it runs. */
    public <T> T draft(Supplier<T> answer) {
        synchronized (this) {
            inFlight++;
        }
        try {
            return answer.get();
        } finally {
            synchronized (this) {
                if (--inFlight == 0) {
                    notifyAll();
                }
            }
        }
    }

    /** Before a page is written: waits while drafts are in flight, at most {@link #WAIT_MS}. */
    synchronized void beforeWrite() {
        if (inFlight == 0) {
            return;
        }
        long start = System.nanoTime();
        long left = waitNanos;
        try {
            while (inFlight > 0 && left > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
                left = waitNanos - (System.nanoTime() - start);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writesHeld++;
        heldNanos += System.nanoTime() - start;
    }

    /** Page writes that waited for drafts since the index was opened, and the seconds they waited in all. */
    public record Held(long writes, double seconds) {
    }

    public synchronized Held held() {
        return new Held(writesHeld, heldNanos / 1e9);
    }

    /** Drafts being answered now. */
    synchronized int inFlight() {
        return inFlight;
    }
}
