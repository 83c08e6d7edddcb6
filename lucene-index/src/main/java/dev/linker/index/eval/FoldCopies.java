package dev.linker.index.eval;

import dev.linker.index.IndexSettings;
import dev.linker.core.model.Site;
import dev.linker.index.HiddenLinks;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The learned ranker judged as a user judges it from outside ({@code bench/outbound-folds.sh} does it with the CLI).
 * The pages with content links (the sources of {@link Evaluator#gold}) are dealt into {@link #FOLDS} folds by a hash of
 * their address. For each fold, a copy of the site in which the fold's pages lost those links together (every
 * {@code <a>} to them unwrapped, its text kept: {@link HiddenLinks}) is indexed, the whole site's vectors reused and
 * nothing embedded again; the copy learns from its links as {@code linker index} learns, and ranks the fold's pages
 * twice: by the weights, and by the model it learned whatever its own decision (as {@code linker suggest --ranker
 * learned} would). A page is judged on the links suggest could give it: a target it also links outside its content
 * (navigation, header, footer) is never suggested to it, so that link stays, and is left out of its gold.
 *
 * @param weights   the weights' figures on the folds' pages
 * @param learned   the learned models' figures on the same pages (the weights' where a copy had too few links)
 * @param elsewhere links left out because the page links the target outside its content too
 * @param unlearned folds whose copy had too few links to learn from
 */
public record FoldCopies(Metrics weights, Metrics learned, int elsewhere, int unlearned) {
    /** Folds of sources. */
    public static final int FOLDS = 5;

    /**
     * Judges the weights and the learned ranker of {@code site} in fold copies.
     *
     * @param records  the index records of a version of the site (the door's reading options)
     * @param base     the index of the whole site: its gold links and vectors
     * @param settings how suggestions are made (an as-of bound, exclusions …); the ranking is set here
     */
    public static FoldCopies run(Site site, Function<Site, List<PageRecord>> records, PageIndex base,
                                 SuggestSettings settings, int k, Consumer<String> progress) {
        Map<String, Set<String>> gold = Evaluator.gold(base).links();
        Map<String, Set<String>> judged = new TreeMap<>();
        Map<String, List<String>> byWeights = new HashMap<>();
        Map<String, List<String>> byModel = new HashMap<>();
        int depth = Math.max(10, k);
        int elsewhere = 0;
        int unlearned = 0;
        int f = 0;
        for (List<String> fold : folds(gold.keySet())) {
            Map<String, Set<String>> hidden = new TreeMap<>();
            for (String page : fold) {
                Set<String> left = new HashSet<>(gold.get(page));
                left.removeAll(HiddenLinks.outsideContent(site, page));
                elsewhere += gold.get(page).size() - left.size();
                if (!left.isEmpty()) {
                    hidden.put(page, left);
                }
            }
            try (PageIndex copy = PageIndex.inMemory(base.embedder(),
                    IndexSettings.DEFAULT.withEmbed(base.embedMode()).withFormat(base.vectorFormat()))) {
                copy.sync(records.apply(HiddenLinks.without(site, hidden)), true, null, HiddenLinks.vectorsOf(base));
                LearnedRanker r = Learning.train(copy, null, progress);
                unlearned += r.model() == null ? 1 : 0;
                Suggester weights = new Suggester(copy, settings.withRanking(Ranking.WEIGHTS));
                Suggester model = null;
                if (r.model() != null) {
                    copy.setRanker(r);
                    model = new Suggester(copy, settings.withRanking(Ranking.LEARNED));
                }
                for (String page : hidden.keySet()) {
                    judged.put(page, hidden.get(page));
                    byWeights.put(page, urls(weights.candidates(page, false, null, depth, false)));
                    byModel.put(page, model == null ? byWeights.get(page)
                            : urls(model.candidates(page, false, null, depth, false)));
                }
            }
            if (progress != null) {
                progress.accept("fold " + ++f + "/" + FOLDS + ": " + fold.size() + " pages learned without and ranked");
            }
        }
        return new FoldCopies(Evaluator.score(byWeights, judged, k), Evaluator.score(byModel, judged, k), elsewhere,
                unlearned);
    }

    /**
     * The sources dealt into folds by a hash of each address alone (Java's {@code String.hashCode}, mixed), so a page
     * added or gone moves no other page, and a script outside can deal them alike.
     */
    static List<List<String>> folds(Set<String> sources) {
        List<List<String>> out = new ArrayList<>();
        for (int f = 0; f < FOLDS; f++) {
            out.add(new ArrayList<>());
        }
        for (String url : new java.util.TreeSet<>(sources)) {
            out.get(fold(url)).add(url);
        }
        return out;
    }

    static int fold(String url) {
        int h = url.hashCode() * 0x9E3779B9;
        return Math.floorMod(h ^ (h >>> 16), FOLDS);
    }

    private static List<String> urls(List<Suggestion> got) {
        List<String> out = new ArrayList<>(got.size());
        got.forEach(s -> out.add(s.url()));
        return out;
    }
}
