package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.index.PageIndex;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.TreeModel;
import org.apache.lucene.search.IndexSearcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Top-N pages to link to from a page, a draft or a query: the facade over the suggestion stages, which flow one way
 * and share a small model ({@link Source}, {@link Candidate}, {@link SiteSnapshot}).
 *
 * <ol>
 *   <li>{@link Retrieval}: candidates from HNSW over page embeddings (topic), BM25 over the text with site-common
 *   words dropped (shared rare terms), the names the text mentions (the strongest single signal, and where an editor
 *   would place the link) and SERP results where configured;</li>
 *   <li>{@link Ranker}: the pages the source may link to ({@link TargetFilter}: live, not itself nor a page it links
 *   to, exclusions, safety classes, category and date bounds), every score component, ordered by the weights or
 *   re-ranked by the ranker the index learned ({@link Ranking});</li>
 *   <li>{@link Anchoring}: the phrase and sentence of the source where each link goes.</li>
 * </ol>
 * A plan runs the same stages per donor, among its acceptors only ({@link PlanPass}).
 */
public final class Suggester {
    private final PageIndex index;
    private final SuggestSettings settings;
    private final Snapshots snapshots;
    private final SearchMemo.Counters counters;
    /** Embeds candidate anchor spans (the semantic rule); the draft engine gives one with its vector cache. */
    private final Function<List<String>, List<float[]>> spanEmbedder;
    private final Retrieval retrieval;
    private final Ranker ranker;
    private final Anchoring anchoring;
    private final Inbound inbound;

    public Suggester(PageIndex index, SuggestSettings settings) {
        this(index, settings, new SearchMemo.Counters(), null, new Snapshots(index));
    }

    /** With drafts answered from the last snapshot on sites of {@code freshMaxPages} or more (see {@link Snapshots}). */
    Suggester(PageIndex index, SuggestSettings settings, int freshMaxPages) {
        this(index, settings, new SearchMemo.Counters(), null, new Snapshots(index, freshMaxPages));
    }

    private Suggester(PageIndex index, SuggestSettings settings, SearchMemo.Counters counters,
                      Function<List<String>, List<float[]>> spanEmbedder, Snapshots snapshots) {
        settings.ranking().check(index.ranker(), index.where());
        this.index = index;
        this.snapshots = snapshots;
        this.settings = settings;
        this.counters = counters;
        this.retrieval = new Retrieval(settings, counters);
        this.ranker = new Ranker(settings, retrieval);
        this.spanEmbedder = spanEmbedder != null ? spanEmbedder
                : index.embedder() == null ? null : index.embedder()::embedAll;
        this.anchoring = new Anchoring(settings, this.spanEmbedder);
        this.inbound = new Inbound(settings, retrieval, ranker, anchoring, index.where());
    }

    /**
     * Searches answered from the memo of recent searches (same query, same index version) and searches run, over a
     * suggester's lifetime.
     */
    public record SearchCounts(long vectorHits, long vectorSearches, long lexicalHits, long lexicalSearches) {
    }

    public SearchCounts searchCounts() {
        return new SearchCounts(counters.vectorHits.sum(), counters.vectorSearches.sum(), counters.lexicalHits.sum(),
                counters.lexicalSearches.sum());
    }

    /**
     * The site snapshots this suggester (and those derived from it) loaded, how long the last load took, and the drafts
     * answered from a snapshot older than the index while the next one loaded ({@link Snapshots}).
     */
    public record SnapshotCounts(long loads, double lastLoadSeconds, long draftsFromPrevious) {
    }

    public SnapshotCounts snapshotCounts() {
        return new SnapshotCounts(snapshots.loads.sum(), snapshots.lastLoadSeconds(), snapshots.fromPrevious.sum());
    }

    public SuggestSettings settings() {
        return settings;
    }

    public Suggester with(SuggestSettings s) {
        return new Suggester(index, s, counters, spanEmbedder, snapshots);
    }

    /** This suggester embedding candidate anchor spans with {@code embedder} (e.g. one with a cache). */
    public Suggester withSpanEmbedder(Function<List<String>, List<float[]>> embedder) {
        return new Suggester(index, settings, counters, embedder, snapshots);
    }

    /** The index this suggester reads. */
    public PageIndex index() {
        return index;
    }

