package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.core.result.LinkerException;
import org.apache.lucene.index.Term;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Writes pages into a {@link PageIndex} (a sync of many, an upsert of one), embedding only what changed: a page whose
 * stored copy is the same is left alone, one whose text is the same keeps its vector, one an import holds a vector for
 * takes it; the rest are embedded, a batch at a time in a sync.
 */
final class PageWriter {
    private final LiveIndex live;
    /** What page events said about URLs that gave way, as of now (the index's table: replaced when it reopens). */
    private final Supplier<EventTable> events;
    private final DraftsFirst draftsFirst;
    private final Embedder embedder;
    private final String embedderId;
    private final int dimension;
    private final EmbedMode embedMode;
    private final IndexSettings options;
    /** The language of the pages of this sync that declare none ({@link Languages#site}); null until decided. */
    private String siteLanguage;
    /** The language most of the indexed pages are in ({@link Languages#most}); null until a page sent alone asks. */
    private String indexLanguage;

    PageWriter(LiveIndex live, Supplier<EventTable> events, DraftsFirst draftsFirst, Embedder embedder,
               String embedderId, int dimension, EmbedMode embedMode, IndexSettings options) {
        this.live = live;
        this.events = events;
        this.draftsFirst = draftsFirst;
        this.embedder = embedder == null || options.writeThreads() == 0 ? embedder
                : embedder.withThreads(options.writeThreads());
        this.embedderId = embedderId;
        this.dimension = dimension;
        this.embedMode = embedMode;
        this.options = options;
    }

