package dev.linker.server.engine;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.AnchorFinder;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.TitleNames;
import dev.linker.core.anchor.TitleTemplate;
import dev.linker.core.anchor.Tokens;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.Bits;
import org.apache.lucene.index.MultiBits;

/**
 * {@link LinkerService} over a {@link PageIndex}. Suggestions here are the server's own, simple ranking until the
 * index module's suggester is wired in: candidates are pages the draft names (title/H1 names, core's
 * {@link NameIndex}) and the nearest pages by embedding (KNN on the draft's vector); each needs a phrase in the
 * draft to carry the link (a name, or a run of the target's title words); score = 0.6 similarity + 0.3 anchor
 * strength + 0.1 authority.
 */
public final class IndexService implements LinkerService {

    /** Nearest pages considered besides the ones the draft names. */
    static final int KNN_CANDIDATES = 50;
    /** Below this cosine a page is only suggested when the draft names it. */
    static final double MIN_SIMILARITY = 0.15;
    private static final Set<String> STOP = Set.of(("a about after all also an and any are as at be been but by can "
            + "do for from has have how i if in into is it its more my no not of on or our so than that the their "
            + "them then there these they this to up was we were what when which who why will with you your guide "
            + "tip basic introduction overview").split(" "));

    private final PageIndex index;
    private final DraftEmbedder drafts;
    private final Object writeLock = new Object();
    private volatile Names names;

    public IndexService(PageIndex index, int draftCacheEntries) {
        this.index = index;
        this.drafts = new DraftEmbedder(index.embedder(), draftCacheEntries);
    }

    /** What suggestions read of the whole site, rebuilt after writes (pages and events are rare next to reads). */
    private record Names(NameIndex names, Map<String, Meta> pages, int docCount) {
    }

    private record Meta(String url, String title, Status status, String target, Set<String> titleTerms,
                        double authority) {
    }

    private Names names() {
        Names n = names;
        if (n == null) {
            synchronized (this) {
                n = names;
                if (n == null) {
                    n = index.withSearcher(this::buildNames);
                    names = n;
                }
            }
        }
        return n;
    }

