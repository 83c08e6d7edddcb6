package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Tokens;
import dev.linker.index.Fields;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The retrieval stage: the candidates of a source from every retriever — the vector index (HNSW), BM25 on the source's
 * strongest words, the names its text mentions, SERP results where configured — in one candidate set, each with what
 * its retrievers said; the lexical query and its bounds for the ranking stage. Searches go through the snapshot's
 * memo.
 */
final class Retrieval {
    /** At most this many distinct query terms go into the BM25 query (rarest first). */
    static final int MAX_QUERY_TERMS = 64;

    private final SuggestSettings settings;
    private final SearchMemo.Counters counters;

    Retrieval(SuggestSettings settings, SearchMemo.Counters counters) {
        this.settings = settings;
        this.counters = counters;
    }

    /**
     * The lexical side of a search: its query, the best BM25 score gathered so far, the bound on scores (NaN: none), and
     * how often each word occurs in the source.
     */
    record Lexical(Query query, double maxBm25, double bound, Map<String, Integer> tf) {
    }


    /** A source's candidates (by document number) and its lexical side. */
    record Gathered(Map<Integer, Candidate> candidates, Lexical lexical) {
    }

    /** Every retriever's candidates for {@code src}, not yet filtered or ranked. */
    Gathered gather(IndexSearcher s, SiteSnapshot snap, Source src) throws IOException {
        int asOf = asOfDay(snap, src);
        Query filter = TargetFilter.query(settings, src, asOf);
        // HNSW turns a filter into a bitset over all pages for every query; when all pages are live and no
        // category, hub or date bound applies, the source itself is dropped below and no filter is needed.
        Query knnFilter = snap.allLive() && settings.targets().categoryLevels() < 0 && asOf == Fields.UNDATED
                && (settings.targets().hubTargets() || snap.liveHubs() == 0) ? null : filter;
        Map<Integer, Candidate> cands = new HashMap<>();
        // Vectors: topic similarity.
        if (src.vector() != null && settings.candidates().knnK() > 0) {
            int k = settings.candidates().knnK() + 1;
            // The key holds a copy: the memo outlives this request's vector.
            ScoreDoc[] found = snap.memo.hits(new SearchMemo.VectorKey(src.vector().clone(), k, knnFilter),
                    counters.vectorHits, counters.vectorSearches,
                    () -> s.search(new KnnFloatVectorQuery(Fields.VECTOR, src.vector(), k, knnFilter), k).scoreDocs);
            addVectorHits(cands, found, true);
        }
        // BM25: shared rare words.
        List<Tokens.Token> bodyTokens = src.tokens();
        Map<String, Integer> tf = TermVector.counts(src.title(), bodyTokens);
        Query lexical = lexicalQuery(s, snap, tf);
        double maxBm25 = 0;
        // What BM25 a candidate outside the hits can have at most: NaN before a search, 0 when the search
        // returned every matching page, else the lowest hit's score.
        double bm25Bound = Double.NaN;
        if (lexical != null && settings.candidates().lexicalK() > 0) {
            // As for HNSW: a filter matching every page but the source makes BM25 leapfrog through all pages
            // (a third of a draft's search time at 100k pages); one more hit, the source dropped, is the same set.
            boolean unfiltered = knnFilter == null;
            Query q = unfiltered ? lexical : new BooleanQuery.Builder().add(lexical, BooleanClause.Occur.MUST)
                    .add(filter, BooleanClause.Occur.FILTER).build();
            int wanted = settings.candidates().lexicalK() + (unfiltered ? 1 : 0);
            ScoreDoc[] found = snap.memo.hits(new SearchMemo.LexicalKey(q, wanted), counters.lexicalHits,
                    counters.lexicalSearches, () -> s.search(q, wanted).scoreDocs);
            bm25Bound = found.length < wanted ? 0 : found[found.length - 1].score;
            int taken = 0;
            for (ScoreDoc sd : found) {
                PageInfo t = snap.info(sd.doc);
                if (taken == settings.candidates().lexicalK() || unfiltered && t != null && t.url().equals(src.url())) {
                    continue;
                }
                taken++;
                Candidate c = cands.computeIfAbsent(sd.doc, Candidate::new);
                c.bm25 = sd.score;
                c.lexicalRank = taken;
                maxBm25 = Math.max(maxBm25, sd.score);
            }
        }
        // Names the source text mentions.
        addMentions(cands, snap, snap.names().mentions(bodyTokens, src.hiddenSource(), src.named()), null);
        // SERP, when configured.
        if (settings.candidates().serp() != null) {
            String q = src.title().isBlank() ? src.text() : src.title().strip();
            List<String> links = settings.candidates().serp().search(q.length() > 200 ? q.substring(0, 200) : q);
            int rank = 0;
            for (String link : links) {
                Integer doc = resolve(snap, link);
                if (doc != null) {
                    rank++;
                    cands.computeIfAbsent(doc, Candidate::new).serp = 1.0 / rank;
                }
            }
        }
        return new Gathered(cands, new Lexical(lexical, maxBm25, bm25Bound, tf));
    }

