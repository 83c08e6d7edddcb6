package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.core.site.Csv;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Page pairs above a similarity through the HNSW index: each page asks for its nearest neighbours, doubling k until
 * the farthest one falls below the threshold, so the work grows with the number of similar pairs, not with n².
 * Each unordered pair is written once (source sorts before target).
 */
public final class Pairs {
    /** Above this many pages a full similarity matrix is refused (it would be n² numbers). */
    public static final int MAX_MATRIX_PAGES = 5000;

    private Pairs() {
    }

    /** Writes {@code source,target,similarity}; returns the number of pairs. */
    public static long write(PageIndex index, double minSimilarity, PrintWriter out) {
        out.println("source,target,similarity");
        long[] count = {0};
        index.withSearcher(s -> {
            try {
                // A filter costs a bitset over all pages per query: skip it when every page is live.
                org.apache.lucene.search.Query filter = s.count(live()) == s.getIndexReader().numDocs() ? null : live();
                for (String url : index.urls(true)) {
                    int doc = PageIndex.docId(s, url);
                    float[] v = PageIndex.vector(s, doc);
                    if (v == null) {
                        continue;
                    }
                    int k = 32;
                    while (true) {
                        TopDocs td = s.search(new KnnFloatVectorQuery(Fields.VECTOR, v, k, filter), k);
                        ScoreDoc[] hits = td.scoreDocs;
                        boolean more = hits.length == k && cosine(hits[hits.length - 1]) >= minSimilarity
                                && k < s.getIndexReader().numDocs();
                        if (more) {
                            k *= 2;
                            continue;
                        }
                        for (ScoreDoc h : hits) {
                            double c = cosine(h);
                            if (h.doc == doc || c < minSimilarity) {
                                continue;
                            }
                            String other = s.storedFields().document(h.doc, Set.of(Fields.URL)).get(Fields.URL);
                            if (url.compareTo(other) < 0) {
                                out.println(Csv.cell(url) + "," + Csv.cell(other) + ","
                                        + String.format(Locale.ROOT, "%.4f", c));
                                count[0]++;
                            }
                        }
                        break;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return null;
        });
        out.flush();
        return count[0];
    }

    /** The full cosine matrix as CSV (header row of URLs); refused above {@link #MAX_MATRIX_PAGES} pages. */
    public static void matrix(PageIndex index, PrintWriter out) {
        List<String> urls = index.urls(true);
        if (urls.size() > MAX_MATRIX_PAGES) {
            throw new LinkerException("--matrix: the site has " + urls.size() + " live pages; a full matrix is "
                    + "limited to " + MAX_MATRIX_PAGES + " (use pairs with --min-similarity instead)");
        }
        index.withSearcher(s -> {
            float[][] v = new float[urls.size()][];
            for (int i = 0; i < urls.size(); i++) {
                v[i] = PageIndex.vector(s, PageIndex.docId(s, urls.get(i)));
            }
            StringBuilder sb = new StringBuilder("url");
            for (String u : urls) {
                sb.append(',').append(Csv.cell(u));
            }
            out.println(sb);
            for (int i = 0; i < urls.size(); i++) {
                sb.setLength(0);
                sb.append(Csv.cell(urls.get(i)));
                for (int j = 0; j < urls.size(); j++) {
                    double d = 0;
                    for (int x = 0; x < v[i].length; x++) {
                        d += v[i][x] * v[j][x];
                    }
                    sb.append(',').append(String.format(Locale.ROOT, "%.4f", d));
                }
                out.println(sb);
            }
            return null;
        });
        out.flush();
    }

    private static org.apache.lucene.search.Query live() {
        return new BooleanQuery.Builder().add(new MatchAllDocsQuery(), BooleanClause.Occur.MUST)
                .add(new TermQuery(new Term(Fields.STATUS, "live")), BooleanClause.Occur.FILTER).build();
    }

    /** DOT_PRODUCT scores are (1 + cos) / 2 on unit vectors. */
    private static double cosine(ScoreDoc d) {
        return 2.0 * d.score - 1.0;
    }

}
