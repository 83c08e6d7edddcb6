package dev.linker.index;

import dev.linker.core.result.LinkerException;
import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.Embedder;
import dev.linker.index.rank.LearnedRanker;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;

import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The Lucene index of a site's pages: BM25 text fields and an HNSW vector per page, keyed on URL.
 *
 * <p>One {@link IndexWriter} per process, near-real-time search through a {@link SearcherManager}, commits after
 * batches and on close. Lucene commits are atomic, so a killed process leaves the last commit readable. The
 * embedder's id and dimension are stored in the commit data; opening the index with another embedder is an error
 * rather than a silent mix of incomparable vectors.
 *
 * <p>A facade over package-private parts: {@code IndexFolder} opens an index, {@code LiveIndex} keeps its writer,
 * searchers and commits, {@code PageWriter} writes pages with their vectors, {@code PageEvents} applies page events,
 * {@code PageDocuments} turns a page into a Lucene document and back, {@code IndexCodecs} sets how it is written.
 */
public final class PageIndex implements Closeable {
    /** The opener of an index, given this class's constructor and opening's last step: it need not name this class. */
    private static final IndexFolder<PageIndex> FOLDER = new IndexFolder<>(PageIndex::new, PageIndex::opened);

    private final String where;
    private final LiveIndex live;
    private final PageWriter writes;
    /** What opening found and did about it (an index stopped before its first commit, cleared), or null. */
    private String openNote;
    private final Embedder embedder;
    private final DraftsFirst draftsFirst = new DraftsFirst();
    private final String embedderId;
    private final int dimension;
    private final EmbedMode embedMode;
    private final VectorFormat format;
    private Embedder ownedEmbedder;
    /** What page events said about URLs that gave way; written with every commit. */
    private EventTable events = new EventTable();
    /** What the index learned from its site's links (null: nothing yet); written with every commit. */
    private volatile LearnedRanker ranker;

    PageIndex(String where, Directory dir, IndexWriter writer, SearcherManager searchers, Embedder embedder,
              String embedderId, int dimension, EmbedMode embedMode, VectorFormat format, IndexSettings options) {
        this.where = where;
        this.live = new LiveIndex(where, dir, writer, searchers, format, options, this::commitData, this::takeBack);
        this.embedder = embedder;
        this.embedderId = embedderId;
        this.dimension = dimension;
        this.embedMode = embedMode;
        this.format = format;
        this.writes = new PageWriter(live, this::events, draftsFirst, embedder, embedderId, dimension, embedMode,
                options);
    }

    /**
     * Opens (or creates) a writable index in {@code dir} with the bundled embedder it was built with (the local model
     * for a new index), which the index then owns and closes. An index built with an endpoint's embedder must be
     * opened with {@link #open(Path, Embedder, IndexSettings)}.
     */
    public static PageIndex open(Path dir) {
        String recorded = Files.isDirectory(dir) ? recordedEmbedder(dir) : null;
        Embedder local = dev.linker.core.embed.Embedders.bundled(recorded, 0);
        if (local == null) {
            throw new LinkerException(dir + ": index was built with embedder " + recorded
                    + "; open it with that embedder");
        }
        try {
            PageIndex idx = open(dir, local, IndexSettings.DEFAULT);
            idx.ownedEmbedder = local;
            return idx;
        } catch (RuntimeException e) {
            local.close();
            throw e;
        }
    }

    /** A fresh in-memory index with default options. */
    public static PageIndex inMemory(Embedder embedder) {
        return inMemory(embedder, IndexSettings.DEFAULT);
    }

    /** Opens (or creates) a writable index in {@code dir}. */
    public static PageIndex open(Path dir, Embedder embedder, IndexSettings options) {
        return FOLDER.open(dir, embedder, options);
    }

