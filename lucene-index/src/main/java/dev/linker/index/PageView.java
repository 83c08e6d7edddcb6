package dev.linker.index;

import org.apache.lucene.document.Document;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.Bits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The index as of one moment ({@link PageIndex#withView}): pages by URL or by their number in this view, their
 * records and vectors, and the nearest pages to a vector. Numbers hold only within the view.
 */
public final class PageView {
    private final IndexSearcher searcher;
    /** Whether every page is live, once asked (a view may be shared between threads: the answer is the same). */
    private volatile Boolean allLive;

    PageView(IndexSearcher searcher) {
        this.searcher = searcher;
    }

    /** A page and how close its vector is to the one asked for (cosine). */
    public record Neighbour(int doc, double cosine) {
    }

    /** The number of the page with this URL in this view, or -1. */
    public int doc(String url) {
        try {
            TopDocs td = searcher.search(new TermQuery(new Term(Fields.URL, url)), 1);
            return td.scoreDocs.length == 0 ? -1 : td.scoreDocs[0].doc;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pages whose indexed (not analysed) {@code field} holds {@code value}, by number. */
    List<Integer> docsWith(String field, String value) {
        try {
            Query q = new TermQuery(new Term(field, value));
            int n = searcher.count(q);
            List<Integer> out = new ArrayList<>(n);
            if (n > 0) {
                for (ScoreDoc d : searcher.search(q, n).scoreDocs) {
                    out.add(d.doc);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Everything stored of a page. */
    public PageRecord record(int doc) {
        try {
            return PageDocuments.fromDocument(searcher.storedFields().document(doc));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page's URL. */
    public String url(int doc) {
        try {
            return searcher.storedFields().document(doc, Set.of(Fields.URL)).get(Fields.URL);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page's vector, or null when it has none. */
    public float[] vector(int doc) {
        try {
            List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
            LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
            FloatVectorValues v = leaf.reader().getFloatVectorValues(Fields.VECTOR);
            if (v == null) {
                return null;
            }
            KnnVectorValues.DocIndexIterator it = v.iterator();
            int local = doc - leaf.docBase;
            if (it.advance(local) != local) {
                return null;
            }
            return v.vectorValue(it.index()).clone();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pages in this view. */
    public int pages() {
        return searcher.getIndexReader().numDocs();
    }

    /**
     * The {@code k} pages whose vectors are nearest to {@code vector} (approximate, by the HNSW graph), nearest first;
     * only live pages when {@code liveOnly}.
     */
    public List<Neighbour> nearest(float[] vector, int k, boolean liveOnly) {
        try {
            // A filter costs a bitset over all pages per query: none when every page is live.
            if (liveOnly && allLive == null) {
                allLive = searcher.count(live()) == pages();
            }
            Query filter = liveOnly && !allLive ? live() : null;
            TopDocs td = searcher.search(new KnnFloatVectorQuery(Fields.VECTOR, vector, k, filter), k);
            List<Neighbour> out = new ArrayList<>(td.scoreDocs.length);
            for (ScoreDoc h : td.scoreDocs) {
                // DOT_PRODUCT scores are (1 + cos) / 2 on unit vectors.
                out.add(new Neighbour(h.doc, 2.0 * h.score - 1.0));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Query live() {
        return new TermQuery(new Term(Fields.STATUS, Status.LIVE.id()));
    }

    /** What identifies the index version this view sees: equal for two views of one version. */
    public Object version() {
        var helper = searcher.getIndexReader().getReaderCacheHelper();
        return helper == null ? searcher.getIndexReader() : helper.getKey();
    }

    /** Lucene's searcher of this view, for the suggestion engine's own queries (BM25, filtered vector search). */
    public IndexSearcher searcher() {
        return searcher;
    }

    /** Stored fields of a page, only those named. */
    Document stored(int doc, Set<String> fields) {
        try {
            return searcher.storedFields().document(doc, fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every page in this view, with the stored {@code fields} read, as {@link PageIndex#forEachStored} hands them. */
    void forEachStored(Set<String> fields, Consumer<StoredPage> f) {
        try {
            for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                StoredFields sf = leaf.reader().storedFields();
                Bits live = leaf.reader().getLiveDocs();
                for (int i = 0; i < leaf.reader().maxDoc(); i++) {
                    if (live != null && !live.get(i)) {
                        continue;
                    }
                    Document d = sf.document(i, fields);
                    f.accept(new StoredPage() {
                        @Override
                        public String get(String field) {
                            return d.get(field);
                        }

                        @Override
                        public String[] getAll(String field) {
                            return d.getValues(field);
                        }
                    });
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** URLs of the pages (only live ones when {@code liveOnly}), sorted. */
    public List<String> urls(boolean liveOnly) {
        List<String> out = new java.util.ArrayList<>();
        forEachStored(Set.of(Fields.URL, Fields.STATUS), d -> {
            if (!liveOnly || Status.LIVE.id().equals(d.get(Fields.STATUS))) {
                out.add(d.get(Fields.URL));
            }
        });
        java.util.Collections.sort(out);
        return out;
    }

    /** URL → content hash of every page. */
    public Map<String, String> hashes() {
        Map<String, String> out = new java.util.HashMap<>();
        forEachStored(Set.of(Fields.URL, Fields.HASH), d -> out.put(d.get(Fields.URL), d.get(Fields.HASH)));
        return out;
    }
}
