package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.TitleTemplate;
import dev.linker.core.anchor.Tokens;
import dev.linker.index.Fields;
import dev.linker.index.Languages;
import dev.linker.index.PageRecord;
import dev.linker.index.PageView;
import dev.linker.index.Status;
import dev.linker.index.TextRegions;
import dev.linker.index.rank.Prior;
import dev.linker.core.result.LinkerException;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the suggester knows of the site at one index version: every page's {@link PageInfo} by number, URL → number, the
 * name dictionary, and what is computed from them on demand (document frequencies, title words, distinctive terms,
 * TF-IDF vectors, term states, the site's centroid), each through a {@link Memo} with a named limit. The only reader of
 * stored fields for suggestions ({@link #page} is every stage's page as a source); rebuilt when the index changes.
 * Immutable once {@link SnapshotLoader} has built it: the stages read it through its methods, never its fields.
 */
final class SiteSnapshot {
    /** Term states remembered per index version (≈ 0.3 KB each with a few segments). */
    static final int MAX_CACHED_TERM_STATES = 100_000;
    /** Pages whose distinctive terms and TF-IDF vectors are remembered per index version (≈ 3 KB each). */
    static final int MAX_CACHED_PROFILES = 10_000;
    /** Document frequencies remembered per index version (a word and a number each). */
    static final int MAX_DOC_FREQS = 2_000_000;


    /** The index as of this reader: pages' records and vectors by number. */
    private final PageView view;
    private final IndexReader reader;
    private final PageInfo[] infos;
    private final Map<String, Integer> docs;
    private final NameIndex names;
    private final TitleTemplate template;
    /** True when every page is live: vector search then needs no filter (a filter costs O(pages) per query). */
    private final boolean allLive;
    /** Live hubs: when there are none, keeping hubs out needs no filter either. */
    private final int liveHubs;
    /** The live content pages and how many are dated: whether the prior serves the site ({@link Prior.Census}). */
    private final Prior.Census census;
    /** Authority without a hidden source's links: built for the first one (evaluation, tuning). */
    private final Memo.Once<HiddenLinkAuthority> hidden;

    /** Page {@code doc}'s facts. */
    PageInfo info(int doc) {
        return infos[doc];
    }

    /** The number of the page at {@code url}; null when it is not indexed. */
    Integer doc(String url) {
        return docs.get(url);
    }

    /** Page {@code doc}'s vector; null when it has none. */
    float[] vector(int doc) {
        return view.vector(doc);
    }

    /** The searcher over this snapshot's reader. */
    IndexSearcher searcher() {
        return view.searcher();
    }

    /** The reader this snapshot was loaded from (its reference count keeps it open while the snapshot serves). */
    IndexReader reader() {
        return reader;
    }

    /** Every name every page goes by. */
    NameIndex names() {
        return names;
    }

    /** The site's title template (" | Site name"). */
    TitleTemplate template() {
        return template;
    }

    /** True when every page is live. */
    boolean allLive() {
        return allLive;
    }

    /** Live hubs in the index. */
    int liveHubs() {
        return liveHubs;
    }

    /** The live content pages and how many are dated ({@link Prior.Census}). */
    Prior.Census census() {
        return census;
    }

    /**
     * The indexed page at {@code url} as a source: its title and H1, text, where no link may go, vector and facts. With
     * {@code hideOwnLinks} its links are hidden (their text may carry a new link); an {@code UnknownPageException}
     * naming {@code where} when the URL is not indexed. The suggester, the plan and the inbound pass read pages here.
     */
    Source page(String url, boolean hideOwnLinks, String where) {
        int doc = indexed(url, where);
        Text text = text(doc);
        return Source.page(url, text.heading(), text.body(), blocked(doc, hideOwnLinks), view.vector(doc), infos[doc],
                hideOwnLinks);
    }

    /** How pages' authority looks without page {@code doc}'s links (evaluation, tuning). */
    HiddenLinkAuthority.View withoutLinksOf(int doc) {
        return hidden().without(doc, infos[doc], docs, infos[doc].links());
    }

    private HiddenLinkAuthority hidden() {
        return hidden.get();
    }
    /** Hits of recent searches over this reader, for sources asking the same query again. */
    final SearchMemo memo = new SearchMemo();
    /** Document frequencies asked for again and again (common words of every source). */
    private final Memo<String, Integer> df = new Memo<>("document frequencies", MAX_DOC_FREQS);

    /**
     * Term states (per segment: where the postings are, frequencies) of the terms BM25 queries used, so a
     * query built again for a similar source — the same draft a word later — does not seek its 128 terms in
     * every segment again. Bounded; a new index version starts afresh with a new snapshot.
     */
    private final Memo<Term, TermStates> termStates = new Memo<>("BM25 term states", MAX_CACHED_TERM_STATES);

    TermStates termStates(IndexSearcher s, Term term) throws IOException {
        try {
            return termStates.get(term, t -> {
                try {
                    return TermStates.build(s, t, true);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    int docFreq(String term) {
        return df.get(term, t -> {
            try {
                return reader.docFreq(new Term(Fields.ALL, t));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** ln(N / df) of a term over the site (df at least 1). */
    double idf(String term) {
        return Math.log((double) Math.max(1, reader.maxDoc()) / Math.max(1, docFreq(term)));
    }

    /** Candidates' TF-IDF vectors (≈ 3 KB each), for the learned ranker; bounded like the profiles above. */
    private final Memo<Integer, TermVector> termVectors = new Memo<>("TF-IDF vectors", MAX_CACHED_PROFILES);

    TermVector termVector(int doc) {
        return termVectors.get(doc, d -> {
            PageRecord r = view.record(d);
            try (Tokens.Reading ignored = Tokens.readingAs(r.meta().language())) {
                return TermVector.of(TermVector.counts(r.title() + "\n" + r.h1(), Tokens.tokenize(r.body())),
                        this::idf, true);
            }
        });
    }

    /** Each page's title words with their rarity, all of them (for features); filled as pages become candidates. */
    private final Memo<Integer, TitleWords.Title> titleTerms;

    TitleWords.Title titleTerms(int doc) {
        return titleTerms.get(doc, d -> {
            try (Tokens.Reading ignored = Tokens.readingAs(infos[d].language())) {
                return TitleWords.Title.all(infos[d].cleanTitle(), this::docFreq, reader.maxDoc());
            }
        });
    }

    /** Each page's rare title words, filled as pages become candidates. */
    private final Memo<Integer, TitleWords.Title> titles;

    TitleWords.Title title(int doc) {
        return titles.get(doc, d -> {
            try (Tokens.Reading ignored = Tokens.readingAs(infos[d].language())) {
                return TitleWords.Title.of(infos[d].cleanTitle(), this::docFreq, reader.maxDoc());
            }
        });
    }

    /** Distinctive terms of pages that anchors were placed for (bounded: a plan visits many acceptors). */
    private final Memo<Integer, Map<String, Double>> distinctive =
            new Memo<>("distinctive terms", MAX_CACHED_PROFILES);

    Map<String, Double> distinctive(int doc, String name) {
        return distinctive.get(doc, d -> PageTerms.distinctive(name, body(d), site()));
    }

    /** The page's number; an unknown page is an error naming the index ({@code where}). */
    int indexed(String url, String where) {
        Integer doc = docs.get(url);
        if (doc == null) {
            throw new LinkerException("unknown page " + url + " (not in index " + where + ")");
        }
        return doc;
    }

    /** A page's stored text ("" when none). */
    String body(int doc) {
        return stored(doc, BODY).get(Fields.BODY, "");
    }

    /**
     * Where a page's stored text may carry no new link: its headings, code and existing links (but these when
     * {@code hideLinks}).
     */
    List<int[]> blocked(int doc, boolean hideLinks) {
        BytesRef b = stored(doc, REGIONS).binary(Fields.REGIONS);
        return b == null ? List.of() : Source.blocked(TextRegions.decode(
                Arrays.copyOfRange(b.bytes, b.offset, b.offset + b.length)), hideLinks);
    }

    /** A page's title and H1 (one a line) and its text, read together. */
    record Text(String heading, String body) {
    }

    Text text(int doc) {
        Stored d = stored(doc, TEXT);
        return new Text(d.get(Fields.TITLE, "") + "\n" + d.get(Fields.H1, ""), d.get(Fields.BODY, ""));
    }

    private static final Set<String> BODY = Set.of(Fields.BODY);
    private static final Set<String> REGIONS = Set.of(Fields.REGIONS);
    private static final Set<String> TEXT = Set.of(Fields.TITLE, Fields.H1, Fields.BODY);

    /** Some stored fields of one page. */
    private record Stored(Document d) {
        String get(String field, String none) {
            String v = d.get(field);
            return v == null ? none : v;
        }

        BytesRef binary(String field) {
            return d.getBinaryValue(field);
        }
    }

    private Stored stored(int doc, Set<String> fields) {
        try {
            return new Stored(reader.storedFields().document(doc, fields));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** URL key (path and query, see {@link DraftText#urlKey}) to the indexed URLs that have it; built once. */
    private final Memo.Once<Map<String, List<String>>> byKey;

    private Map<String, List<String>> urlsByKey() {
        Map<String, List<String>> m = new HashMap<>();
        for (PageInfo i : infos) {
            if (i != null) {
                m.computeIfAbsent(DraftText.urlKey(i.url()), k -> new ArrayList<>(1)).add(i.url());
            }
        }
        return m;
    }

    private List<String> byKey(String key) {
        return byKey.get().getOrDefault(key, List.of());
    }

    /** The pages a draft links to, and its own: its links and URL may be relative or absolute, they name pages by path. */
    Set<String> linkedFrom(Draft d) {
        Set<String> links = new HashSet<>(d.links());
        for (String l : d.links()) {
            links.addAll(byKey(DraftText.urlKey(l)));
        }
        if (d.url() != null) {
            links.addAll(byKey(DraftText.urlKey(d.url())));
        }
        return links;
    }

    /**
     * A draft's language: the one it gives, else that of the indexed page its URL names (by path, as {@link
     * #linkedFrom}), else the one its words show, else the one most of the site's pages are in, when that language is
     * read by a stemmer of its own ({@link Languages#of}); else "" (any, read as English).
     */
    String language(Draft d) {
        if (!d.language().isBlank()) {
            return d.language();
        }
        for (String url : d.url() == null ? List.<String>of() : byKey(DraftText.urlKey(d.url()))) {
            Integer doc = docs.get(url);
            if (doc != null && infos[doc] != null && !infos[doc].language().isEmpty()) {
                return infos[doc].language();
            }
        }
        String shown = Languages.of(d.title(), d.text());
        if (!shown.isEmpty()) {
            return shown;
        }
        if (siteLanguage == null) {
            siteLanguage = Languages.most(Arrays.stream(infos).filter(i -> i != null).map(PageInfo::language));
        }
        return siteLanguage;
    }

    /** The stemmed language most of the site's pages are in, or ""; found at the first draft that shows none. */
    private volatile String siteLanguage;

    AnchorChooser.Site site() {
        return new AnchorChooser.Site() {
            @Override
            public int docFreq(String term) {
                return SiteSnapshot.this.docFreq(term);
            }

            @Override
            public int docCount() {
                return reader.maxDoc();
            }

            @Override
            public float[] centroid() {
                return SiteSnapshot.this.centroid();
            }
        };
    }

    /** The mean of the live pages' vectors, normalised: what the site is about as a whole. Once per version. */
    private final Memo.Once<float[]> centroid = new Memo.Once<>(this::meanVector);

    float[] centroid() {
        return centroid.get();
    }

    private float[] meanVector() {
        double[] sum = null;
        try {
            for (LeafReaderContext leaf : reader.leaves()) {
                org.apache.lucene.index.FloatVectorValues v = leaf.reader().getFloatVectorValues(Fields.VECTOR);
                if (v == null) {
                    continue;
                }
                org.apache.lucene.index.KnnVectorValues.DocIndexIterator it = v.iterator();
                for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
                    PageInfo info = infos[leaf.docBase + d];
                    if (info == null || info.status() != Status.LIVE) {
                        continue;
                    }
                    float[] x = v.vectorValue(it.index());
                    if (sum == null) {
                        sum = new double[x.length];
                    }
                    for (int j = 0; j < x.length; j++) {
                        sum[j] += x[j];
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (sum == null) {
            return null;
        }
        double norm = 0;
        for (double x : sum) {
            norm += x * x;
        }
        if (norm == 0) {
            return null;
        }
        float[] out = new float[sum.length];
        for (int j = 0; j < out.length; j++) {
            out[j] = (float) (sum[j] / Math.sqrt(norm));
        }
        return out;
    }

    /**
     * The snapshot of {@code view}'s pages ({@code infos} by number, {@code docs} by URL), their names and title
     * template; {@code searchConsoleClicks}: some page's authority blends Search Console clicks in.
     */
    SiteSnapshot(PageView view, PageInfo[] infos, Map<String, Integer> docs, NameIndex names, TitleTemplate template,
                 boolean searchConsoleClicks) {
        this.view = view;
        this.reader = view.searcher().getIndexReader();
        this.infos = infos;
        this.docs = docs;
        this.names = names;
        this.template = template;
        int live = 0;
        int hubs = 0;
        int dated = 0;
        for (PageInfo i : infos) {
            if (i != null && i.status() == Status.LIVE) {
                live++;
                hubs += i.hub() ? 1 : 0;
                dated += !i.hub() && i.day() != Fields.UNDATED ? 1 : 0;
            }
        }
        this.allLive = live == reader.numDocs();
        this.liveHubs = hubs;
        this.census = new Prior.Census(live - hubs, dated);
        this.titles = new Memo<>("rare title words", infos.length);
        this.hidden = new Memo.Once<>(() -> HiddenLinkAuthority.of(infos, docs, searchConsoleClicks));
        this.byKey = new Memo.Once<>(this::urlsByKey);
        this.titleTerms = new Memo<>("title words", infos.length);
    }

}