    /** What ranks indexed pages: "learned", "prior" or "weights" ({@link Ranking}). */
    public String ranksPagesBy() {
        return snapshots.latest(snap -> by(model(snap)));
    }

    /** What ranks drafts (the editor, {@code suggest --text-file}, briefs' queries): as {@link #ranksPagesBy}. */
    public String ranksDraftsBy() {
        return snapshots.latest(snap -> by(draftModel(snap)));
    }

    /** The site's live content pages and how many are dated: whether the prior serves it ({@link Prior.Census}). */
    public Prior.Census census() {
        return snapshots.latest(SiteSnapshot::census);
    }

    private String by(TreeModel m) {
        return m == null ? "weights" : Prior.bundled() != null && m == Prior.bundled().model() ? "prior" : "learned";
    }

    /**
     * Reads now what the suggester knows of every page, as the first request would: a damaged index fails here with
     * {@link dev.linker.index.IndexCorruptException} rather than in the middle of serving.
     */
    public void load() {
        snapshots.latest(snap -> snap);
    }

    /** Suggestions for an indexed page. */
    public List<Suggestion> forUrl(String url, int limit) {
        return forUrl(url, limit, false);
    }

    /**
     * Suggestions for an indexed page; {@code hideOwnLinks} makes the page's existing links invisible (they are
     * neither filtered out nor used as names or inbound counts), as evaluation needs.
     */
    public List<Suggestion> forUrl(String url, int limit, boolean hideOwnLinks) {
        return candidates(url, hideOwnLinks, null, limit, true);
    }

    /** Suggestions for a text that may not be indexed (a draft); embedded with the index's embedder. */
    public List<Suggestion> forDraft(Draft d, int limit) {
        return forDraft(d, embed(d.title() + "\n" + d.text()), limit);
    }

    /**
     * As {@link #forDraft(Draft, int)}, with the draft's unit vector computed by the caller (the server builds it
     * from cached paragraph vectors so a keystroke does not re-embed the whole draft); null means no vector.
     */
    public List<Suggestion> forDraft(Draft d, float[] vector, int limit) {
        // While the index is being written, a large site's draft may be answered from the snapshot before the last
        // write (Snapshots#serving): the editor does not wait for a bulk sync.
        return snapshots.serving(snap ->
                // Drafts rank as Ranking#draftModel says.
                suggest(snap, Source.draft(d, vector, snap.linkedFrom(d), snap.language(d)), true,
                        new Ranker.Wanted(limit, null, false, draftModel(snap))));
    }

    /** Pages for a search query (no source page: no link filters, no density). */
    public List<Suggestion> forQuery(String query, int limit) {
        return forDraft(Draft.of("", query), limit);
    }

    /**
     * Every candidate for an indexed page with its score components, best first: what tuning re-ranks under other
     * weights, and what plans pick from.
     *
     * @param onlyTargets when not null, only these URLs are candidates (a plan's acceptors)
     */
    public List<Suggestion> candidates(String url, boolean hideOwnLinks, Set<String> onlyTargets, int limit,
                                       boolean withAnchors) {
        return snapshots.latest(snap -> suggest(snap, source(snap, url, hideOwnLinks), withAnchors,
                new Ranker.Wanted(limit, onlyTargets, false, model(snap))));
    }

    /** A candidate with the signals a learned ranker sees ({@link dev.linker.index.rank.RankFeatures}). */
    public record Scored(Suggestion suggestion, float[] features) {
    }

    /**
     * Every candidate for an indexed page, best first by the weights, with its features: what a learned ranker trains
     * on. With {@code hideOwnLinks} the page's links feed none of its rows (as in evaluation).
     */
    public List<Scored> scored(String url, boolean hideOwnLinks) {
        return snapshots.latest(snap -> scored(snap, source(snap, url, hideOwnLinks)));
    }

    /**
     * As {@link #scored(String, boolean)}, for the page cut to its title and opening — about {@code words} words, to the
     * end of the block they end in — embedded anew and with no address or date: what a draft of it looks like while it
     * is written. Its own links are hidden as there; the page itself is a candidate.
     */
    public List<Scored> scoredOpening(String url, int words) {
        return scoredOpening(url, words, index.embedder());
    }

