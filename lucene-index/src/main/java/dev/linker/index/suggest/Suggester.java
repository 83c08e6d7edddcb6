package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.result.LinkerException;
import dev.linker.core.score.CategoryPath;
import dev.linker.core.score.ScoreComponents;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.PageView;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TreeModel;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Top-N pages to link to from a page, a draft or a query.
 *
 * <p>Candidates are the union of three retrievers, each strong where the others are weak: HNSW over page embeddings
 * (topic), BM25 over the text with site-common words dropped (shared rare terms), and name mentions (the source
 * text names the target — the strongest single signal, and where an editor would place the link). Optional SERP
 * results join as a fourth list. Every candidate gets all score components (see {@link ScoreComponents}); the
 * weighted sum ranks them. Filters: live pages only, never the source or a page it already links to, exclusion
 * patterns, safety classes, and an optional category bound.
 */
public final class Suggester {
    private final PageIndex index;
    private final SuggestSettings settings;
    private volatile SiteSnapshot snapshot;
    private final SearchMemo.Counters counters;
    /** Embeds candidate anchor spans (the semantic rule); the draft engine gives one with its vector cache. */
    private final Function<List<String>, List<float[]>> spanEmbedder;
    private final Retrieval retrieval;

    public Suggester(PageIndex index, SuggestSettings settings) {
        this(index, settings, new SearchMemo.Counters(), null);
    }

