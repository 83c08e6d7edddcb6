package dev.linker.index.suggest;

import dev.linker.index.LowPriority;
import dev.linker.index.PageIndex;
import dev.linker.index.PageView;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The {@link SiteSnapshot} of the index version a view sees, loaded once per version and shared by a suggester and
 * those derived from it (other settings, another span embedder).
 *
 * <p>Two ways to read it. {@link #latest} always answers from the index as it is now, loading the snapshot again after
 * any write: evaluation, plans, learning and suggestions for indexed pages. {@link #serving} is for the editor's drafts
 * while the index is being written (a CMS's bulk sync commits a batch every few seconds). On a site of fewer than
 * {@link #FRESH_MAX_PAGES} pages (a load of a quarter of a second at most here) the snapshot is loaded before the draft
 * is answered, as {@link #latest} does: what was just written is suggested at once. A larger one (3.4 s for the first
 * load of 100k pages here, then about 0.3 s of CPU) is loaded on a background thread while drafts are answered from
 * the one before, so a write shows in draft suggestions a few seconds later instead of holding every editor for a
 * load. Once serving, a load reads only the segments the last one had not read ({@link SnapshotLoader.Segments}), and
 * background loads are spaced so they take at most a third of one core, on one thread of lower CPU priority than the
 * drafts': while editors keep every core busy, a write shows later, once they leave one a moment.
 */
final class Snapshots {
    /**
     * Sites with fewer pages (index documents) are loaded before a draft is answered; larger ones in the background.
     * By size, not by the time a load took, so that a site is answered the same way on a slow or busy machine.
     */
    static final int FRESH_MAX_PAGES = 5_000;
    /** A background load follows the last one after twice as long as it took. */
    static final int BACKGROUND_PAUSE = 2;

    private final PageIndex index;
    private final int freshMaxPages;
    /** The newest snapshot loaded. */
    private volatile SiteSnapshot current;
    /**
     * Set by the first {@link #serving} call: from then on the current snapshot's reader is kept open (one reference)
     * until a newer one replaces it or the index closes, so drafts can be answered from it after the index moved on.
     * Never set for the other uses, whose snapshot goes with the suggester.
     */
    private volatile boolean serves;
    /** Once serving: the segments the last load read, so the next one reads only new segments. */
    private SnapshotLoader.Segments segments;
    /** How long the last load took, and when it ended. */
    private volatile long lastLoadNanos;
    private volatile long lastLoadEnd;
    private final AtomicBoolean loading = new AtomicBoolean();
    /** Once serving: the thread background loads run on, at a lower CPU priority than drafts ({@link LowPriority}). */
    private volatile ExecutorService background;
    /** A background load failed: the next draft loads in its own thread, where the failure is reported. */
    private volatile boolean backgroundFailed;
    private volatile boolean closed;
    /** Snapshots loaded, and drafts answered from one older than the index (for metrics). */
    final LongAdder loads = new LongAdder();
    final LongAdder fromPrevious = new LongAdder();

    Snapshots(PageIndex index) {
        this(index, FRESH_MAX_PAGES);
    }

    Snapshots(PageIndex index, int freshMaxPages) {
        this.index = index;
        this.freshMaxPages = freshMaxPages;
    }

    /** Runs {@code f} with the snapshot of the index as it is now. */
    <T> T latest(Function<SiteSnapshot, T> f) {
        return index.withView(view -> f.apply(of(view)));
    }

    /**
     * Runs {@code f} with the snapshot of the index as it is now, or, while a site that is slow to load is being
     * written, with the last one loaded (see the class comment). Use only {@code snap}'s view of the index inside
     * {@code f}.
     */
    <T> T serving(Function<SiteSnapshot, T> f) {
        return index.withView(view -> {
            if (!serves) {
                startServing(view);
            }
            SiteSnapshot snap = current;
            if (snap == null || snap.reader() == view.searcher().getIndexReader() || backgroundFailed
                    || view.searcher().getIndexReader().maxDoc() < freshMaxPages || !snap.reader().tryIncRef()) {
                return f.apply(of(view));
            }
            try {
                loadInBackground();
                fromPrevious.increment();
                return f.apply(snap);
            } finally {
                release(snap);
            }
        });
    }

    /** How long the last load took, in seconds (0 before the first). */
    double lastLoadSeconds() {
        return lastLoadNanos / 1e9;
    }

    /** Keeps the current snapshot's reader open from now on, and lets it go when the index closes. */
    private synchronized void startServing(PageView view) {
        if (serves) {
            return;
        }
        SiteSnapshot snap = of(view);
        if (!closed) {
            snap.reader().incRef(); // open: it is the reader of the view this runs in
            segments = new SnapshotLoader.Segments();
            background = LowPriority.singleThread("linker-snapshot");
            serves = true;
            index.onClose(this::close);
        }
    }

    /** The snapshot of {@code view}'s index version, loaded now if it is not the current one. */
    SiteSnapshot of(PageView view) {
        SiteSnapshot snap = current;
        if (snap != null && snap.reader() == view.searcher().getIndexReader()) {
            return snap;
        }
        synchronized (this) {
            snap = current;
            if (snap != null && snap.reader() == view.searcher().getIndexReader()) {
                return snap;
            }
            return load(view);
        }
    }

    /** Loads the snapshot of {@code view} and makes it the current one (called holding this object's lock). */
    private SiteSnapshot load(PageView view) {
        long start = System.nanoTime();
        SiteSnapshot snap;
        try {
            snap = SnapshotLoader.load(view, segments);
        } catch (RuntimeException e) {
            throw index.damaged(e);
        }
        lastLoadNanos = System.nanoTime() - start;
        lastLoadEnd = System.nanoTime();
        loads.increment();
        backgroundFailed = false;
        SiteSnapshot old = current;
        current = snap;
        if (serves && !closed) {
            snap.reader().incRef();
            release(old);
        }
        return snap;
    }

    /**
     * Starts loading the index as it is now on a background thread, unless a load is running or the last one ended
     * less than {@link #BACKGROUND_PAUSE} of its own times ago: loads take at most a third of one core however often
     * the index is written (a bulk sync commits every few seconds; a load of 100k pages after a write takes about 0.3 s
     * of CPU).
     */
    private void loadInBackground() {
        if (System.nanoTime() - lastLoadEnd < BACKGROUND_PAUSE * lastLoadNanos
                || !loading.compareAndSet(false, true)) {
            return;
        }
        ExecutorService thread = background;
        if (thread == null) {
            loading.set(false);
            return;
        }
        try {
            thread.execute(() -> {
                try {
                    index.withView(view -> {
                        synchronized (this) {
                            SiteSnapshot snap = current;
                            return snap != null && snap.reader() == view.searcher().getIndexReader() ? snap
                                    : load(view);
                        }
                    });
                } catch (RuntimeException e) {
                    backgroundFailed = !closed;
                } finally {
                    loading.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            loading.set(false); // the index closed meanwhile
        }
    }

    private static void release(SiteSnapshot snap) {
        try {
            snap.reader().decRef();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets the current snapshot's reader go (the index is closing). */
    private synchronized void close() {
        if (serves && !closed) {
            release(current);
        }
        closed = true;
        current = null;
        segments = null;
        if (background != null) {
            background.shutdown();
        }
    }
}
