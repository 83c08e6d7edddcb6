package dev.linker.index.eval;

import dev.linker.index.PageIndex;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.Bits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The site's own editorial links as the judge: for every page, hide its in-content links, suggest from the rest,
 * and compare with what was hidden. recall@5 and precision@5 on the top 5, nDCG@10 (binary relevance) and MRR on
 * the top {@code k}.
 */
public final class Evaluator {
    private Evaluator() {
    }

    /** Page → its in-content link targets that are pages of the index (self links dropped). */
    public static Map<String, Set<String>> goldLinks(PageIndex index) {
        return index.withSearcher(s -> {
            Map<String, Set<String>> out = new TreeMap<>();
            Set<String> urls = new HashSet<>();
            Map<String, String[]> links = new LinkedHashMap<>();
            try {
                for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
                    StoredFields sf = leaf.reader().storedFields();
                    Bits live = leaf.reader().getLiveDocs();
                    for (int i = 0; i < leaf.reader().maxDoc(); i++) {
                        if (live != null && !live.get(i)) {
                            continue;
                        }
                        Document d = sf.document(i, Set.of(dev.linker.index.Fields.URL, dev.linker.index.Fields.LINKS));
                        String url = d.get(dev.linker.index.Fields.URL);
                        urls.add(url);
                        links.put(url, d.getValues(dev.linker.index.Fields.LINKS));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            links.forEach((src, targets) -> {
                Set<String> g = new HashSet<>();
                for (String t : targets) {
                    if (!t.equals(src) && urls.contains(t)) {
                        g.add(t);
                    }
                }
                if (!g.isEmpty()) {
                    out.put(src, g);
                }
            });
            return out;
        });
    }

    public static Metrics run(Suggester suggester, Map<String, Set<String>> gold, int k, Consumer<String> progress) {
        return run(suggester, gold, k, progress, null);
    }

    /** @param perPage receives each page's ranked URLs (for reports); may be null */
    public static Metrics run(Suggester suggester, Map<String, Set<String>> gold, int k, Consumer<String> progress,
                              java.util.function.BiConsumer<String, List<String>> perPage) {
        int depth = Math.max(10, k);
        Map<String, List<String>> ranked = new LinkedHashMap<>();
        int n = 0;
        for (String page : gold.keySet()) {
            List<String> urls = new ArrayList<>();
            for (Suggestion sg : suggester.candidates(page, true, null, depth, false)) {
                urls.add(sg.url());
            }
            ranked.put(page, urls);
            if (perPage != null) {
                perPage.accept(page, urls);
            }
            n++;
            if (progress != null && n % 200 == 0) {
                progress.accept(n + "/" + gold.size() + " pages evaluated");
            }
        }
        return score(ranked, gold, k);
    }

    /** Metrics of ranked lists against the gold links (pages missing from {@code ranked} count as all misses). */
    public static Metrics score(Map<String, List<String>> ranked, Map<String, Set<String>> gold, int k) {
        double recall = 0;
        double precision = 0;
        double ndcg = 0;
        double mrr = 0;
        int n = 0;
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            Set<String> relevant = e.getValue();
            List<String> r = ranked.getOrDefault(e.getKey(), List.of());
            int hits5 = 0;
            double dcg = 0;
            double rr = 0;
            for (int i = 0; i < r.size() && i < Math.max(10, k); i++) {
                boolean rel = relevant.contains(r.get(i));
                if (rel && i < 5) {
                    hits5++;
                }
                if (rel && i < 10) {
                    dcg += 1.0 / log2(i + 2);
                }
                if (rel && rr == 0 && i < k) {
                    rr = 1.0 / (i + 1);
                }
            }
            double idcg = 0;
            for (int i = 0; i < Math.min(10, relevant.size()); i++) {
                idcg += 1.0 / log2(i + 2);
            }
            recall += (double) hits5 / relevant.size();
            precision += hits5 / 5.0;
            ndcg += dcg / idcg;
            mrr += rr;
            n++;
        }
        if (n == 0) {
            return new Metrics(0, 0, 0, 0, 0);
        }
        return new Metrics(n, recall / n, precision / n, ndcg / n, mrr / n);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