    private Names buildNames(IndexSearcher s) {
        IndexReader reader = s.getIndexReader();
        Bits live = MultiBits.getLiveDocs(reader);
        List<PageRecord> records = new ArrayList<>();
        for (int doc = 0; doc < reader.maxDoc(); doc++) {
            if (live == null || live.get(doc)) {
                records.add(PageIndex.record(s, doc));
            }
        }
        List<String> titles = new ArrayList<>();
        for (PageRecord r : records) {
            titles.add(r.title());
        }
        TitleTemplate template = TitleTemplate.detect(titles);
        Map<String, PageRecord> byUrl = new HashMap<>();
        for (PageRecord r : records) {
            byUrl.put(r.url(), r);
        }
        NameIndex names = new NameIndex().withStatistics(t -> {
            try {
                return reader.docFreq(new Term(Fields.ALL, t));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, Math.max(1, reader.numDocs()));
        Map<String, Meta> pages = new HashMap<>();
        for (PageRecord r : records) {
            String target = resolve(r, byUrl);
            Set<String> terms = new HashSet<>(Tokens.terms(TitleNames.clean(r.title(), template::strip)));
            terms.addAll(Tokens.terms(r.h1()));
            terms.removeAll(STOP);
            pages.put(r.url(), new Meta(r.url(), r.title(), r.status(), target, terms, r.authority()));
            if (target != null) {
                // A merged or redirected page's names now lead to its survivor.
                names.addTitle(target, r.title(), r.h1(), template::strip);
            }
        }
        return new Names(names, pages, reader.numDocs());
    }

    /** The live page that stands for {@code r}: itself, or the end of its merge/redirect chain; null when none. */
    private static String resolve(PageRecord r, Map<String, PageRecord> byUrl) {
        PageRecord cur = r;
        Set<String> seen = new HashSet<>();
        while (cur != null && seen.add(cur.url())) {
            if (cur.status() == Status.LIVE) {
                return cur.url();
            }
            if (cur.status() == Status.KILLED || cur.redirectTo() == null) {
                return null;
            }
            cur = byUrl.get(cur.redirectTo());
        }
        return null;
    }

    @Override
    public List<Suggestion> suggest(SuggestRequest request) {
        Names n = names();
        DraftText draft = request.draft();
        String text = draft.linkable();
        Set<String> skip = new HashSet<>();
        if (request.url() != null) {
            skip.add(DraftText.urlKey(request.url()));
        }
        request.exclude().forEach(u -> skip.add(DraftText.urlKey(u)));
        draft.links().forEach(u -> skip.add(DraftText.urlKey(u)));

        List<String> paragraphs = new ArrayList<>(draft.paragraphs());
        if (request.title() != null && !request.title().isBlank()) {
            paragraphs.add(request.title().strip());
        }
        float[] vector = paragraphs.isEmpty() ? null : drafts.embed(paragraphs);
        Map<String, Double> similarity = vector == null ? Map.of() : nearest(vector);

        Map<String, NameIndex.Mention> mentions = n.names().mentions(text, null);
        Set<String> candidates = new HashSet<>(mentions.keySet());
        candidates.addAll(similarity.keySet());
        List<Suggestion> scored = new ArrayList<>();
        for (String url : candidates) {
            Meta meta = n.pages().get(url);
            if (meta == null || meta.status() != Status.LIVE || skip.contains(DraftText.urlKey(url))) {
                continue;
            }
            double sim = similarity.containsKey(url) ? similarity.get(url)
                    : vector == null ? 0 : cosine(vector, index.storedVector(url));
            NameIndex.Mention m = mentions.get(url);
            Anchor anchor;
            double strength;
            String anchorKind;
            if (m != null) {
                anchor = AnchorFinder.fromMention(draft.source(), m);
                strength = m.weight();
                anchorKind = m.kind().name().toLowerCase(java.util.Locale.ROOT);
            } else {
                if (sim < MIN_SIMILARITY) {
                    continue;
                }
                int[] span = titleWordRun(text, meta.titleTerms());
                if (span == null) {
                    continue;
                }
                strength = (double) span[2] / Math.max(1, meta.titleTerms().size());
                anchor = AnchorFinder.fromMention(draft.source(),
                        new NameIndex.Mention(url, "", NameIndex.Kind.TITLE, span[0], span[1], strength));
                anchorKind = "title words";
            }
            double score = 0.6 * Math.max(0, sim) + 0.3 * strength + 0.1 * meta.authority();
            Map<String, Object> reasons = new LinkedHashMap<>();
            reasons.put("similarity", round(sim));
            reasons.put("anchor", anchorKind);
            reasons.put("anchorStrength", round(strength));
            reasons.put("authority", round(meta.authority()));
            scored.add(new Suggestion(url, meta.title(), anchor.phrase(), anchor.sentence(), anchor.start(),
                    anchor.end(), round(score), reasons));
        }
        scored.sort(Comparator.comparingDouble(Suggestion::score).reversed().thenComparingInt(Suggestion::start));
        List<Suggestion> out = new ArrayList<>();
        List<int[]> taken = new ArrayList<>();
        for (Suggestion s : scored) {
            if (out.size() >= request.limit()) {
                break;
            }
            boolean overlaps = taken.stream().anyMatch(t -> s.start() < t[1] && s.end() > t[0]);
            if (!overlaps) { // one link per phrase
                taken.add(new int[] {s.start(), s.end()});
                out.add(s);
            }
        }
        return out;
    }

    private Map<String, Double> nearest(float[] vector) {
        return index.withSearcher(s -> {
            try {
                KnnFloatVectorQuery q = new KnnFloatVectorQuery(Fields.VECTOR, vector, KNN_CANDIDATES,
                        new TermQuery(new Term(Fields.STATUS, Status.LIVE.id())));
                TopDocs td = s.search(q, KNN_CANDIDATES);
                Map<String, Double> out = new HashMap<>();
                for (ScoreDoc sd : td.scoreDocs) {
                    String url = s.storedFields().document(sd.doc, Set.of(Fields.URL)).get(Fields.URL);
                    out.put(url, 2.0 * sd.score - 1.0); // Lucene's DOT_PRODUCT score is (1 + cos) / 2
                }
                return out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * The longest run (≤ 4 tokens, within a sentence, separated by spaces only) of draft tokens that are all words of
     * the target's title, with at least one that is not a stop word: {start, end, distinct title words matched}.
     */
    static int[] titleWordRun(String text, Set<String> titleTerms) {
        List<Tokens.Token> toks = Tokens.tokenize(text);
        int[] best = null;
        for (int i = 0; i < toks.size(); i++) {
            if (!titleTerms.contains(toks.get(i).term())) {
                continue;
            }
            Set<String> matched = new HashSet<>(Set.of(toks.get(i).term()));
            int end = i;
            for (int j = i + 1; j < toks.size() && j - i < 4; j++) {
                String gap = text.substring(toks.get(j - 1).end(), toks.get(j).start());
                if (!gap.matches("[ \\t]+")) {
                    break;
                }
                String t = toks.get(j).term();
                if (titleTerms.contains(t)) {
                    matched.add(t);
                    end = j;
                } else if (!STOP.contains(t)) {
                    break;
                }
            }
            int[] cand = {toks.get(i).start(), toks.get(end).end(), matched.size()};
            if (best == null || cand[2] > best[2]) {
                best = cand;
            }
        }
        return best;
    }

    private static double cosine(float[] a, float[] b) {
        if (a == null || b == null || a.length != b.length) {
            return 0;
        }
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot; // both are unit vectors
    }

    private static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    @Override
    public Optional<Map<String, Object>> page(String url) {
        PageRecord r = index.get(url);
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
        return Optional.of(m);
    }

    @Override
    public UpsertResult upsert(List<PageInput> pages) {
        int embedded = 0;
        synchronized (writeLock) {
            for (PageInput p : pages) {
                if (index.upsert(toRecord(p))) {
                    embedded++;
                }
            }
            index.commit();
            names = null;
        }
        return new UpsertResult(pages.size(), embedded);
    }

    private static PageRecord toRecord(PageInput p) {
        Status status = p.status() == null ? Status.LIVE : Status.parse(p.status());
        return new PageRecord(p.url(), p.title(), p.h1(), p.text(), p.category(), status, p.redirectTo(),
                p.authority(), p.inbound(), "", List.of(), List.of(), List.of());
    }

    @Override
    public boolean delete(String url) {
        synchronized (writeLock) {
            if (index.get(url) == null) {
                return false;
            }
            index.delete(url);
            index.commit();
            names = null;
            return true;
        }
    }

    @Override
    public void apply(PageEvent e) {
        synchronized (writeLock) {
            switch (e.type()) {
                case CREATED, UPDATED -> {
                    if (e.page() != null) {
                        index.upsert(toRecord(e.page()));
                    } else {
                        requireKnown(e.url(), "url");
                        index.setStatus(e.url(), Status.LIVE, null);
                    }
                }
                case MERGED, REDIRECTED -> {
                    requireKnown(e.url(), "url");
                    index.setStatus(e.url(), e.type() == EventType.MERGED ? Status.MERGED : Status.REDIRECTED,
                            e.survivor());
                }
                case KILLED -> {
                    requireKnown(e.url(), "url");
                    index.setStatus(e.url(), Status.KILLED, null);
                }
            }
            index.commit();
            names = null;
        }
    }

    private void requireKnown(String url, String field) {
        if (index.get(url) == null) {
            throw new UnknownPageException(field, url);
        }
    }

    @Override
    public Map<String, Object> health() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "ok");
        m.put("pages", index.size());
        m.put("embedder", index.embedderId());
        m.put("dimension", index.dimension());
        return m;
    }

    @Override
    public Map<String, Number> metrics() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("linker_pages", index.size());
        m.put("linker_draft_paragraphs_embedded_total", drafts.embeddedCount());
        m.put("linker_draft_paragraph_cache_hits_total", drafts.cacheHits());
        m.put("linker_draft_paragraph_cache_entries", drafts.cacheSize());
        return m;
    }

    /** The draft embedder, for its counters. */
    public DraftEmbedder drafts() {
        return drafts;
    }

    @Override
    public void close() {
        synchronized (writeLock) {
            index.commit();
            index.close();
        }
    }
}
