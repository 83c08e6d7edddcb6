package dev.linker.index;

import dev.linker.core.embed.Embedder;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Lucene side of an open {@link PageIndex}: its one {@link IndexWriter} (reopened from the last commit when a
 * failed write stopped it), near-real-time searchers through a {@link SearcherManager}, commits and closing. What a
 * commit records beside the pages is the index's to say ({@code commitData}), and to take back when a reopened writer
 * starts again from the last commit ({@code takeBack}).
 */
final class LiveIndex {
    private final String where;
    private final Directory dir;
    private final VectorFormat format;
    private final IndexSettings options;
    private final Supplier<Map<String, String>> commitData;
    private final Consumer<Map<String, String>> takeBack;
    /** Replaced when a failed write (a full disk) stopped it: see {@link #liveWriter()}. */
    private volatile IndexWriter writer;
    private volatile SearcherManager searchers;
    private volatile boolean closed;
    /** This index has not committed yet: its {@link IndexFolder#FIRST_COMMIT_PENDING} file stands until it does. */
    private volatile boolean firstCommitPending;
    private volatile long lastRefresh = System.nanoTime();
    /**
     * Something was written since the last commit: until it is committed (or rolled back), reads keep the view they
     * had, so no reader sees a page of a batch that is not acknowledged yet, nor one that a failure then takes back.
     */
    private volatile boolean pending;

    LiveIndex(String where, Directory dir, IndexWriter writer, SearcherManager searchers, VectorFormat format,
              IndexSettings options, Supplier<Map<String, String>> commitData, Consumer<Map<String, String>> takeBack) {
        this.where = where;
        this.dir = dir;
        this.writer = writer;
        this.searchers = searchers;
        this.format = format;
        this.options = options;
        this.commitData = commitData;
        this.takeBack = takeBack;
    }

    /** Whether the index was opened writable. */
    boolean writable() {
        return writer != null;
    }

    /** Marks a new index whose folder holds the {@link IndexFolder#FIRST_COMMIT_PENDING} file until it commits. */
    void firstCommitPending(boolean pending) {
        firstCommitPending = pending;
    }

    /** Hands the writer what the next commit records beside the pages. */
    void recordCommitData() {
        writer.setLiveCommitData(commitData.get().entrySet());
    }

    /** A write is about to be made: reads keep their view until it is committed ({@link #pending}). */
    void writing() {
        if (stopped) {
            throw new WritesStoppedException(where);
        }
        liveWriter(); // reopened first when a failed write stopped it: a reopen starts from the last commit
        pending = true;
    }

    /** Set by {@link #stopWrites()}: the next page of a running write, and every later write, is refused. */
    private volatile boolean stopped;

    /** Refuses writes from now on, a running batch at its next page ({@link WritesStoppedException}). */
    void stopWrites() {
        stopped = true;
    }

    /**
     * Takes back what was written since the last commit (a batch that failed half-way): the writer is rolled back and
     * reopened from that commit, and reads never saw what it held.
     */
    void discard() {
        if (!pending) {
            return;
        }
        IndexWriter w = writer;
        if (w != null && w.isOpen() && !closed) {
            IOUtils.closeWhileHandlingException(w::rollback);
        }
        if (w != null && !closed) {
            liveWriter();
        }
    }

    /** Waits until the next search sees what was written (upserts and deletes are read-your-writes). */
    void refreshBlocking() throws IOException {
        searchers.maybeRefreshBlocking();
    }

    /**
     * Commits, and makes what was written visible to the next search from any thread (read-your-writes). A commit that
     * fails leaves the index as its last commit: what was written since is dropped, never committed later.
     */
    void commit() {
        IndexWriter w = liveWriter();
        try {
            recordCommitData();
            w.commit();
            if (firstCommitPending) {
                dir.deleteFile(IndexFolder.FIRST_COMMIT_PENDING);
                firstCommitPending = false;
            }
            pending = false;
        } catch (IOException | RuntimeException e) {
            throw failed("commit", e);
        }
        try {
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException(where + ": refresh failed", e);
        }
    }

