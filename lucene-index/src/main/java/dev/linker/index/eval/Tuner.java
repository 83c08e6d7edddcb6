package dev.linker.index.eval;

import dev.linker.core.score.ScoreComponents;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Searches score weights on half of a site's pages and reports them on the other half. Candidates and their
 * components do not depend on the weights, so they are retrieved once and every trial is only a re-ranking: a few
 * hundred trials cost less than one retrieval pass.
 */
public final class Tuner {
    private Tuner() {
    }

    /**
     * @param defaults    the starting point
     * @param trainMetric metrics of the best weights on the training half
     * @param testDefault metrics of the starting weights on the held-out half
     * @param testBest    metrics of the best weights on the held-out half
     */
    public record Result(ScoreWeights defaults, ScoreWeights best, Metrics trainDefault, Metrics trainMetric,
                         Metrics testDefault, Metrics testBest, int trials) {
    }

    /** Weights the search may change (link density is the same for every candidate of a source: it cannot rank). */
    static final String[] SEARCHED = {"lexical", "vector", "name", "authority", "inboundDeficit", "categoryDistance"};
    static final double[] FACTORS = {0, 0.25, 0.5, 0.75, 1.5, 2, 4};

    public static Result tune(Suggester suggester, Map<String, Set<String>> gold, Consumer<String> progress) {
        Map<String, Set<String>> train = new TreeMap<>();
        Map<String, Set<String>> test = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            // Deterministic split by URL hash: reruns compare like with like.
            (Math.floorMod(e.getKey().hashCode() * 0x9E3779B9, 2) == 0 ? train : test).put(e.getKey(), e.getValue());
        }
        Map<String, List<Suggestion>> cands = new HashMap<>();
        int n = 0;
        for (String page : gold.keySet()) {
            cands.put(page, suggester.candidates(page, true, null, Integer.MAX_VALUE, false));
            if (progress != null && ++n % 200 == 0) {
                progress.accept(n + "/" + gold.size() + " pages retrieved");
            }
        }
        ScoreWeights start = suggester.settings().weights();
        ScoreWeights best = start;
        double bestObj = objective(rank(cands, train.keySet(), best), train);
        int trials = 1;
        for (int pass = 0; pass < 3; pass++) {
            boolean improved = false;
            for (String key : SEARCHED) {
                double current = value(best, key);
                List<Double> tries = new ArrayList<>();
                for (double f : FACTORS) {
                    tries.add(current == 0 ? f * 0.1 : current * f);
                }
                for (double v : tries) {
                    ScoreWeights w = best.with(key, round(v));
                    double obj = objective(rank(cands, train.keySet(), w), train);
                    trials++;
                    if (obj > bestObj + 1e-9) {
                        bestObj = obj;
                        best = w;
                        improved = true;
                    }
                }
            }
            if (progress != null) {
                progress.accept("pass " + (pass + 1) + ": " + best);
            }
            if (!improved) {
                break;
            }
        }
        return new Result(start, best, Evaluator.score(rank(cands, train.keySet(), start), train, 10),
                Evaluator.score(rank(cands, train.keySet(), best), train, 10),
                Evaluator.score(rank(cands, test.keySet(), start), test, 10),
                Evaluator.score(rank(cands, test.keySet(), best), test, 10), trials);
    }

    /** recall@5 first, nDCG@10 to break ties between weight sets that find the same links. */
    private static double objective(Map<String, List<String>> ranked, Map<String, Set<String>> gold) {
        Metrics m = Evaluator.score(ranked, gold, 10);
        return m.recallAt5() + 0.1 * m.ndcgAt10();
    }

    private static Map<String, List<String>> rank(Map<String, List<Suggestion>> cands, Set<String> pages,
                                                  ScoreWeights w) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String p : pages) {
            List<Suggestion> c = cands.get(p);
            List<Object[]> scored = new ArrayList<>(c.size());
            for (Suggestion s : c) {
                ScoreComponents x = s.components();
                scored.add(new Object[] {s.url(), x.total(w)});
            }
            scored.sort(Comparator.comparingDouble((Object[] a) -> -(double) a[1]).thenComparing(a -> (String) a[0]));
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < Math.min(10, scored.size()); i++) {
                urls.add((String) scored.get(i)[0]);
            }
            out.put(p, urls);
        }
        return out;
    }

    private static double value(ScoreWeights w, String key) {
        double[] a = w.toArray();
        for (int i = 0; i < ScoreWeights.KEYS.length; i++) {
            if (ScoreWeights.KEYS[i].equals(key)) {
                return a[i];
            }
        }
        throw new IllegalArgumentException(key);
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }
}