    private Suggester(PageIndex index, SuggestSettings settings, SearchMemo.Counters counters,
                      Function<List<String>, List<float[]>> spanEmbedder) {
        this.index = index;
        this.settings = settings;
        this.counters = counters;
        this.retrieval = new Retrieval(settings, counters);
        this.spanEmbedder = spanEmbedder != null ? spanEmbedder
                : index.embedder() == null ? null : index.embedder()::embedAll;
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

    public SuggestSettings settings() {
        return settings;
    }

    public Suggester with(SuggestSettings s) {
        Suggester other = new Suggester(index, s, counters, spanEmbedder);
        other.snapshot = snapshot;
        return other;
    }

    /** This suggester embedding candidate anchor spans with {@code embedder} (e.g. one with a cache). */
    public Suggester withSpanEmbedder(Function<List<String>, List<float[]>> embedder) {
        Suggester other = new Suggester(index, settings, counters, embedder);
        other.snapshot = snapshot;
        return other;
    }

    /** The index this suggester reads. */
    public PageIndex index() {
        return index;
    }

    /** Whether candidates are ranked by the learned ranker (else by the weights); see {@link Ranking}. */
    public boolean ranksByModel() {
        return settings.ranking().model(index.ranker()) != null;
    }

    /** Whether drafts (the editor, {@code suggest --text-file}, briefs' queries) are ranked by a learned model. */
    public boolean ranksDraftsByModel() {
        return settings.ranking().forDrafts().model(index.ranker()) != null;
    }

    /**
     * Reads now what the suggester knows of every page, as the first request would: a damaged index fails here with
     * {@link dev.linker.index.IndexCorruptException} rather than in the middle of serving.
     */
    public void load() {
        index.withView(this::snapshot);
    }

    /** The page's number in the snapshot; an unknown page is an error naming the index. */
    private int indexed(SiteSnapshot snap, String url) {
        Integer doc = snap.docs.get(url);
        if (doc == null) {
            throw new LinkerException("unknown page " + url + " (not in index " + index.where() + ")");
        }
        return doc;
    }

    private SiteSnapshot snapshot(PageView view) {
        IndexSearcher s = view.searcher();
        SiteSnapshot snap = snapshot;
        if (snap != null && snap.reader == s.getIndexReader()) {
            return snap;
        }
        synchronized (this) {
            snap = snapshot;
            if (snap != null && snap.reader == s.getIndexReader()) {
                return snap;
            }
            try {
                snap = SiteSnapshot.load(view);
            } catch (RuntimeException e) {
                throw index.damaged(e);
            }
            snapshot = snap;
            return snap;
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Suggestions for an indexed page. */
    public List<Suggestion> forUrl(String url, int limit) {
        return forUrl(url, limit, false);
    }

    /**
     * Suggestions for an indexed page; {@code hideOwnLinks} makes the page's existing links invisible (they are
     * neither filtered out nor used as names or inbound counts), as evaluation needs.
     */
    public List<Suggestion> forUrl(String url, int limit, boolean hideOwnLinks) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            int doc = indexed(snap, url);
            return suggest(s, snap, source(s, snap, doc, url, hideOwnLinks), limit);
        });
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
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            String category = d.category() != null ? d.category()
                    : d.url() != null ? CategoryPath.fromUrl(d.url()) : null;
            List<Tokens.Token> tokens = Tokens.tokenize(d.text());
            // A draft's links and its own URL may be relative or absolute: they name pages by path.
            Set<String> links = new HashSet<>(d.links());
            for (String l : d.links()) {
                links.addAll(snap.byKey(DraftText.urlKey(l)));
            }
            String url = d.url();
            if (url != null) {
                links.addAll(snap.byKey(DraftText.urlKey(url)));
            }
            Source src = new Source(url, d.title(), d.text(), d.blocked(), vector, links, category, d.safety(), null,
                    Set.of(), d.links().size(), tokens.size(), tokens, PageIndex.day(d.published()));
            // Drafts rank by the weights unless a ranker is given: see Ranking#forDrafts.
            return suggest(s, snap, src, limit, true, null, false, settings.ranking().forDrafts());
        });
    }

    /** Pages for a search query (no source page: no link filters, no density). */
    public List<Suggestion> forQuery(String query, int limit) {
        return forDraft(Draft.of("", query), limit);
    }

    private float[] embed(String text) {
        if (index.embedder() == null || text.isBlank()) {
            return null;
        }
        return index.embedder().embed(text.length() > dev.linker.core.embed.EmbedText.MAX_CHARS
                ? text.substring(0, dev.linker.core.embed.EmbedText.MAX_CHARS) : text);
    }

    private List<Suggestion> suggest(IndexSearcher s, SiteSnapshot snap, Source src, int limit) {
        return suggest(s, snap, src, limit, true, null, false);
    }

    /**
     * Every candidate for an indexed page with its score components, best first, without anchors: what tuning
     * re-ranks under other weights, and what plans pick from.
     *
     * @param onlyTargets when not null, only these URLs are candidates (a plan's acceptors)
     */
    public List<Suggestion> candidates(String url, boolean hideOwnLinks, Set<String> onlyTargets, int limit,
                                       boolean withAnchors) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            int doc = indexed(snap, url);
            return suggest(s, snap, source(s, snap, doc, url, hideOwnLinks), limit, withAnchors, onlyTargets, false);
        });
    }

    /** A candidate with the signals a learned ranker sees ({@link dev.linker.index.rank.RankFeatures}). */
    public record Scored(Suggestion suggestion, float[] features) {
    }

    /**
     * Every candidate for an indexed page, best first by the weights, with its features: what a learned ranker trains
     * on. With {@code hideOwnLinks} the page's links feed none of its rows (as in evaluation).
     */
    public List<Scored> scored(String url, boolean hideOwnLinks) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            int doc = indexed(snap, url);
            List<Suggestion> out = suggest(s, snap, source(s, snap, doc, url, hideOwnLinks), Integer.MAX_VALUE, false,
                    null, true);
            List<Scored> scored = new ArrayList<>(out.size());
            for (Suggestion sg : out) {
                scored.add(new Scored(sg, sg.features()));
            }
            return scored;
        });
    }

    /**
     * As {@link #scored(String, boolean)}, for the page cut to its title and opening — about {@code words} words, to the
     * end of the block they end in — embedded anew and with no address or date: what a draft of it looks like while it
     * is written. Its own links are hidden as there; the page itself is a candidate.
     */
    public List<Scored> scoredOpening(String url, int words) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            int doc = indexed(snap, url);
            Source full = source(s, snap, doc, url, true);
            List<Tokens.Token> tokens = full.tokens();
            int cut = full.text().length();
            if (tokens.size() > words) {
                int nl = full.text().indexOf('\n', tokens.get(words - 1).end());
                cut = nl < 0 ? full.text().length() : nl;
            }
            String text = full.text().substring(0, cut);
            List<Tokens.Token> kept = new ArrayList<>();
            for (Tokens.Token t : tokens) {
                if (t.end() <= cut) {
                    kept.add(t);
                }
            }
            List<int[]> blocked = new ArrayList<>();
            for (int[] b : full.blocked()) {
                if (b[0] < cut) {
                    blocked.add(new int[] {b[0], Math.min(b[1], cut)});
                }
            }
            // A draft has no address and no date yet: the page itself is among its candidates.
            Source opening = new Source(null, full.title(), text, blocked, embed(full.title() + "\n" + text),
                    full.links(), full.category(), full.safety(), full.hiddenSource(), full.inboundDiscount(),
                    full.linkCount(), kept.size(), kept, Fields.UNDATED).withAuthority(full.authorityView());
            List<Scored> scored = new ArrayList<>();
            for (Suggestion sg : suggest(s, snap, opening, Integer.MAX_VALUE, false, null, true)) {
                scored.add(new Scored(sg, sg.features()));
            }
            return scored;
        });
    }

    /**
     * Where a page's own text may not carry a new link: its headings, code and existing links — but not the links an
     * evaluation hides, whose phrases are exactly where the author put them.
     */
    static List<int[]> blocked(List<dev.linker.core.model.TextRegion> regions, boolean hideLinks) {
        List<int[]> out = new ArrayList<>(regions.size());
        for (dev.linker.core.model.TextRegion r : regions) {
            if (!(hideLinks && r.kind() == dev.linker.core.model.TextRegion.Kind.LINK)) {
                out.add(new int[] {r.start(), r.end()});
            }
        }
        return out;
    }

    /** The stored regions of a page (see {@link #blocked(List, boolean)}), its links included. */
    private static List<int[]> blockedRegions(IndexSearcher s, int doc) throws IOException {
        org.apache.lucene.util.BytesRef b = s.storedFields().document(doc, Set.of(Fields.REGIONS))
                .getBinaryValue(Fields.REGIONS);
        return b == null ? List.of() : blocked(dev.linker.index.TextRegions.decode(
                Arrays.copyOfRange(b.bytes, b.offset, b.offset + b.length)), false);
    }

    private Source source(IndexSearcher s, SiteSnapshot snap, int doc, String url, boolean hideOwnLinks) {
        PageRecord r = snap.view.record(doc);
        float[] vector = snap.view.vector(doc);
        PageInfo info = snap.infos[doc];
        Source src = new Source(url, r.title() + "\n" + r.h1(), r.body(), blocked(r.meta().regions(), hideOwnLinks),
                vector, hideOwnLinks ? Set.of() : info.allLinks(), info.category(), info.safety(),
                hideOwnLinks ? url : null, hideOwnLinks ? info.links() : Set.of(), info.links().size(),
                info.words(), Tokens.tokenize(r.body()), info.day());
        return hideOwnLinks && settings.weights().authority() != 0
                ? src.withAuthority(snap.hidden().without(doc, info, snap.docs, info.links())) : src;
    }

    private List<Suggestion> suggest(IndexSearcher s, SiteSnapshot snap, Source src, int limit, boolean withAnchors,
                                     Set<String> onlyTargets, boolean features) {
        return suggest(s, snap, src, limit, withAnchors, onlyTargets, features, settings.ranking());
    }

    private List<Suggestion> suggest(IndexSearcher s, SiteSnapshot snap, Source src, int limit, boolean withAnchors,
                                     Set<String> onlyTargets, boolean features, Ranking ranking) {
        try {
            Retrieval.Gathered g = retrieval.gather(s, snap, src);
            return rank(s, snap, src, g.candidates(), g.lexical(),
                    new Wanted(limit, withAnchors, onlyTargets, features, ranking));
        } catch (IOException e) {
            throw new UncheckedIOException(index.where() + ": search failed", e);
        }
    }

    /**
     * What a ranking returns: at most {@code limit} pages, with anchors or not, only among {@code only} (null: any), with
     * their features or not.
     */
    private record Wanted(int limit, boolean anchors, Set<String> only, boolean features, Ranking ranking) {
    }

    /** Filters the gathered candidates, gives each every score component, and returns the best with anchors. */
    private List<Suggestion> rank(IndexSearcher s, SiteSnapshot snap, Source src, Map<Integer, Candidate> cands,
                                  Retrieval.Lexical lex, Wanted want) throws IOException {
        Query lexical = lex.query();
        double maxBm25 = lex.maxBm25();
        int limit = want.limit();
        List<Candidate> kept = new ArrayList<>();
        String bound = settings.categoryLevels() >= 0 && src.category() != null
                ? CategoryPath.up(src.category(), settings.categoryLevels()) : null;
        int asOf = retrieval.asOfDay(snap, src);
        for (Candidate c : cands.values()) {
            PageInfo t = snap.infos[c.doc];
            if (t == null || t.status() != Status.LIVE || t.url().equals(src.url()) || src.links().contains(t.url())
                    || excluded(t.url()) || forbidden(src.safety(), t.safety())
                    || bound != null && !t.category().startsWith(bound)
                    || want.only() != null && !want.only().contains(t.url())
                    || t.hub() && !settings.hubTargets() || asOf != Fields.UNDATED && t.day() > asOf) {
                continue;
            }
            kept.add(c);
        }
        for (Candidate c : kept) {
            if (Double.isNaN(c.cosine)) {
                float[] v = src.vector() == null ? null : snap.view.vector(c.doc);
                c.cosine = v == null ? 0 : AnchorChooser.dot(src.vector(), v);
            }
        }
        if (settings.weights().title() != 0 && !kept.isEmpty()) {
            TitleWords.Title[] titles = new TitleWords.Title[kept.size()];
            Set<String> all = new HashSet<>();
            for (int i = 0; i < titles.length; i++) {
                titles[i] = snap.title(kept.get(i).doc);
                java.util.Collections.addAll(all, titles[i].terms());
            }
            if (!all.isEmpty()) {
                TitleWords words = new TitleWords(src.tokens(), all);
                for (int i = 0; i < titles.length; i++) {
                    kept.get(i).title = titles[i] == TitleWords.Title.NONE ? 0
                            : words.score(titles[i], snap.names.fullWeight());
                }
            }
        }
        double density = ScoreComponents.density(src.linkCount(), src.words());
        ScoreWeights w = settings.weights();
        // Training rows are ranked by the weights; anything else by the learned ranker where the index has one.
        TreeModel model = want.features() ? null : want.ranking().model(index.ranker());
        boolean features = want.features() || model != null;
        // A learned ranker is no weighted sum, but it re-ranks the weights' first candidates only: BM25 is needed for
        // those that could be among them.
        int shown = features ? (want.features() ? RankFeatures.RERANKED : Math.max(limit, RankFeatures.RERANKED)) : limit;
        fillBm25(s, lexical, needingBm25(snap, src, kept, shown, maxBm25, lex.bound(), density, w));
        for (Candidate c : kept) {
            maxBm25 = Math.max(maxBm25, c.bm25);
        }
        List<Suggestion> out = new ArrayList<>(kept.size());
        Map<Suggestion, Candidate> back = new java.util.IdentityHashMap<>();
        for (Candidate c : kept) {
            PageInfo t = snap.infos[c.doc];
            ScoreComponents comp = components(snap, src, c, maxBm25 > 0 ? c.bm25 / maxBm25 : 0, density);
            Suggestion sg = new Suggestion(t.url(), t.title(), comp.total(w), comp, null);
            out.add(sg);
            back.put(sg, c);
        }
        out.sort(Comparator.comparingDouble(Suggestion::score).reversed().thenComparing(Suggestion::url));
        if (features) {
            // The learned ranker re-ranks the weights' first candidates (it learned from those); the rest follow in
            // the weights' order with no score of its.
            int head = Math.min(RankFeatures.RERANKED, out.size());
            List<float[]> f = new CandidateFeatures(snap, src, lex.tf()).of(out.subList(0, head), back);
            for (int i = 0; i < out.size(); i++) {
                Suggestion sg = out.get(i);
                out.set(i, i >= head ? sg.withScore(0) : model == null ? sg.withFeatures(f.get(i))
                        : sg.withScore(model.score(f.get(i))));
            }
            if (want.features()) {
                out = out.subList(0, head);
            } else {
                out.subList(0, head).sort(Comparator.comparingDouble(Suggestion::score).reversed()
                        .thenComparing(Suggestion::url));
            }
        }
        List<Suggestion> top = new ArrayList<>(out.subList(0, Math.min(limit, out.size())));
        if (want.anchors() && !top.isEmpty()) {
            List<String> urls = new ArrayList<>(top.size());
            top.forEach(sg -> urls.add(sg.url()));
            List<Anchor> anchors = anchors(s, snap, src, urls);
            for (int i = 0; i < top.size(); i++) {
                Suggestion sg = top.get(i);
                top.set(i, new Suggestion(sg.url(), sg.title(), sg.score(), sg.components(), anchors.get(i)));
            }
        }
        return top;
    }

    /**
     * Anchors in the source for pages to link to, in their (rank) order: each page's best phrase by the rules of
     * {@link AnchorChooser}, one link per phrase.
     */
    private List<Anchor> anchors(IndexSearcher s, SiteSnapshot snap, Source src, List<String> targets) {
        SourceText text = SourceText.of(src.text(), src.blocked(), src.tokens());
        // The ranking's scan found every named place already, unless this source was not ranked here (a plan).
        Map<String, List<NameIndex.Mention>> names = src.named().isEmpty() && !src.text().isEmpty()
                ? snap.names.occurrences(text.tokens(), src.hiddenSource(), new HashSet<>(targets)) : src.named();
        List<AnchorChooser.Target> ts = new ArrayList<>(targets.size());
        for (String url : targets) {
            Integer doc = snap.docs.get(url);
            PageInfo info = doc == null ? null : snap.infos[doc];
            String name = info == null ? url : info.cleanTitle();
            ts.add(new AnchorChooser.Target(url, name, doc == null ? Map::of
                    : () -> snap.distinctive(s, doc, name), doc == null ? null : snap.view.vector(doc)));
        }
        return new AnchorChooser(text, snap.site(), spanEmbedder, settings.anchorSpans()).place(ts, names);
    }

    /**
     * Where an indexed page would link to a page that is not in the index yet — a planned article, described by its
     * name (title) and what it is about (e.g. its target query): by the same rules as every other anchor, the page's
     * existing links, headings and code left alone.
     */
    public Anchor placeFor(String sourceUrl, String targetName, String targetAbout) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            SiteSnapshot snap = snapshot(view);
            int doc = indexed(snap, sourceUrl);
            try {
                String body = s.storedFields().document(doc, Set.of(Fields.BODY)).get(Fields.BODY);
                SourceText text = SourceText.of(body == null ? "" : body, blockedRegions(s, doc));
                String about = targetName + "\n" + targetAbout;
                AnchorChooser.Target t = new AnchorChooser.Target("", targetName.isBlank() ? targetAbout : targetName,
                        () -> AnchorChooser.distinctive(targetName, about, snap.site()), embed(about));
                List<NameIndex.Mention> names = new ArrayList<>();
                for (String name : List.of(targetName, targetAbout)) {
                    names.addAll(AnchorChooser.phraseMentions(text.tokens(), name));
                }
                return new AnchorChooser(text, snap.site(), spanEmbedder, settings.anchorSpans())
                        .place(List.of(t), Map.of("", names)).get(0);
            } catch (IOException e) {
                throw new UncheckedIOException(index.where() + ": search failed", e);
            }
        });
    }

    /**
     * Runs {@code f} with the candidate pass of a link plan over one index version (doc ids stay valid throughout).
     * Cheaper per donor than {@link #candidates}, which is what lets a plan cover a million donors: HNSW searches
     * only the acceptors (a filter built once per plan, not per query), name mentions are restricted to them, and
     * BM25 scores only that shortlist instead of searching the whole index; anchors are found later, for planned
     * links only ({@link PlanPass#anchors}).
     */
    public <T> T planPass(Set<String> acceptors, java.util.function.Function<PlanPass, T> f) {
        return index.withView(view -> {
            IndexSearcher s = view.searcher();
            try {
                return f.apply(new PlanPass(s, snapshot(view), acceptors));
            } catch (IOException e) {
                throw new UncheckedIOException(index.where() + ": search failed", e);
            }
        });
    }

    /** See {@link #planPass}. Thread-safe: donors may be processed on several threads. */
    public final class PlanPass {
        private final IndexSearcher s;
        private final SiteSnapshot snap;
        private final Set<String> acceptors;
        private final Query acceptorFilter;

        PlanPass(IndexSearcher s, SiteSnapshot snap, Set<String> acceptors) throws IOException {
            this.s = s;
            this.snap = snap;
            this.acceptors = acceptors;
            List<LeafReaderContext> leaves = s.getIndexReader().leaves();
            org.apache.lucene.util.FixedBitSet[] bits = new org.apache.lucene.util.FixedBitSet[leaves.size()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = new org.apache.lucene.util.FixedBitSet(leaves.get(i).reader().maxDoc());
            }
            for (String url : acceptors) {
                Integer doc = snap.docs.get(url);
                if (doc != null && snap.infos[doc].status() == Status.LIVE
                        && (settings.hubTargets() || !snap.infos[doc].hub())) {
                    int li = ReaderUtil.subIndex(doc, leaves);
                    bits[li].set(doc - leaves.get(li).docBase);
                }
            }
            this.acceptorFilter = new BitSetQuery(bits);
        }

        /** True when the page is in the index and live (only live pages give links). */
        public boolean live(String url) {
            Integer doc = snap.docs.get(url);
            return doc != null && snap.infos[doc].status() == Status.LIVE;
        }

        /** The donor's best acceptor candidates, scored as suggestions are, without anchors. */
        public List<Suggestion> candidates(String donor, int limit) {
            int doc = indexed(snap, donor);
            try {
                Source src = planSource(doc, donor);
                Map<Integer, Candidate> cands = new HashMap<>();
                if (src.vector() != null && settings.knnK() > 0) {
                    Query filter = acceptorFilter;
                    if (settings.categoryLevels() >= 0 && src.category() != null) {
                        filter = new BooleanQuery.Builder().add(acceptorFilter, BooleanClause.Occur.FILTER)
                                .add(new TermQuery(new Term(Fields.CATEGORY_ANCESTOR,
                                        CategoryPath.up(src.category(), settings.categoryLevels()))),
                                        BooleanClause.Occur.FILTER).build();
                    }
                    // Twice the candidates kept: some fall to the other filters (existing links, exclusions).
                    int k = Math.min(settings.knnK(), 2 * limit) + 1;
                    for (ScoreDoc sd : s.search(new KnnFloatVectorQuery(Fields.VECTOR, src.vector(), k, filter), k)
                            .scoreDocs) {
                        cands.computeIfAbsent(sd.doc, Candidate::new).cosine = 2.0 * sd.score - 1.0;
                    }
                }
                List<Tokens.Token> tokens = src.tokens();
                for (NameIndex.Mention m : snap.names.mentions(tokens, null).values()) {
                    Integer t = acceptors.contains(m.target()) ? snap.docs.get(m.target()) : null;
                    if (t != null) {
                        cands.computeIfAbsent(t, Candidate::new).mention = m;
                    }
                }
                Map<String, Integer> tf = TermVector.counts(src.title(), tokens);
                Query lexical = settings.lexicalK() > 0 && settings.weights().lexical() != 0
                        ? retrieval.lexicalQuery(s, snap, tf) : null;
                return rank(s, snap, src, cands, new Retrieval.Lexical(lexical, 0, Double.NaN, tf),
                        new Wanted(limit, false, acceptors, false, settings.ranking()));
            } catch (IOException e) {
                throw new UncheckedIOException(index.where() + ": search failed", e);
            }
        }

        /** Anchors for links planned on one donor, by the same rules as suggestions: acceptor URL to anchor. */
        public Map<String, Anchor> anchors(String donor, List<String> targets) {
            Integer doc = snap.docs.get(donor);
            Map<String, Anchor> out = new HashMap<>();
            if (doc == null || targets.isEmpty()) {
                return out;
            }
            Source src;
            try {
                src = new Source(donor, "", body(doc), blockedRegions(s, doc), null, Set.of(), null, "", null,
                        Set.of(), 0, 0, null, Fields.UNDATED);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<Anchor> anchors = Suggester.this.anchors(s, snap, src, targets);
            for (int i = 0; i < targets.size(); i++) {
                out.put(targets.get(i), anchors.get(i));
            }
            return out;
        }

        private String body(int doc) {
            try {
                String b = s.storedFields().document(doc, Set.of(Fields.BODY)).get(Fields.BODY);
                return b == null ? "" : b;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private Source planSource(int doc, String url) throws IOException {
            Document d = s.storedFields().document(doc, PLAN_FIELDS);
            PageInfo info = snap.infos[doc];
            String body = d.get(Fields.BODY);
            return new Source(url, nz(d.get(Fields.TITLE)) + "\n" + nz(d.get(Fields.H1)), body == null ? "" : body,
                    blockedRegions(s, doc), snap.view.vector(doc), info.allLinks(), info.category(), info.safety(),
                    null, Set.of(), info.links().size(), info.words(), Tokens.tokenize(body == null ? "" : body),
                    info.day());
        }
    }

    private static final Set<String> PLAN_FIELDS = Set.of(Fields.TITLE, Fields.H1, Fields.BODY);

    private static String nz(String s) {
        return s == null ? "" : s;
    }


    private static ScoreComponents components(SiteSnapshot snap, Source src, Candidate c, double lexical,
                                              double density) {
        PageInfo t = snap.infos[c.doc];
        int inbound = t.inbound() - (src.inboundDiscount().contains(t.url()) ? 1 : 0);
        return new ScoreComponents(lexical, Math.max(0, c.cosine), c.mention == null ? 0 : c.mention.weight(),
                src.authority(c.doc, t), ScoreComponents.deficit(inbound), density,
                src.category() == null ? 0 : CategoryPath.normalizedDistance(src.category(), t.category()), c.serp,
                c.title, ScoreComponents.time(src.day(), t.day()));
    }

    /**
     * The candidates without a BM25 score that need one: those that could still reach the top {@code limit}. A
     * candidate outside the BM25 hits scores at most {@code bound}, which cannot raise the best score the hits set,
     * so its total lies between its score with no lexical part and with {@code bound}; one whose best case is below
     * the {@code limit}-th worst case among all candidates is left at 0 — it is not shown, so the ranking is the
     * same. Scoring each left-out candidate costs an advance of all 128 clauses.
     */
    private static List<Candidate> needingBm25(SiteSnapshot snap, Source src, List<Candidate> kept, int limit,
                                               double maxBm25, double bound, double density, ScoreWeights w) {
        List<Candidate> todo = new ArrayList<>();
        for (Candidate c : kept) {
            if (c.bm25 == 0) {
                todo.add(c);
            }
        }
        if (bound == 0 || limit <= 0) {
            return List.of(); // the search returned every page the query matches, or nothing is shown
        }
        if (Double.isNaN(bound) || maxBm25 <= 0 || w.lexical() < 0 || kept.size() <= limit) {
            return todo;
        }
        double[] low = new double[kept.size()];
        for (int i = 0; i < low.length; i++) {
            Candidate c = kept.get(i);
            low[i] = components(snap, src, c, c.bm25 / maxBm25, density).total(w);
        }
        double[] sorted = low.clone();
        Arrays.sort(sorted);
        double threshold = sorted[sorted.length - limit];
        double most = w.lexical() * (bound / maxBm25);
        List<Candidate> needed = new ArrayList<>();
        for (Candidate c : todo) {
            if (components(snap, src, c, 0, density).total(w) + most >= threshold - 1e-9) {
                needed.add(c);
            }
        }
        return needed;
    }





    /** BM25 of candidates that came from other retrievers, so every candidate has a lexical component. */
    private static void fillBm25(IndexSearcher s, Query lexical, List<Candidate> todo) throws IOException {
        if (lexical == null || todo.isEmpty()) {
            return;
        }
        todo = new ArrayList<>(todo);
        todo.sort(Comparator.comparingInt(c -> c.doc));
        Weight weight = s.createWeight(s.rewrite(lexical), ScoreMode.COMPLETE, 1f);
        List<LeafReaderContext> leaves = s.getIndexReader().leaves();
        int leafIdx = -1;
        Scorer scorer = null;
        LeafReaderContext leaf = null;
        for (Candidate c : todo) {
            int li = ReaderUtil.subIndex(c.doc, leaves);
            if (li != leafIdx) {
                leafIdx = li;
                leaf = leaves.get(li);
                scorer = weight.scorer(leaf);
            }
            if (scorer == null) {
                continue;
            }
            int local = c.doc - leaf.docBase;
            DocIdSetIterator it = scorer.iterator();
            int at = it.docID() < local ? it.advance(local) : it.docID();
            if (at == local) {
                c.bm25 = scorer.score();
            }
        }
    }

    private boolean excluded(String url) {
        for (Pattern p : settings.excludes()) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    private boolean forbidden(String sourceSafety, String targetSafety) {
        Set<String> no = settings.forbiddenSafety().get(sourceSafety == null ? "" : sourceSafety);
        return no != null && no.contains(targetSafety == null ? "" : targetSafety);
    }

}