    /**
     * Opens an index that exists, writable, with the embed mode it was built with (a page event writes a page or two:
     * it must neither create an index nor change its recipe). No index at {@code dir} is a {@link LinkerException}.
     */
    public static PageIndex openExisting(Path dir, Embedder embedder) {
        return FOLDER.openExisting(dir, embedder);
    }

    /**
     * Opens (or creates) a writable index over a Lucene {@link Directory} of the caller's (fault tests wrap one); the
     * index closes it. {@code where} names it in messages.
     */
    public static PageIndex open(Directory directory, String where, Embedder embedder, IndexSettings options) {
        return FOLDER.open(directory, where, embedder, options);
    }

    /** A fresh index in memory, for tests and one-off evaluations. */
    public static PageIndex inMemory(Embedder embedder, IndexSettings options) {
        return FOLDER.inMemory(embedder, options);
    }

    /**
     * Opens an existing index for searching only (no write lock: a server may hold the writer). {@code embedder} may
     * be null when only stored vectors are needed; when given it must match the one the index was built with.
     */
    public static PageIndex openReadOnly(Path dir, Embedder embedder) {
        return FOLDER.openReadOnly(dir, embedder);
    }

    /** Whether {@code dir} holds an index with at least one commit (an emptied index counts; a new folder not). */
    public static boolean exists(Path dir) {
        return IndexFolder.exists(dir);
    }

    /** The embedder id recorded in the index at {@code dir}, or null when there is no index. */
    public static String recordedEmbedder(Path dir) {
        return IndexFolder.recordedEmbedder(dir);
    }

    /**
     * What opening found and did about it, for the command to say: a folder holding an index stopped before its
     * first commit was cleared. Null when there was nothing to say.
     */
    public String openNote() {
        return openNote;
    }

    /**
     * Opening's last step ({@link IndexFolder}): a note for the command to say (or null), whether the folder awaits its
     * first commit, and what the last commit recorded beside the pages (null: none). A read-only index takes back
     * the same (its events, to tell whether it is up to date: {@link IndexDifference}), and writes nothing.
     */
    void opened(String note, boolean firstCommitPending, Map<String, String> committed) {
        openNote = note;
        if (!live.writable()) {
            takeBack(committed);
            return;
        }
        live.firstCommitPending(firstCommitPending);
        if (committed != null) {
            takeBack(committed);
        }
        live.recordCommitData();
    }

    /** What page events said about URLs that gave way, as of now (a reopened writer takes the last commit's back). */
    EventTable events() {
        return events;
    }

    /** Takes back what a commit recorded beside the pages: the page events' table and the learned ranker. */
    private void takeBack(Map<String, String> committed) {
        events = EventTable.decode(committed.get(Fields.DATA_EVENTS), where);
        ranker = LearnedRanker.recorded(committed.get(Fields.DATA_RANKER));
    }

    /** What each commit records beside the pages: the embedder and recipe, the page events, the learned ranker. */
    private Map<String, String> commitData() {
        Map<String, String> data = new HashMap<>(Map.of(
                Fields.DATA_EMBEDDER, embedderId,
                Fields.DATA_DIMENSION, Integer.toString(dimension),
                Fields.DATA_EMBED, embedMode.id(),
                Fields.DATA_FORMAT, format.name().toLowerCase(java.util.Locale.ROOT)));
        if (!events.isEmpty()) {
            data.put(Fields.DATA_EVENTS, events.encode());
        }
        LearnedRanker r = ranker;
        if (r != null) {
            data.put(Fields.DATA_RANKER, r.encode());
        }
        return data;
    }

    /** What this index learned from its site's own links, or null when it has not learned yet. */
    public LearnedRanker ranker() {
        return ranker;
    }

    /** Keeps {@code r} as this index's learned ranker (null: none) and commits it. */
    public void setRanker(LearnedRanker r) {
        requireWriter();
        ranker = r;
        commit();
    }

    public String where() {
        return where;
    }

    public String embedderId() {
        return embedderId;
    }

    public int dimension() {
        return dimension;
    }

    public EmbedMode embedMode() {
        return embedMode;
    }

