package dev.linker.server.engine;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.score.ScoreComponents;
import dev.linker.index.DerivedLinks;
import dev.linker.index.DiskFullException;
import dev.linker.index.IndexCorruptException;
import dev.linker.index.LowPriority;
import dev.linker.index.PageIndex;
import dev.linker.index.PageInput;
import dev.linker.index.PageEvent;
import dev.linker.index.PageLimits;
import dev.linker.index.PageRecord;
import dev.linker.index.UnknownPageException;
import dev.linker.index.WritesStoppedException;
import dev.linker.index.suggest.DraftEmbedder;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Suggester;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link LinkerService} over a {@link PageIndex}. Suggestions come from the index module's one draft engine
 * ({@link DraftEngine}: masking, chunked embedding with the cache and small-edit reuse, ranking, anchors), the same
 * that {@code linker suggest --text-file} calls; this class maps its answers to the API's shape. Pages are written
 * here; lifecycle events are the index's own ({@link PageIndex#apply}), the same call {@code linker event} makes.
 */
public final class IndexService implements LinkerService {

    private final PageIndex index;
    private final DraftEngine engine;
    private final Object writeLock = new Object();
    /**
     * Where the writes run: one thread at a lower CPU priority than the drafts' ({@link LowPriority}), so a bulk sync
     * takes the cores the editors leave. Writes were one at a time before too.
     */
    private final ExecutorService writes = LowPriority.singleThread("linker-writes");
    /** Set once damage is found (checksums at start, or a failed read): health and suggestions report it. */
    private volatile IndexCorruptException damage;
    /** The last write's failure for want of disk space (null once a write succeeds again): health reports it. */
    private volatile DiskFullException diskFull;

    public IndexService(PageIndex index, int draftCacheEntries) {
        this(index, draftCacheEntries, 0);
    }

    /** {@code draftReuseWords}: see {@link DraftEmbedder} (0: every changed chunk is embedded). */
    public IndexService(PageIndex index, int draftCacheEntries, int draftReuseWords) {
        this(index, new Suggester(index, SuggestSettings.DEFAULT), draftCacheEntries, draftReuseWords);
    }

    public IndexService(PageIndex index, Suggester suggester, int draftCacheEntries) {
        this(index, suggester, draftCacheEntries, 0);
    }

    public IndexService(PageIndex index, Suggester suggester, int draftCacheEntries, int draftReuseWords) {
        this.index = index;
        this.engine = new DraftEngine(suggester, index.embedder() == null ? null
                : new DraftEmbedder(index.embedder(), draftCacheEntries, draftReuseWords));
        // A server runs for long: verify every checksum once (one sequential read of the index) and load what the
        // suggester needs, so a damaged index shows on the health route at once, not at some later request.
        try {
            index.verify();
            suggester.load();
        } catch (IndexCorruptException e) {
            damage = e;
        }
    }

    /** The damage found in the index, or null while it reads fine. */
    public IndexCorruptException damage() {
        return damage;
    }

    /** Runs a read of the index; a failure that turns out to be damage is remembered and reported as such. */
    private <T> T reading(java.util.function.Supplier<T> read) {
        IndexCorruptException known = damage;
        if (known != null) {
            throw known;
        }
        try {
            return read.get();
        } catch (RuntimeException e) {
            RuntimeException d = index.damaged(e);
            if (d instanceof IndexCorruptException c) {
                damage = c;
            }
            throw d;
        }
    }

    @Override
    public List<Suggestion> suggest(SuggestRequest request) {
        List<Suggestion> out = new ArrayList<>();
        for (dev.linker.index.suggest.Suggestion s : reading(() -> engine.suggest(request.draft()))) {
            out.add(suggestion(s));
        }
        return out;
    }

    @Override
    public List<InboundSuggestion> inbound(InboundRequest r) {
        List<dev.linker.index.suggest.Suggestion> found = reading(() -> {
            if (r.draft() != null) {
                return engine.inbound(r.draft(), r.options());
            }
            if (index.get(r.url()) == null) {
                throw new UnknownPageException("url", r.url());
            }
            return engine.suggester().inbound(r.url(), r.options());
        });
        List<InboundSuggestion> out = new ArrayList<>();
        for (dev.linker.index.suggest.Suggestion s : found) {
            out.add(new InboundSuggestion(s.url(), s.title(), place(s.anchor()), round(s.score()), reasons(s)));
        }
        return out;
    }

    /** One suggestion in the API's shape: where the link goes (or, with no phrase, where it fits) and why. */
    static Suggestion suggestion(dev.linker.index.suggest.Suggestion s) {
        return new Suggestion(s.url(), s.title(), place(s.anchor()), s.anchor().wording(), round(s.score()),
                reasons(s));
    }

