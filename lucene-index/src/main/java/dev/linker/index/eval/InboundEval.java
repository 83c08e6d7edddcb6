package dev.linker.index.eval;

import dev.linker.index.IndexSettings;
import dev.linker.core.anchor.Anchor;
import dev.linker.core.model.Site;
import dev.linker.index.HiddenLinks;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.Inbound;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How well inbound suggestions find the pages that link to a page, judged as a user would judge them from outside
 * ({@code bench/inbound-folds.sh} does it with the CLI): the pages with inbound content links (the gold links of
 * {@link Evaluator#gold}, turned round) are dealt into {@link #FOLDS} folds; for each fold, a copy of the site in which
 * every link from a real source to a target of the fold was never made ({@link HiddenLinks}) is indexed — the vectors
 * of the whole site's index reused, nothing embedded again — and asked which pages should link to each target. The
 * sources suggested are compared with the real ones, and their phrases with the anchors the authors gave those links.
 *
 * @param metrics    recall@5, precision@5, nDCG@10 and MRR of the real sources among those suggested
 * @param recallAt10 recall of the real sources among the first 10 suggested
 * @param anchors    suggested real sources in the first 5 with a known author anchor
 * @param inSentence share of all suggestions whose phrase is in the sentence given with it
 * @param f1         mean token F1 of the suggested phrase with the author's anchor
 * @param titleF1    the same for the target's title as the anchor
 */
public record InboundEval(Metrics metrics, double recallAt10, int anchors, double inSentence, double f1,
                          double titleF1) {
    /** Folds of targets. */
    public static final int FOLDS = 5;
    /** How targets are dealt into folds: sorted, shuffled with this seed, dealt in turn (as the bench script does). */
    public static final long SEED = 20261128L;

    /** Every page's real sources: {@code gold} (source to targets) turned round, in target order. */
    public static Map<String, Set<String>> sources(Map<String, Set<String>> gold) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            for (String target : e.getValue()) {
                out.computeIfAbsent(target, t -> new TreeSet<>()).add(e.getKey());
            }
        }
        return out;
    }

    /** The targets dealt into {@code n} folds ({@link #SEED}). */
    static List<List<String>> folds(Set<String> targets, int n) {
        List<String> order = new ArrayList<>(new TreeSet<>(targets));
        Collections.shuffle(order, new Random(SEED));
        List<List<String>> out = new ArrayList<>();
        for (int f = 0; f < n; f++) {
            List<String> fold = new ArrayList<>();
            for (int i = f; i < order.size(); i += n) {
                fold.add(order.get(i));
            }
            out.add(fold);
        }
        return out;
    }

    /**
     * Judges inbound suggestions of {@code site} in folds.
     *
     * @param records  the index records of a version of the site (the door's reading options)
     * @param base     the index of the whole site: its gold links, vectors and the authors' anchors
     */
    public static InboundEval run(Site site, Function<Site, List<PageRecord>> records, PageIndex base,
                                  SuggestSettings settings, Inbound.Options o, int k, Consumer<String> progress) {
        Map<String, Set<String>> sources = sources(Evaluator.gold(base).links());
        Tally t = new Tally(base, sources);
        int f = 0;
        for (List<String> fold : folds(sources.keySet(), FOLDS)) {
            Map<String, Set<String>> hidden = new HashMap<>();
            for (String target : fold) {
                for (String s : sources.get(target)) {
                    hidden.computeIfAbsent(s, x -> new java.util.HashSet<>()).add(target);
                }
            }
            try (PageIndex copy = PageIndex.inMemory(base.embedder(),
                    IndexSettings.DEFAULT.withEmbed(base.embedMode()).withFormat(base.vectorFormat()))) {
                copy.sync(records.apply(HiddenLinks.without(site, hidden)), true, null, HiddenLinks.vectorsOf(base));
                Suggester s = new Suggester(copy, settings);
                for (String target : fold) {
                    t.add(target, s.inbound(target, o));
                }
            }
            if (progress != null) {
                progress.accept("fold " + ++f + "/" + FOLDS + ": " + fold.size() + " pages' sources ranked");
            }
        }
        return t.result(k);
    }

    /** What the folds found, target by target. */
    private static final class Tally {
        final PageIndex base;
        final Map<String, Set<String>> sources;
        final Map<String, List<String>> ranked = new HashMap<>();
        int suggested;
        int inSentence;
        int anchors;
        double f1;
        double titleF1;

        Tally(PageIndex base, Map<String, Set<String>> sources) {
            this.base = base;
            this.sources = sources;
        }

        void add(String target, List<Suggestion> got) {
            List<String> urls = new ArrayList<>();
            PageRecord t = base.get(target);
            for (int i = 0; i < got.size(); i++) {
                Suggestion s = got.get(i);
                urls.add(s.url());
                Anchor a = s.anchor();
                suggested++;
                if (a.inText() && a.sentence().contains(a.phrase())) {
                    inSentence++;
                }
                List<String> authors = i < 5 && t != null && sources.get(target).contains(s.url())
                        ? AnchorAgreement.authors(t.names(), s.url()) : List.of();
                if (authors.isEmpty()) {
                    continue;
                }
                anchors++;
                double best = 0;
                double bestTitle = 0;
                for (String author : authors) {
                    best = Math.max(best, AnchorAgreement.f1(a.text(), author));
                    bestTitle = Math.max(bestTitle, AnchorAgreement.f1(a.wording(), author));
                }
                f1 += best;
                titleF1 += bestTitle;
            }
            ranked.put(target, urls);
        }

        InboundEval result(int k) {
            return new InboundEval(Evaluator.score(ranked, sources, k), recall(ranked, sources, 10), anchors,
                    suggested == 0 ? 0 : (double) inSentence / suggested, anchors == 0 ? 0 : f1 / anchors,
                    anchors == 0 ? 0 : titleF1 / anchors);
        }
    }

    /** Mean share of each target's real sources among its first {@code depth} suggested. */
    static double recall(Map<String, List<String>> ranked, Map<String, Set<String>> gold, int depth) {
        double sum = 0;
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            List<String> r = ranked.getOrDefault(e.getKey(), List.of());
            int hits = 0;
            for (int i = 0; i < Math.min(depth, r.size()); i++) {
                hits += e.getValue().contains(r.get(i)) ? 1 : 0;
            }
            sum += (double) hits / e.getValue().size();
        }
        return gold.isEmpty() ? 0 : sum / gold.size();
    }
}