    /**
     * As {@link PageIndex#sync(Iterable, boolean, Consumer, VectorSource)}, on a writable index. Batches are embedded
     * one ahead: while a batch's documents go into Lucene (and its vector graph) on this thread, the next batch's texts
     * are embedded on another, so neither the model's threads nor the writer wait for each other. The documents, their
     * order and the commits are as if it were done one batch after the other.
     */
    SyncReport sync(Iterable<PageRecord> pages, boolean removeMissing, Consumer<String> progress,
                    VectorSource imported) {
        Map<String, String> hashes = view(PageView::hashes);
        siteLanguage = null;
        indexLanguage = null;
        Set<String> seen = new HashSet<>();
        SyncCounts counts = new SyncCounts();
        long t0 = System.nanoTime();
        List<PageRecord> batch = new java.util.ArrayList<>();
        ExecutorService ahead = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "linker-index-embed");
            t.setDaemon(true);
            return t;
        });
        Batch pending = null;
        try {
            for (PageRecord r : pages) {
                if (!seen.add(r.url())) {
                    throw new LinkerException("duplicate page " + r.url() + " in one sync");
                }
                PageLimits.check(r);
                batch.add(events.get().applied(r));
                if (batch.size() == EMBED_BATCH) {
                    Batch next = prepare(batch, hashes, imported, ahead);
                    batch = new java.util.ArrayList<>();
                    if (pending != null) {
                        write(pending, counts, progress, t0);
                    }
                    pending = next;
                }
            }
            if (!batch.isEmpty()) {
                Batch next = prepare(batch, hashes, imported, ahead);
                if (pending != null) {
                    write(pending, counts, progress, t0);
                }
                pending = next;
            }
            if (pending != null) {
                write(pending, counts, progress, t0);
                pending = null;
            }
            int removed = 0;
            if (removeMissing) {
                for (String url : hashes.keySet()) {
                    if (!seen.contains(url)) {
                        live.liveWriter().deleteDocuments(new Term(Fields.URL, url));
                        removed++;
                    }
                }
            }
            live.commit();
            // Deleted copies keep counting in term statistics (and disk) until merged away.
            if (live.withSearcher(x -> x.getIndexReader().numDeletedDocs() > x.getIndexReader().maxDoc() / 10)) {
                live.liveWriter().forceMergeDeletes();
                live.commit();
            }
            return new SyncReport(counts.unchanged, counts.embedded, removed, counts.imported);
        } catch (IOException | RuntimeException e) {
            throw live.failed("write", e);
        } finally {
            if (pending != null && pending.embedding != null) {
                pending.embedding.cancel(true); // a failure: the batch ahead is not wanted
            }
            ahead.shutdown();
            try {
                // The embedder stays the caller's: nothing may still be using it once sync returns.
                ahead.awaitTermination(10, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What a sync has done so far: pages left as they were, embedded, written (all read), given an imported vector. */
    private static final class SyncCounts {
        int unchanged;
        int embedded;
        int written;
        int imported;
        long lastCommit = System.nanoTime();
    }

    /**
     * The least time between two commits of a sync (Solr's autoCommit default). A commit fsyncs, and every commit
     * ends a segment that merges must fold in again; at hundreds of pages a second, a commit every
     * {@link IndexSettings#commitEvery()} pages would be one a second. A killed sync loses at most this much.
     */
    static final long COMMIT_INTERVAL_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(15);

    /**
     * Pages embedded per call: lets HTTP embedders batch, and the local model spread the calls' text windows over its
     * threads (each window alone, batch size 1).
     */
    static final int EMBED_BATCH = 32;

    /** A batch of a sync: its pages, what each needs, and its texts' vectors on their way. */
    private static final class Batch {
        final List<PageRecord> pages;
        final float[][] vectors;
        final String[] hashes;
        final boolean[] skip;
        final List<Integer> todo = new java.util.ArrayList<>();
        int taken;
        Future<List<float[]>> embedding;

        Batch(List<PageRecord> pages) {
            this.pages = pages;
            this.vectors = new float[pages.size()][];
            this.hashes = new String[pages.size()];
            this.skip = new boolean[pages.size()];
        }
    }

    /**
     * Sorts a batch's pages into unchanged (skipped), keeping their stored vector, taking an imported one, and to
     * embed; the texts to embed go to {@code ahead}.
     */
    private Batch prepare(List<PageRecord> pages, Map<String, String> hashes, VectorSource imported,
                          ExecutorService ahead) {
        if (siteLanguage == null) { // the first batch decides, so a catalogue pays for detection once
            siteLanguage = Languages.site(pages);
        }
        pages.replaceAll(r -> Languages.resolve(r, siteLanguage));
        Batch b = new Batch(pages);
        for (int i = 0; i < pages.size(); i++) {
            PageRecord r = pages.get(i);
            b.hashes[i] = PageDocuments.storedHash(r);
            String old = hashes.get(r.url());
            if (b.hashes[i].equals(old)) {
                // Nothing changed at all: rewriting would only leave deleted copies that skew term statistics.
                b.skip[i] = true;
                continue;
            }
            if (old != null && PageDocuments.textHash(old).equals(PageDocuments.textHash(b.hashes[i]))) {
                b.vectors[i] = storedVector(r.url());
            }
            if (b.vectors[i] == null && imported != null) {
                b.vectors[i] = imported.vector(r.url(), PageDocuments.textHash(b.hashes[i]));
                if (b.vectors[i] != null) {
                    b.vectors[i] = checkVector(r, b.vectors[i]);
                    b.taken++;
                }
            }
            if (b.vectors[i] == null) {
                b.todo.add(i);
            }
        }
        if (!b.todo.isEmpty()) {
            List<String> texts = new java.util.ArrayList<>();
            for (int i : b.todo) {
                texts.add(embedText(pages.get(i)));
            }
            b.embedding = ahead.submit(() -> embedder.embedAll(texts));
        }
        return b;
    }

    /**
     * Waits for a batch's vectors and writes its changed pages; reports progress every
     * {@link IndexSettings#commitEvery()} pages, and commits then if the last commit is
     * {@link #COMMIT_INTERVAL_NANOS} old.
     */
    private void write(Batch b, SyncCounts counts, Consumer<String> progress, long t0) throws IOException {
        if (b.embedding != null) {
            List<float[]> got;
            try {
                got = b.embedding.get();
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Error error) {
                    throw error; // out of memory stays itself: the CLI says how to give the JVM more
                }
                throw new LinkerException("embedding failed for a batch starting at "
                        + b.pages.get(b.todo.get(0)).url() + ": " + cause.getMessage(), cause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LinkerException("interrupted while embedding a batch starting at "
                        + b.pages.get(b.todo.get(0)).url(), e);
            }
            for (int k = 0; k < b.todo.size(); k++) {
                b.vectors[b.todo.get(k)] = checkVector(b.pages.get(b.todo.get(k)), got.get(k));
            }
        }
        int before = counts.written;
        for (int i = 0; i < b.pages.size(); i++) {
            if (!b.skip[i]) {
                writeDocument(b.pages.get(i), b.hashes[i], b.vectors[i]);
            }
        }
        counts.unchanged += b.pages.size() - b.todo.size() - b.taken;
        counts.embedded += b.todo.size();
        counts.written += b.pages.size();
        counts.imported += b.taken;
        if (counts.written / options.commitEvery() > before / options.commitEvery()) {
            if (System.nanoTime() - counts.lastCommit >= COMMIT_INTERVAL_NANOS) {
                live.commit();
                counts.lastCommit = System.nanoTime();
            }
            if (progress != null) {
                double sec = (System.nanoTime() - t0) / 1e9;
                progress.accept(String.format(java.util.Locale.ROOT, "%d pages (%d embedded) in %.0f s, %.0f pages/s",
                        counts.written, counts.embedded, sec, counts.written / Math.max(sec, 1e-3)));
            }
        }
    }

    private String indexLanguage() {
        if (indexLanguage == null) {
            List<String> stored = new java.util.ArrayList<>();
            view(v -> {
                v.forEachStored(Set.of(Fields.LANGUAGE), d -> stored.add(Objects.toString(d.get(Fields.LANGUAGE), "")));
                return null;
            });
            indexLanguage = Languages.most(stored.stream());
        }
        return indexLanguage;
    }

    /** Writes a page's document, its words read in the page's language (the writer analyses in this thread). */
    private void writeDocument(PageRecord r, String hash, float[] vector) throws IOException {
        try (Tokens.Reading ignored = Tokens.readingAs(r.meta().language())) {
            live.liveWriter().updateDocument(new Term(Fields.URL, r.url()), PageDocuments.document(r, hash, vector));
        }
    }

    /** As {@link PageIndex#upsert}, on a writable index. */
    boolean upsert(PageRecord page) {
        return upsertAll(List.of(page), true) == 1;
    }

    /**
     * As {@link PageIndex#upsert} for each page of a batch (each URL at most once); returns how many had to be
     * embedded. What the index held of every page is read before the first is written, since a read after a write
     * refreshes the index's reader, and each refresh flushes a segment of its own. With {@code refresh} the pages are
     * seen by searches when this returns; without, at the next commit.
     */
    int upsertAll(List<PageRecord> pages, boolean refresh) {
        List<PageRecord> records = new java.util.ArrayList<>(pages.size());
        List<String> hashes = new java.util.ArrayList<>(pages.size());
        List<float[]> kept = new java.util.ArrayList<>(pages.size());
        for (PageRecord page : pages) {
            PageLimits.check(page);
            PageRecord r = events.get().withInherited(page);
            r = Languages.resolveAlone(r, this::indexLanguage);
            String hash = PageDocuments.storedHash(r);
            String old = storedHash(r.url());
            boolean sameText = old != null && PageDocuments.textHash(old).equals(PageDocuments.textHash(hash));
            records.add(r);
            hashes.add(hash);
            kept.add(sameText ? storedVector(r.url()) : null);
        }
        int embedded = 0;
        for (int i = 0; i < records.size(); i++) {
            live.writing(); // at each page: a stop (stopWrites) ends a long batch between two pages
            draftsFirst.beforeWrite();
            PageRecord r = records.get(i);
            float[] vector = kept.get(i);
            if (vector == null) {
                vector = embed(r);
                embedded++;
            }
            try {
                writeDocument(r, hashes.get(i), vector);
                if (refresh && i == records.size() - 1) {
                    live.refreshBlocking();
                }
            } catch (IOException | RuntimeException e) {
                throw live.failed("write", e);
            }
        }
        return embedded;
    }

    /** As {@link PageIndex#delete}, on a writable index. */
    void delete(String url) {
        try {
            live.writing();
            live.liveWriter().deleteDocuments(new Term(Fields.URL, url));
            live.refreshBlocking();
        } catch (IOException | RuntimeException e) {
            throw live.failed("write", e);
        }
    }

    private <T> T view(java.util.function.Function<PageView, T> f) {
        return live.withSearcher(s -> f.apply(new PageView(s)));
    }

    private float[] storedVector(String url) {
        return view(v -> {
            int doc = v.doc(url);
            return doc < 0 ? null : v.vector(doc);
        });
    }

    private String storedHash(String url) {
        return view(v -> {
            int doc = v.doc(url);
            return doc < 0 ? null : v.stored(doc, Set.of(Fields.HASH)).get(Fields.HASH);
        });
    }

    private float[] embed(PageRecord r) {
        float[] v;
        try {
            v = embedder.embed(embedText(r));
        } catch (LinkerException e) {
            throw new LinkerException(r.url() + ": " + e.getMessage(), e);
        }
        return checkVector(r, v);
    }

    private String embedText(PageRecord r) {
        return EmbedText.of(embedMode, r.url(), r.title(), r.h1(), r.body());
    }

    private float[] checkVector(PageRecord r, float[] v) {
        if (v == null || v.length != dimension) {
            throw new LinkerException("embedder " + embedderId + " returned " + (v == null ? "nothing" : v.length
                    + " dimensions") + " for " + r.url() + ", expected " + dimension);
        }
        return v;
    }
}
