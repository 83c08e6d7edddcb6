package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.core.site.Csv;
import dev.linker.index.PageIndex;
import dev.linker.index.PageView;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

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
        long count = index.withView(view -> {
            long n = 0;
            for (String url : index.urls(true)) {
                int doc = view.doc(url);
                float[] v = view.vector(doc);
                if (v == null) {
                    continue;
                }
                int k = 32;
                List<PageView.Neighbour> hits = view.nearest(v, k, true);
                while (hits.size() == k && hits.get(k - 1).cosine() >= minSimilarity && k < view.pages()) {
                    k *= 2;
                    hits = view.nearest(v, k, true);
                }
                for (PageView.Neighbour h : hits) {
                    if (h.doc() == doc || h.cosine() < minSimilarity) {
                        continue;
                    }
                    String other = view.url(h.doc());
                    if (url.compareTo(other) < 0) {
                        out.println(Csv.cell(url) + "," + Csv.cell(other) + ","
                                + String.format(Locale.ROOT, "%.4f", h.cosine()));
                        n++;
                    }
                }
            }
            return n;
        });
        out.flush();
        return count;
    }

    /** The full cosine matrix as CSV (header row of URLs); refused above {@link #MAX_MATRIX_PAGES} pages. */
    public static void matrix(PageIndex index, PrintWriter out) {
        List<String> urls = index.urls(true);
        if (urls.size() > MAX_MATRIX_PAGES) {
            throw new LinkerException("--matrix: the site has " + urls.size() + " live pages; a full matrix is "
                    + "limited to " + MAX_MATRIX_PAGES + " (use pairs with --min-similarity instead)");
        }
        index.withView(view -> {
            float[][] v = new float[urls.size()][];
            for (int i = 0; i < urls.size(); i++) {
                v[i] = view.vector(view.doc(urls.get(i)));
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
}