    /**
     * A plan donor's candidates among the acceptors only ({@code acceptorFilter} matches those that may take links):
     * HNSW searches only them, for twice {@code limit} (some fall to the other filters: existing links, exclusions);
     * names the text mentions count only for them; BM25 runs no search, the ranking scores this shortlist instead
     * ({@link #fillBm25}). Cheaper per donor than {@link #gather}, which is what lets a plan cover a million donors.
     */
    Gathered gatherAmong(IndexSearcher s, SiteSnapshot snap, Source src, Query acceptorFilter, Set<String> acceptors,
                         int limit) throws IOException {
        Map<Integer, Candidate> cands = new HashMap<>();
        if (src.vector() != null && settings.candidates().knnK() > 0) {
            Query filter = settings.targets().categoryLevels() >= 0 && src.category() != null
                    ? new BooleanQuery.Builder().add(acceptorFilter, BooleanClause.Occur.FILTER)
                            .add(TargetFilter.categoryBound(settings, src), BooleanClause.Occur.FILTER).build()
                    : acceptorFilter;
            int k = Math.min(settings.candidates().knnK(), 2 * limit) + 1;
            addVectorHits(cands, s.search(new KnnFloatVectorQuery(Fields.VECTOR, src.vector(), k, filter), k).scoreDocs,
                    false);
        }
        List<Tokens.Token> tokens = src.tokens();
        addMentions(cands, snap, snap.names().mentions(tokens, null), acceptors);
        Map<String, Integer> tf = TermVector.counts(src.title(), tokens);
        Query lexical = settings.candidates().lexicalK() > 0 && settings.weights().lexical() != 0
                ? lexicalQuery(s, snap, tf) : null;
        return new Gathered(cands, new Lexical(lexical, 0, Double.NaN, tf));
    }

    /** Vector hits as candidates; {@code ranked}: with their rank among the hits (features of a full search). */
    private static void addVectorHits(Map<Integer, Candidate> cands, ScoreDoc[] found, boolean ranked) {
        int rank = 0;
        for (ScoreDoc sd : found) {
            // The hit's score (float) is not its cosine: Lucene sums a dot product's lanes in an order that changes
            // once the JIT compiles it, so the same pair scores a float ulp apart from run to run. The ranking computes
            // each candidate's cosine from the stored vectors in double, the same way every time.
            Candidate c = cands.computeIfAbsent(sd.doc, Candidate::new);
            if (ranked) {
                c.vectorRank = ++rank;
            }
        }
    }

    /** The pages the text names as candidates, only those in {@code only} (null: any). */
    private static void addMentions(Map<Integer, Candidate> cands, SiteSnapshot snap,
                                    Map<String, NameIndex.Mention> mentions, Set<String> only) {
        for (NameIndex.Mention m : mentions.values()) {
            Integer doc = only == null || only.contains(m.target()) ? snap.doc(m.target()) : null;
            if (doc != null) {
                cands.computeIfAbsent(doc, Candidate::new).mention = m;
            }
        }
    }

    /** BM25 of candidates that came from other retrievers, so every candidate has a lexical component. */
    static void fillBm25(IndexSearcher s, Query lexical, List<Candidate> todo) throws IOException {
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

    /**
     * With {@link SuggestSettings.Targets#asOfSourceDate()}, the indexed source's publication day; else, or when the
     * source is undated or not indexed, {@link Fields#UNDATED}: no bound.
     */
    int asOfDay(SiteSnapshot snap, Source src) {
        if (!settings.targets().asOfSourceDate() || src.url() == null) {
            return Fields.UNDATED;
        }
        Integer doc = snap.doc(src.url());
        return doc == null ? Fields.UNDATED : snap.info(doc).day();
    }

    /**
     * The source's words as a BM25 query: terms on more than {@link SuggestSettings.Candidates#commonWordShare()} of
     * the pages are dropped (title templates, boilerplate, "the"), the rest weighted by tf·idf, the 64 strongest kept,
     * with the title field boosted.
     */
    Query lexicalQuery(IndexSearcher s, SiteSnapshot snap, Map<String, Integer> tf) throws IOException {
        IndexReader r = s.getIndexReader();
        int n = Math.max(1, r.maxDoc());
        List<Weighted> terms = new ArrayList<>();
        for (Map.Entry<String, Integer> e : tf.entrySet()) {
            if (e.getKey().length() > 255) {
                continue;
            }
            int df = snap.docFreq(e.getKey());
            if (df == 0 || df > settings.candidates().commonWordShare() * n) {
                continue;
            }
            terms.add(new Weighted(e.getKey(), (1 + Math.log(e.getValue())) * Math.log((double) n / df)));
        }
        if (terms.isEmpty()) {
            return null;
        }
        terms.sort((a, b) -> Double.compare(b.weight(), a.weight()));
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (Weighted t : terms.subList(0, Math.min(MAX_QUERY_TERMS, terms.size()))) {
            String term = t.term();
            float boost = (float) (1 + Math.log(tf.get(term)));
            Term all = new Term(Fields.ALL, term);
            Term inTitle = new Term(Fields.TITLE, term);
            b.add(new BoostQuery(new TermQuery(all, snap.termStates(s, all)), boost), BooleanClause.Occur.SHOULD);
            b.add(new BoostQuery(new TermQuery(inTitle, snap.termStates(s, inTitle)), boost * 0.5f),
                    BooleanClause.Occur.SHOULD);
        }
        return b.build();
    }

    /** A query term and its tf·idf weight. */
    private record Weighted(String term, double weight) {
    }

    private static Integer resolve(SiteSnapshot snap, String link) {
        Integer doc = snap.doc(link);
        if (doc == null) {
            int scheme = link.indexOf("://");
            int slash = scheme < 0 ? -1 : link.indexOf('/', scheme + 3);
            if (slash > 0) {
                doc = snap.doc(link.substring(slash));
            }
        }
        return doc;
    }

}