    public VectorFormat vectorFormat() {
        return format;
    }

    /** What holds page writes back while an editor's draft is being answered. */
    public DraftsFirst draftsFirst() {
        return draftsFirst;
    }

    /** The embedder, or null for a read-only index opened without one. */
    public Embedder embedder() {
        return embedder;
    }

    public boolean writable() {
        return live.writable();
    }

    /**
     * Makes the index hold exactly {@code pages} (when {@code removeMissing}) or adds/updates them: pages whose
     * content hash is unchanged keep their vector, the others are embedded. Commits every
     * {@link Options#commitEvery()} pages, at most once in 15 seconds, and at the end.
     */
    public SyncReport sync(Iterable<PageRecord> pages, boolean removeMissing, Consumer<String> progress) {
        return sync(pages, removeMissing, progress, null);
    }

    /**
     * As {@link #sync(Iterable, boolean, Consumer)}, taking a page's vector from {@code imported} (when not null)
     * where it holds one made from the page's present text, instead of embedding the page.
     */
    public SyncReport sync(Iterable<PageRecord> pages, boolean removeMissing, Consumer<String> progress,
                           VectorSource imported) {
        requireWriter();
        return writes.sync(pages, removeMissing, progress, imported);
    }

    /** Adds or replaces one page; returns true when it had to be embedded. Visible to search after refresh. */
    public boolean upsert(PageRecord page) {
        requireWriter();
        return writes.upsert(page);
    }

    /**
     * Writes a page as the site now holds it (an API's {@code PUT}, a created or updated event): as {@link #upsert},
     * and when it is live, what earlier events said of its URL (killed, merged, redirected) is forgotten, so a later
     * sync does not take it back. Returns true when it had to be embedded.
     */
    public boolean put(PageRecord page) {
        boolean embedded = upsert(page);
        if (page.status() == Status.LIVE) {
            events.remove(page.url());
        }
        return embedded;
    }

    /**
     * {@link #put} for each page of a batch (each URL at most once), seen by searches from the next {@link #commit}.
     * What the index held of the pages is read before the first is written: pages put one by one each refreshed the
     * reader, and each refresh flushes a segment of its own (a 50-page batch made 50 segments for merges to undo, and
     * as many readers). Every page is read against the events as they were before the batch, and
     * what they said of the live pages' URLs is forgotten once all are written. Returns how many had to be embedded.
     */
    public int putAll(List<PageRecord> pages) {
        requireWriter();
        int embedded = writes.upsertAll(pages, false);
        for (PageRecord page : pages) {
            if (page.status() == Status.LIVE) {
                events.remove(page.url());
            }
        }
        return embedded;
    }

    public void delete(String url) {
        requireWriter();
        writes.delete(url);
    }

    /**
     * Applies a page lifecycle event and commits; visible to search when this returns. Created/updated: the page (when
     * given) is written, else the indexed page becomes live again; either way what earlier events said of the URL is
     * forgotten. Merged/redirected: the page stays, marked so (not suggested), and hands its survivor its title, H1
     * and the anchors other pages used for it as names, and its inbound links; the survivor keeps them through
     * re-indexing, and gets them when it is indexed later. Killed: the page stays, marked killed. Events are
     * reversible by a created or updated event.
     *
     * @throws PageLimits.InvalidPageException an event that does not hold together, naming the field at fault
     *                                         ({@code url}, {@code survivor}, {@code page}, {@code page.title} …)
     * @throws UnknownPageException            the event names a page the index does not hold (field {@code url})
     */
    public void apply(PageEvent e) {
        requireWriter();
        PageEvents.apply(e, this::get, this::upsert, this::events, this::commit);
    }

    /** Marks a page merged/redirected/killed (it stays, so the event is reversible) or live again. */
    public void setStatus(String url, Status status, String redirectTo) {
        PageRecord r = get(url);
        if (r == null) {
            throw new LinkerException("unknown page " + url + " in index " + where);
        }
        upsert(r.withStatus(status, redirectTo));
    }