    /** Where the anchor is, its sentence's white space folded. */
    private static Place place(Anchor a) {
        return new Place(a.phrase(), a.sentence().replaceAll("\\s+", " ").strip(), a.start(), a.end(),
                a.sentenceStart(), a.sentenceEnd());
    }

    /** Why a page was suggested: the anchor's rule and the score's components. */
    private static Map<String, Object> reasons(dev.linker.index.suggest.Suggestion s) {
        Anchor a = s.anchor();
        ScoreComponents c = s.components();
        Map<String, Object> reasons = new LinkedHashMap<>();
        reasons.put("anchor", a.rule().id());
        reasons.put("vector", round(c.vector()));
        reasons.put("lexical", round(c.lexical()));
        reasons.put("name", round(c.name()));
        reasons.put("authority", round(c.authority()));
        reasons.put("inboundDeficit", round(c.inboundDeficit()));
        reasons.put("linkDensity", round(c.linkDensity()));
        reasons.put("categoryDistance", round(c.categoryDistance()));
        return reasons;
    }

    private static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    @Override
    public Optional<Map<String, Object>> page(String url) {
        PageRecord r = reading(() -> index.get(url));
        if (r == null) {
            return Optional.empty();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", r.url());
        m.put("title", r.title());
        m.put("h1", r.h1());
        m.put("text", r.body());
        m.put("category", r.category());
        m.put("status", r.status().id());
        m.put("redirectTo", r.redirectTo());
        m.put("authority", r.authority());
        m.put("inbound", r.inbound());
        m.put("date", r.meta().published() == null ? null : r.meta().published().toString());
        m.put("language", r.meta().language().isEmpty() ? null : r.meta().language());
        List<Map<String, Object>> links = new ArrayList<>();
        for (dev.linker.core.model.Link l : r.written()) {
            Map<String, Object> link = new LinkedHashMap<>();
            link.put("href", l.href());
            link.put("anchor", l.anchorText());
            link.put("target", l.targetUrl());
            link.put("fragment", l.fragment());
            links.add(link);
        }
        m.put("links", links);
        return Optional.of(m);
    }

    @Override
    public UpsertResult upsert(List<PageInput> pages) {
        // All or nothing: every page is checked before the first is written.
        Set<String> batch = new java.util.HashSet<>();
        pages.forEach(p -> batch.add(p.url()));
        List<PageRecord> records = reading(() -> index.withView(v -> {
            List<PageRecord> out = new ArrayList<>();
            for (PageInput p : pages) { // links land on the pages of the batch or of the index
                out.add(p.toRecord(k -> batch.contains(k) || v.doc(k) >= 0));
            }
            // The pages' inbound counts and names, and those of the pages their links land on, follow the links.
            return DerivedLinks.apply(v, out);
        }));
        for (int i = 0; i < pages.size(); i++) {
            try {
                PageLimits.check(records.get(i));
            } catch (PageLimits.InvalidPageException e) {
                throw new PageLimits.InvalidPageException("pages[" + i + "]." + e.field(), e.getMessage());
            }
        }
        int embedded = writing(() -> {
            int n = index.putAll(records);
            index.commit();
            return n;
        });
        return new UpsertResult(pages.size(), embedded);
    }

    @Override
    public boolean delete(String url) {
        return writing(() -> {
            if (index.get(url) == null) {
                return false;
            }
            index.delete(url);
            index.commit();
            return true;
        });
    }

    @Override
    public void apply(EventInput e) {
        writing(() -> {
            PageRecord page = e.page() == null ? null : index.withView(v -> e.page().toRecord(k -> v.doc(k) >= 0));
            index.apply(new PageEvent(e.type(), e.url(), e.survivor(), page));
            return null;
        });
    }

    /**
     * Runs a write, one at a time. Acknowledged means committed and visible to the next request; until then no read
     * sees any of it. A write that fails leaves the index as its last commit; for want of disk space, that is
     * remembered (health says disk_full) until a write succeeds again.
     */
    private <T> T writing(java.util.function.Supplier<T> write) {
        return LowPriority.run(writes, () -> {
            synchronized (writeLock) {
                try {
                    T result = write.get();
                    diskFull = null;
                    return result;
                } catch (DiskFullException e) {
                    diskFull = e;
                    throw e;
                } catch (RuntimeException e) {
                    // A batch that failed half-way (an embedder that gave up, say): what it wrote goes, so the next
                    // write's commit cannot acknowledge it.
                    index.discard();
                    throw e;
                }
            }
        }, () -> stopped && System.nanoTime() - stoppedAt > STOP_ANSWER_MS * 1_000_000L
                ? new WritesStoppedException("the index") : null);
    }

    /** The last link report and the index version it is of. */
    private record Report(Object version, dev.linker.index.LinkReport report) {
    }

    private final AtomicReference<Report> report = new AtomicReference<>();

    @Override
    public dev.linker.index.LinkReport report() {
        return reading(() -> index.withView(v -> {
            Report last = report.get();
            if (last != null && last.version().equals(v.version())) {
                return last.report();
            }
            synchronized (report) { // one build at a time: a second request for the same version waits for it
                last = report.get();
                if (last == null || !last.version().equals(v.version())) {
                    last = new Report(v.version(), dev.linker.index.LinkReport.of(v));
                    report.set(last);
                }
                return last.report();
            }
        }));
    }

    @Override
    public Map<String, Object> health() {
        Map<String, Object> m = new LinkedHashMap<>();
        IndexCorruptException d = damage;
        DiskFullException full = diskFull;
        m.put("status", d != null ? "corrupt" : full != null ? "disk_full" : "ok");
        if (d != null || full != null) {
            m.put("error", (d != null ? d : full).getMessage());
        }
        m.put("pages", index.size());
        m.put("embedder", index.embedderId());
        m.put("dimension", index.dimension());
        if (d == null) {
            // What ranks needs the index's pages (their census), which a damaged index cannot give.
            m.put("ranker", ranker());
        }
        return m;
    }

    /** Which ranker suggestions use, and why (what {@code linker index} learned from the site's links). */
    private Map<String, Object> ranker() {
        Map<String, Object> m = new LinkedHashMap<>();
        LearnedRanker r = index.ranker();
        // What ranks the editor's drafts and the pages already indexed: "learned", "prior" or "weights" (Ranking).
        m.put("kind", engine.suggester().ranksDraftsBy());
        m.put("indexedPages", engine.suggester().ranksPagesBy());
        if (r == null) {
            m.put("reason", "not learned yet: run linker index on the site to learn from its links");
            return m;
        }
        m.put("reason", r.report().reason());
        LearnedRanker.Report.HeldOut held = r.report().heldOut();
        if (held.folds() > 0) {
            Map<String, Object> recall = new LinkedHashMap<>();
            recall.put("learned", held.learnedRecall());
            recall.put("weights", held.weightsRecall());
            if (held.priorRecall() > 0) {
                recall.put("prior", held.priorRecall());
            }
            m.put("heldOutRecallAt5", recall);
        }
        m.put("links", r.report().sample().links());
        m.put("pages", r.report().sample().sources());
        return m;
    }

    @Override
    public Map<String, Number> metrics() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("linker_pages", index.size());
        DraftEmbedder drafts = engine.embedder();
        m.put("linker_draft_chunks_embedded_total", drafts.embeddedCount());
        m.put("linker_draft_chunk_cache_hits_total", drafts.cacheHits());
        m.put("linker_draft_spans_embedded_total", drafts.spansEmbeddedCount());
        m.put("linker_draft_chunk_cache_entries", drafts.cacheSize());
        m.put("linker_draft_chunks_reused_total", drafts.reusedCount());
        m.put("linker_draft_reuse_drafts", drafts.reuseDrafts());
        m.put("linker_draft_reuse_chunks", drafts.reuseChunks());
        Suggester.SearchCounts memo = engine.suggester().searchCounts();
        m.put("linker_search_memo_vector_hits_total", memo.vectorHits());
        m.put("linker_search_vector_total", memo.vectorSearches());
        m.put("linker_search_memo_bm25_hits_total", memo.lexicalHits());
        m.put("linker_search_bm25_total", memo.lexicalSearches());
        Suggester.SnapshotCounts snaps = engine.suggester().snapshotCounts();
        m.put("linker_snapshot_loads_total", snaps.loads());
        m.put("linker_snapshot_last_load_seconds", snaps.lastLoadSeconds());
        m.put("linker_drafts_from_previous_snapshot_total", snaps.draftsFromPrevious());
        dev.linker.index.DraftsFirst.Held held = index.draftsFirst().held();
        m.put("linker_page_writes_held_for_drafts_total", held.writes());
        m.put("linker_page_writes_held_for_drafts_seconds_total", held.seconds());
        return m;
    }

    /** The draft embedder, for its counters. */
    public DraftEmbedder drafts() {
        return engine.embedder();
    }

    /** How long a write's client waits, once writes are stopped, before it is answered "stopping". */
    static final long STOP_ANSWER_MS = 3_000;
    /** Whether writes were stopped, and when ({@link System#nanoTime}). */
    private volatile boolean stopped;
    private volatile long stoppedAt;

    @Override
    public void stopWrites() {
        index.stopWrites(); // not under the write lock: the running batch holds it, and sees this at its next page
        stoppedAt = System.nanoTime();
        stopped = true;
    }

    @Override
    public void close() {
        try {
            synchronized (writeLock) {
                index.close(); // commits
            }
        } catch (DiskFullException e) {
            // Every acknowledged write was committed when it was answered, so a last commit that finds the disk full
            // loses nothing: the index is its last commit, and the stop is an ordinary one.
            diskFull = e;
        } finally {
            writes.shutdown();
        }
    }
}
