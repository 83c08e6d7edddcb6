package dev.linker.index;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex.Options;
import dev.linker.index.PageIndex.SyncReport;
import org.apache.lucene.index.Term;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes pages into a {@link PageIndex} (a sync of many, an upsert of one), embedding only what changed: a page whose
 * stored copy is the same is left alone, one whose text is the same keeps its vector, one an import holds a vector for
 * takes it; the rest are embedded, a batch at a time in a sync.
 */
final class PageWriter {
    private final PageIndex index;
    private final LiveIndex live;
    private final Embedder embedder;
    private final String embedderId;
    private final int dimension;
    private final EmbedMode embedMode;
    private final Options options;

    PageWriter(PageIndex index, LiveIndex live, Embedder embedder, String embedderId, int dimension,
               EmbedMode embedMode, Options options) {
        this.index = index;
        this.live = live;
        this.embedder = embedder;
        this.embedderId = embedderId;
        this.dimension = dimension;
        this.embedMode = embedMode;
        this.options = options;
    }

    /** As {@link PageIndex#sync(Iterable, boolean, Consumer, VectorSource)}, on a writable index. */
    SyncReport sync(Iterable<PageRecord> pages, boolean removeMissing, Consumer<String> progress,
                    VectorSource imported) {
        Map<String, String> hashes = index.storedHashes();
        Set<String> seen = new HashSet<>();
        SyncCounts counts = new SyncCounts();
        long t0 = System.nanoTime();
        List<PageRecord> batch = new java.util.ArrayList<>();
        try {
            for (PageRecord r : pages) {
                if (!seen.add(r.url())) {
                    throw new LinkerException("duplicate page " + r.url() + " in one sync");
                }
                PageLimits.check(r);
                // A source knows nothing of page events: what they said (a page merged away, the names it handed
                // to its survivor) outlives a re-index.
                EventTable events = index.events();
                batch.add(events.withInherited(events.withEventStatus(r)));
                if (batch.size() == EMBED_BATCH) {
                    writeBatch(batch, hashes, counts, progress, t0, imported);
                }
            }
            writeBatch(batch, hashes, counts, progress, t0, imported);
            int removed = 0;
            if (removeMissing) {
                for (String url : hashes.keySet()) {
                    if (!seen.contains(url)) {
                        live.liveWriter().deleteDocuments(new Term(Fields.URL, url));
                        removed++;
                    }
                }
            }
            index.commit();
            // Deleted copies keep counting in term statistics (and disk) until merged away.
            if (live.withSearcher(x -> x.getIndexReader().numDeletedDocs() > x.getIndexReader().maxDoc() / 10)) {
                live.liveWriter().forceMergeDeletes();
                index.commit();
            }
            return new SyncReport(counts.unchanged, counts.embedded, removed, counts.imported);
        } catch (IOException | RuntimeException e) {
            throw live.failed("write", e);
        }
    }

    /** What a sync has done so far: pages left as they were, embedded, written (all read), given an imported vector. */
    private static final class SyncCounts {
        int unchanged;
        int embedded;
        int written;
        int imported;
    }

    /** Pages embedded per call: lets HTTP embedders batch; the local model runs them one by one anyway. */
    static final int EMBED_BATCH = 32;

    private void writeBatch(List<PageRecord> batch, Map<String, String> hashes, SyncCounts counts,
                            Consumer<String> progress, long t0, VectorSource imported) throws IOException {
        if (batch.isEmpty()) {
            return;
        }
        float[][] vectors = new float[batch.size()][];
        int taken = 0;
        String[] hs = new String[batch.size()];
        List<Integer> todo = new java.util.ArrayList<>();
        boolean[] skip = new boolean[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            PageRecord r = batch.get(i);
            hs[i] = PageDocuments.storedHash(r);
            String old = hashes.get(r.url());
            if (hs[i].equals(old)) {
                // Nothing changed at all: rewriting would only leave deleted copies that skew term statistics.
                skip[i] = true;
                continue;
            }
            if (old != null && PageDocuments.textHash(old).equals(PageDocuments.textHash(hs[i]))) {
                vectors[i] = index.storedVector(r.url());
            }
            if (vectors[i] == null && imported != null) {
                vectors[i] = imported.vector(r.url(), PageDocuments.textHash(hs[i]));
                if (vectors[i] != null) {
                    vectors[i] = checkVector(r, vectors[i]);
                    taken++;
                }
            }
            if (vectors[i] == null) {
                todo.add(i);
            }
        }
        if (!todo.isEmpty()) {
            List<String> texts = new java.util.ArrayList<>();
            for (int i : todo) {
                texts.add(embedText(batch.get(i)));
            }
            List<float[]> got;
            try {
                got = embedder.embedAll(texts);
            } catch (RuntimeException e) {
                throw new LinkerException("embedding failed for a batch starting at " + batch.get(todo.get(0)).url()
                        + ": " + e.getMessage(), e);
            }
            for (int k = 0; k < todo.size(); k++) {
                vectors[todo.get(k)] = checkVector(batch.get(todo.get(k)), got.get(k));
            }
        }
        int before = counts.written;
        for (int i = 0; i < batch.size(); i++) {
            if (!skip[i]) {
                live.liveWriter().updateDocument(new Term(Fields.URL, batch.get(i).url()),
                        PageDocuments.document(batch.get(i), hs[i], vectors[i]));
            }
        }
        counts.unchanged += batch.size() - todo.size() - taken;
        counts.embedded += todo.size();
        counts.written += batch.size();
        counts.imported += taken;
        batch.clear();
        if (counts.written / options.commitEvery() > before / options.commitEvery()) {
            index.commit();
            if (progress != null) {
                double sec = (System.nanoTime() - t0) / 1e9;
                progress.accept(String.format(java.util.Locale.ROOT, "%d pages (%d embedded) in %.0f s",
                        counts.written, counts.embedded, sec));
            }
        }
    }

    /** As {@link PageIndex#upsert}, on a writable index. */
    boolean upsert(PageRecord page) {
        PageLimits.check(page);
        PageRecord r = index.events().withInherited(page);
        String hash = PageDocuments.storedHash(r);
        float[] vector = null;
        String old = storedHash(r.url());
        if (old != null && PageDocuments.textHash(old).equals(PageDocuments.textHash(hash))) {
            vector = index.storedVector(r.url());
        }
        boolean embedded = vector == null;
        if (embedded) {
            vector = embed(r);
        }
        try {
            live.liveWriter().updateDocument(new Term(Fields.URL, r.url()), PageDocuments.document(r, hash, vector));
            live.refreshBlocking();
        } catch (IOException | RuntimeException e) {
            throw live.failed("write", e);
        }
        return embedded;
    }

    /** As {@link PageIndex#delete}, on a writable index. */
    void delete(String url) {
        try {
            live.liveWriter().deleteDocuments(new Term(Fields.URL, url));
            live.refreshBlocking();
        } catch (IOException | RuntimeException e) {
            throw live.failed("write", e);
        }
    }

    private String storedHash(String url) {
        return index.withView(v -> {
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