    /** Blocks until background segment merges are done (benchmarks; a quiet moment after a large sync). */
    public void waitForMerges() {
        requireWriter();
        live.waitForMerges();
    }

    /**
     * Merges the index into one segment and commits: vector and text searches then visit one HNSW graph and one
     * term dictionary instead of one per segment (measured at 1M pages: HNSW p99 8.8 → 0.7 ms, a plan 6.9 → 1.1 ms
     * per donor). Worth it for an index read far more than written — before a large plan, or a server's index after
     * a bulk load; took 95 s at 1M pages and needs free disk space the size of the index while it runs.
     */
    public void optimize() {
        requireWriter();
        live.forceMerge();
    }

    /** Number of index segments (each is searched separately). */
    public int segments() {
        return live.withSearcher(s -> s.getIndexReader().leaves().size());
    }

    /**
     * Commits, and makes what was written visible to the next search from any thread (read-your-writes). A commit that
     * fails leaves the index as its last commit: what was written since is dropped, never committed later.
     */
    public void commit() {
        live.commit();
    }

    /**
     * Refuses writes from now on: a batch being written stops at its next page with {@link WritesStoppedException}
     * (its writer then {@link #discard}s it). How a server stops within its grace whatever the batch's size.
     */
    public void stopWrites() {
        live.stopWrites();
    }

    /** Takes back everything written since the last commit (a batch that failed half-way); no read ever saw it. */
    public void discard() {
        requireWriter();
        live.discard();
    }

    /**
     * What a failure while reading the index means: an {@link IndexCorruptException} when the index's checksums do
     * not verify (a flipped byte surfaces as anything from a bad offset to an out-of-bounds index), else {@code e}
     * itself. Reads every file of the index, so call it on failure, not on every request.
     */
    public RuntimeException damaged(RuntimeException e) {
        return live.damaged(e);
    }

    /** Verifies the checksums of every file of the current index; throws {@link IndexCorruptException}. */
    public void verify() {
        live.verify();
    }

    /** Runs {@code f} on the index as it is now ({@link PageView}), released afterwards. */
    public <T> T withView(Function<PageView, T> f) {
        return live.withSearcher(s -> f.apply(new PageView(s)));
    }

    public int size() {
        return live.withSearcher(s -> s.getIndexReader().numDocs());
    }

    public PageRecord get(String url) {
        return withView(v -> {
            int doc = v.doc(url);
            return doc < 0 ? null : v.record(doc);
        });
    }

    /** The stored vector of a page, or null. */
    public float[] storedVector(String url) {
        return withView(v -> {
            int doc = v.doc(url);
            return doc < 0 ? null : v.vector(doc);
        });
    }

    /** Every page in the index (one version of it), with the stored {@code fields} ({@link Fields}) read. */
    public void forEachStored(Set<String> fields, java.util.function.Consumer<StoredPage> f) {
        withView(v -> {
            v.forEachStored(fields, f);
            return null;
        });
    }

    /** URLs of the indexed pages (only live ones when {@code liveOnly}), sorted. */
    public List<String> urls(boolean liveOnly) {
        return withView(v -> v.urls(liveOnly));
    }

    /** URL → content hash of every page in the index. */
    public Map<String, String> storedHashes() {
        return withView(PageView::hashes);
    }

    /** A date as the {@link Fields#PUBLISHED_DAY} point holds it. */
    public static int day(LocalDate date) {
        return PageDocuments.day(date);
    }

    private void requireWriter() {
        live.liveWriter();
    }

    /**
     * Runs {@code r} when the index closes, before its readers and files are: for what keeps a reader open past its
     * view (the suggester's snapshot while it serves drafts).
     */
    public void onClose(Runnable r) {
        live.onClose(r);
    }

    @Override
    public void close() {
        live.close(ownedEmbedder);
    }
}