    /** Blocks until background segment merges are done, then commits. */
    void waitForMerges() {
        try {
            IndexWriter w = liveWriter();
            w.maybeMerge();
            if (w.getConfig().getMergeScheduler() instanceof org.apache.lucene.index.ConcurrentMergeScheduler c) {
                c.sync();
            }
            commit();
        } catch (IOException | RuntimeException e) {
            throw failed("merge", e);
        }
    }

    /** Merges the index into one segment, then commits. */
    void forceMerge() {
        try {
            liveWriter().forceMerge(1);
            commit();
        } catch (IOException | RuntimeException e) {
            throw failed("merge", e);
        }
    }

    /**
     * The writer, reopened from the last commit when a failed write stopped the one before (Lucene closes a writer
     * whose flush or merge failed, a full disk say): once there is space again, writes go on without a restart.
     */
    IndexWriter liveWriter() {
        IndexWriter w = writer;
        if (w == null) {
            throw new IllegalStateException(where + " was opened read-only");
        }
        if (w.isOpen() || closed) {
            return w;
        }
        synchronized (this) {
            w = writer;
            if (w.isOpen() || closed) {
                return w;
            }
            // A writer stopped by a merge thread may still be closing there: wait for it (rollback waits for a close
            // in progress), so that its write lock is released before the new writer takes it.
            IOUtils.closeWhileHandlingException(w::rollback);
            IndexWriter fresh = null;
            try {
                fresh = new IndexWriter(dir, IndexCodecs.writerConfig(format, options));
                SearcherManager old = searchers;
                searchers = new SearcherManager(fresh, null);
                writer = fresh;
                pending = false; // the fresh writer holds the last commit, nothing more
                // What the failed writer held in memory and never committed is forgotten with it.
                Map<String, String> data = DirectoryReader.indexExists(dir)
                        ? SegmentInfos.readLatestCommit(dir).getUserData() : Map.of();
                takeBack.accept(data);
                recordCommitData();
                IOUtils.closeWhileHandlingException(old);
                return fresh;
            } catch (IOException | RuntimeException e) {
                if (fresh != null && writer != fresh) {
                    IOUtils.closeWhileHandlingException(fresh::rollback);
                }
                throw failed("reopen", e);
            }
        }
    }

    /**
     * A write that failed: what it wrote since the last commit is rolled back (the next write reopens the writer from
     * that commit), and a full disk is said as such ({@link DiskFullException}) rather than as damage.
     */
    RuntimeException failed(String what, Exception e) {
        IndexWriter w = writer;
        Throwable tragic = w == null ? null : w.getTragicException();
        if (w != null && w.isOpen() && !closed) {
            IOUtils.closeWhileHandlingException(w::rollback);
        }
        if (DiskFullException.isDiskFull(e) || DiskFullException.isDiskFull(tragic)) {
            return new DiskFullException(where, e);
        }
        if (e instanceof IOException io) {
            return new UncheckedIOException(where + ": " + what + " failed", io);
        }
        if (e instanceof AlreadyClosedException && tragic != null) {
            return new UncheckedIOException(where + ": " + what + " failed", new IOException(tragic.getMessage(), tragic));
        }
        return (RuntimeException) e;
    }