    /** As above, the opening embedded by {@code embedder}: the index's, or one that keeps vectors it made before. */
    public List<Scored> scoredOpening(String url, int words, Embedder embedder) {
        return snapshots.latest(snap -> scored(snap, source(snap, url, true).opening(words, t -> embed(embedder, t))));
    }

    private List<Scored> scored(SiteSnapshot snap, Source src) {
        List<Scored> scored = new ArrayList<>();
        for (Suggestion sg : suggest(snap, src, false,
                new Ranker.Wanted(Integer.MAX_VALUE, null, true, null))) {
            scored.add(new Scored(sg, sg.features()));
        }
        return scored;
    }

    /**
     * Where an indexed page would link to a page that is not in the index yet — a planned article, described by its
     * name (title) and what it is about (e.g. its target query): by the same rules as every other anchor, the page's
     * existing links, headings and code left alone.
     */
    public Anchor placeFor(String sourceUrl, String targetName, String targetAbout) {
        return snapshots.latest(snap -> anchoring.placeFor(snap, snap.indexed(sourceUrl, index.where()), targetName,
                targetAbout, embed(targetName + "\n" + targetAbout)));
    }

    /**
     * The existing pages that should link to an indexed page, best first, each with the phrase of its text to link and
     * the sentence: see {@link Inbound}.
     */
    public List<Suggestion> inbound(String url, Inbound.Options o) {
        return snapshots.latest(snap -> inbound.forPage(snap, url, o, model(snap)));
    }

    /**
     * The existing pages that should link to a draft or a planned article at {@code target} (null: no address yet),
     * which pages linking to already are left out: {@code name} is what it is called, {@code about} what it is about
     * (a query, its opening). The draft's own links do not matter: a page it links to may link back.
     */
    public List<Suggestion> inbound(Draft d, String target, String name, String about, Inbound.Options o) {
        float[] vector = embed(d.title() + "\n" + d.text());
        float[] aboutVector = embed(name + "\n" + about);
        Draft topic = d.withLinks(Set.of());
        return snapshots.latest(snap -> inbound.forDraft(snap, Source.draft(topic, vector, snap.linkedFrom(topic),
                snap.language(topic)), target, name, about, aboutVector, o, draftModel(snap)));
    }

    /**
     * Runs {@code f} with the candidate pass of a link plan over one index version: cheaper per donor than
     * {@link #candidates}, see {@link PlanPass}.
     */
    public <T> T planPass(Set<String> acceptors, Function<PlanPass, T> f) {
        return snapshots.latest(snap -> f.apply(new PlanPass(snap.searcher(), snap, acceptors,
                settings.targets().hubTargets(), retrieval, ranker, anchoring, model(snap), index.where())));
    }

    /** The model indexed pages rank by, or null for the weights. */
    private TreeModel model(SiteSnapshot snap) {
        return settings.ranking().model(index.ranker(), snap.census().priorServes());
    }

    /** The model drafts rank by, or null for the weights. */
    private TreeModel draftModel(SiteSnapshot snap) {
        return settings.ranking().draftModel(index.ranker(), snap.census().priorServes());
    }

    private float[] embed(String text) {
        return embed(index.embedder(), text);
    }

    private static float[] embed(Embedder embedder, String text) {
        return embedder == null || text.isBlank() ? null : embedder.embed(EmbedText.clip(text));
    }

    /** An indexed page as a source; with {@code hideOwnLinks} its links are hidden, its authority share too. */
    private Source source(SiteSnapshot snap, String url, boolean hideOwnLinks) {
        Source src = snap.page(url, hideOwnLinks, index.where());
        return hideOwnLinks && settings.weights().authority() != 0
                ? src.withAuthority(snap.withoutLinksOf(snap.doc(url))) : src;
    }

    /** The stages in turn: retrieve, rank, anchor; the words read in the source's language. */
    private List<Suggestion> suggest(SiteSnapshot snap, Source src, boolean withAnchors, Ranker.Wanted want) {
        IndexSearcher s = snap.searcher();
        try (Tokens.Reading ignored = Tokens.readingAs(src.language())) {
            List<Suggestion> top = ranker.rank(s, snap, src, retrieval.gather(s, snap, src), want);
            return withAnchors ? anchoring.attach(snap, src, top) : top;
        } catch (IOException e) {
            throw new UncheckedIOException(index.where() + ": search failed", e);
        }
    }
}
