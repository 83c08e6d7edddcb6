package dev.linker.index.eval;

import dev.linker.core.model.PageKind;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.Status;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The site's own editorial links as the judge: for every content page, hide its in-content links, suggest from the
 * rest, and compare with what was hidden. recall@5 and precision@5 on the top 5, nDCG@10 (binary relevance) and MRR
 * on the top {@code k}. Hubs take no part (see {@link #gold}); with the suggester's as-of setting, each source only
 * sees pages published by its own date.
 */
public final class Evaluator {
    private Evaluator() {
    }

    /**
     * The judge: each evaluated page's in-content links to other pages, and what was left out of it.
     *
     * @param links         source page → the content pages it links to from its content; sources are live content
     *                      pages with at least one such link
     * @param dated         sources with a publication date (the as-of bound applies to them)
     * @param toHubs        links left out because they point at hubs (home, listings, about …)
     * @param toNotLive     links left out because they point at pages that are not live (a redirect stub in a loop)
     * @param hubSources    hubs with content links, not evaluated as sources
     */
    public record Gold(Map<String, Set<String>> links, int dated, int toHubs, int toNotLive, int hubSources) {
        public int linkCount() {
            return links.values().stream().mapToInt(Set::size).sum();
        }
    }

    /** {@link #gold(PageIndex)}'s links: page → its in-content link targets that are live content pages. */
    public static Map<String, Set<String>> goldLinks(PageIndex index) {
        return gold(index).links();
    }

    /**
     * Every live content page's in-content links to other live content pages of the index. Hubs are neither sources
     * (their links are lists, not editorial choices) nor targets (suggestions leave them out by default, and a link
     * to the home page or a tag listing is template work, not what a writer picks).
     */
    public static Gold gold(PageIndex index) {
        Map<String, String[]> links = new LinkedHashMap<>();
        Set<String> live = new HashSet<>();
        Set<String> hubs = new HashSet<>();
        Set<String> dated = new HashSet<>();
        Set<String> known = new HashSet<>();
        index.forEachStored(FIELDS, d -> {
            String url = d.get(Fields.URL);
            known.add(url);
            if (PageKind.parse(d.get(Fields.KIND)).isHub()) {
                hubs.add(url);
            }
            if (Status.LIVE.id().equals(d.get(Fields.STATUS))) {
                live.add(url);
            }
            if (d.get(Fields.PUBLISHED) != null) {
                dated.add(url);
            }
            links.put(url, d.getAll(Fields.LINKS));
        });
        Map<String, Set<String>> out = new TreeMap<>();
        int[] toHubs = new int[1];
        int[] toNotLive = new int[1];
        int[] hubSources = new int[1];
        links.forEach((src, targets) -> {
            if (!live.contains(src)) {
                return; // a redirect stub's "moved" link is no editorial choice
            }
            Set<String> g = new HashSet<>();
            int hubLinks = 0;
            int notLive = 0;
            for (String t : targets) {
                if (t.equals(src) || !known.contains(t)) {
                    continue;
                }
                if (hubs.contains(t)) {
                    hubLinks++;
                } else if (!live.contains(t)) {
                    notLive++;
                } else {
                    g.add(t);
                }
            }
            if (hubs.contains(src)) {
                hubSources[0] += g.isEmpty() && hubLinks == 0 ? 0 : 1;
                return;
            }
            toHubs[0] += hubLinks;
            toNotLive[0] += notLive;
            if (!g.isEmpty()) {
                out.put(src, g);
            }
        });
        int datedSources = (int) out.keySet().stream().filter(dated::contains).count();
        return new Gold(out, datedSources, toHubs[0], toNotLive[0], hubSources[0]);
    }

    private static final Set<String> FIELDS = Set.of(Fields.URL, Fields.LINKS, Fields.KIND, Fields.STATUS,
            Fields.PUBLISHED);

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