    /** Runs {@code f} with a current searcher, released afterwards. */
    <T> T withSearcher(Function<IndexSearcher, T> f) {
        try {
            long now = System.nanoTime();
            if (readRefreshes(now)) {
                refresh(false);
                lastRefresh = now;
            }
            IndexSearcher s = searchers.acquire();
            try {
                return f.apply(s);
            } finally {
                searchers.release(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(where + ": search failed", e);
        }
    }

    /**
     * Whether a read brings the searcher up to date first. A writer's pages are made visible by the write that made
     * them (a commit, or the refresh of an upsert or a delete), never by a read: a read that refreshed while a batch
     * was being written would flush the pages written so far into a segment of its own, on the reading thread (with a
     * server's bulk sync, every draft answered did). With nothing buffered a refresh is cheap and picks up what merges
     * finished since. A writer stopped by a failed write is reopened by it; a read-only index polls its folder at most
     * once a second.
     */
    private boolean readRefreshes(long now) {
        IndexWriter w = writer;
        if (w == null) {
            return now - lastRefresh > 1_000_000_000L;
        }
        try {
            return !w.isOpen() || w.numRamDocs() == 0;
        } catch (AlreadyClosedException e) {
            return true;
        }
    }

    /**
     * Brings the searcher up to date. Reads go on when a failed write stopped the writer (the last view stays; the
     * writer is reopened when it can be); {@code quiet}: a refresh that fails is left to the read that follows.
     */
    private void refresh(boolean quiet) {
        IndexWriter w = writer;
        if (w != null && !w.isOpen() && !closed) {
            try {
                liveWriter();
            } catch (RuntimeException e) {
                return; // still failing (the disk is still full): read the last view
            }
        }
        if (pending) {
            return; // a write not committed yet: the view stays as the last commit (or write that refreshed) left it
        }
        try {
            searchers.maybeRefresh();
        } catch (AlreadyClosedException e) {
            if (closed) {
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            // A refresh that finds the disk full (it flushes what the writer buffered) is a write's trouble, not the
            // read's: the read goes on with the last view, and the next write says disk_full.
            if (!quiet && !DiskFullException.isDiskFull(e)) {
                throw e instanceof IOException io ? new UncheckedIOException(where + ": search failed", io)
                        : (RuntimeException) e;
            }
        }
    }

    /**
     * A new index that never committed and holds nothing (its first write failed, a full disk say, and was taken
     * back): closing it does not make an empty first commit, so the folder stays "an index stopped before its first
     * commit" — which {@code suggest} reports and the next {@code linker index} clears — rather than an empty index
     * that answers every query with nothing.
     */
    private boolean nothingToKeep() {
        if (!firstCommitPending) {
            return false;
        }
        IndexWriter w = writer;
        try {
            return !w.isOpen() || w.getDocStats().maxDoc == 0;
        } catch (AlreadyClosedException e) {
            return true;
        }
    }

    /** As {@link PageIndex#damaged}. */
    RuntimeException damaged(RuntimeException e) {
        if (e instanceof IndexCorruptException) {
            return e;
        }
        String problem = integrityProblem();
        return problem == null ? e : new IndexCorruptException(where, problem, e);
    }

    /** As {@link PageIndex#verify}. */
    void verify() {
        String problem = integrityProblem();
        if (problem != null) {
            throw new IndexCorruptException(where, problem, null);
        }
    }

    /** What fails the checksums of the current index's files, or null. */
    private String integrityProblem() {
        refresh(true);
        try {
            IndexSearcher s = searchers.acquire();
            try {
                for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
                    leaf.reader().checkIntegrity();
                }
                return null;
            } finally {
                searchers.release(s);
            }
        } catch (IOException | RuntimeException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    /** Commits (when writable), then closes the searchers, writer and folder, then {@code owned} (or null). */
    /** Run first when the index closes, once each: see {@link PageIndex#onClose}. */
    private final List<Runnable> closing = new CopyOnWriteArrayList<>();

    void onClose(Runnable r) {
        closing.add(r);
    }

    void close(Embedder owned) {
        RuntimeException failure = null;
        for (Runnable r : closing) {
            try {
                r.run();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        closing.clear();
        try {
            if (writer != null && !closed && !nothingToKeep()) {
                commit();
            }
        } catch (RuntimeException e) {
            failure = e; // what was committed before stays; close the rest all the same
        }
        closed = true;
        try {
            IOUtils.close(searchers, writer != null && writer.isOpen() ? writer : null, dir);
            if (owned != null) {
                owned.close();
            }
        } catch (IOException e) {
            if (failure == null) {
                failure = new UncheckedIOException(where + ": close failed", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
