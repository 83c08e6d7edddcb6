package dev.linker.index.suggest;

import dev.linker.core.embed.Vectors;
import dev.linker.core.score.CategoryPath;
import dev.linker.core.score.ScoreComponents;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TreeModel;
import org.apache.lucene.search.IndexSearcher;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ranking stage: keeps the gathered candidates a source may link to ({@link TargetFilter}), gives each every score
 * component (BM25 only where it can change what is shown: {@link #needingBm25}), orders them by the weights, and lets a
 * learned ranker re-rank the first of them where one is asked for. Anchors come after, from {@link Anchoring}.
 */
final class Ranker {
    private final SuggestSettings settings;
    private final Retrieval retrieval;

    Ranker(SuggestSettings settings, Retrieval retrieval) {
        this.settings = settings;
        this.retrieval = retrieval;
    }

    /**
     * What a ranking returns: at most {@code limit} pages, only among {@code only} (null: any), with their features or
     * not (training rows: ranked by the weights), re-ranked by {@code model} (null: the weights only).
     */
    record Wanted(int limit, Set<String> only, boolean features, TreeModel model) {
    }

    /** The best of the gathered candidates, best first, without anchors. */
    List<Suggestion> rank(IndexSearcher s, SiteSnapshot snap, Source src, Retrieval.Gathered gathered, Wanted want)
            throws IOException {
        Retrieval.Lexical lex = gathered.lexical();
        double maxBm25 = lex.maxBm25();
        int limit = want.limit();
        TargetFilter targets = new TargetFilter(settings, src, want.only(), retrieval.asOfDay(snap, src));
        List<Candidate> kept = new ArrayList<>();
        for (Candidate c : gathered.candidates().values()) {
            if (targets.accepts(snap.info(c.doc))) {
                kept.add(c);
            }
        }
        for (Candidate c : kept) {
            if (Double.isNaN(c.cosine)) {
                float[] v = src.vector() == null ? null : snap.vector(c.doc);
                c.cosine = v == null ? 0 : Vectors.dotDouble(src.vector(), v);
            }
        }
        titleWords(snap, src, kept);
        double density = ScoreComponents.density(src.linkCount(), src.words());
        ScoreWeights w = settings.weights();
        TreeModel model = want.features() ? null : want.model();
        boolean features = want.features() || model != null;
        // A learned ranker is no weighted sum, but it re-ranks the weights' first candidates only: BM25 is needed for
        // those that could be among them.
        int shown = features ? (want.features() ? RankFeatures.RERANKED : Math.max(limit, RankFeatures.RERANKED)) : limit;
        Retrieval.fillBm25(s, lex.query(), needingBm25(snap, src, kept, shown, maxBm25, lex.bound(), density, w));
        for (Candidate c : kept) {
            maxBm25 = Math.max(maxBm25, c.bm25);
        }
        List<Suggestion> out = new ArrayList<>(kept.size());
        Map<Suggestion, Candidate> back = new IdentityHashMap<>();
        for (Candidate c : kept) {
            PageInfo t = snap.info(c.doc);
            ScoreComponents comp = components(snap, src, c, maxBm25 > 0 ? c.bm25 / maxBm25 : 0, density);
            Suggestion sg = new Suggestion(t.url(), t.title(), comp.total(w), comp, null);
            out.add(sg);
            back.put(sg, c);
        }
        out.sort(BEST_FIRST);
        if (features) {
            // The learned ranker re-ranks the weights' first candidates (it learned from those); the rest follow in
            // the weights' order with no score of its.
            int head = Math.min(RankFeatures.RERANKED, out.size());
            List<float[]> f = new CandidateFeatures(snap, src, lex.tf()).of(out.subList(0, head), back);
            for (int i = 0; i < out.size(); i++) {
                Suggestion sg = out.get(i);
                out.set(i, i >= head ? sg.withScore(0) : model == null ? sg.withFeatures(f.get(i))
                        : sg.withScore(model.score(f.get(i))));
            }
            if (want.features()) {
                out = out.subList(0, head);
            } else {
                out.subList(0, head).sort(BEST_FIRST);
            }
        }
        return new ArrayList<>(out.subList(0, Math.min(limit, out.size())));
    }

    private static final Comparator<Suggestion> BEST_FIRST = Comparator.comparingDouble(Suggestion::score).reversed()
            .thenComparing(Suggestion::url);

    /** How much of each candidate's rare title words the source's text holds (when the title weight counts). */
    private void titleWords(SiteSnapshot snap, Source src, List<Candidate> kept) {
        if (settings.weights().title() == 0 || kept.isEmpty()) {
            return;
        }
        TitleWords.Title[] titles = new TitleWords.Title[kept.size()];
        Set<String> all = new HashSet<>();
        for (int i = 0; i < titles.length; i++) {
            titles[i] = snap.title(kept.get(i).doc);
            Collections.addAll(all, titles[i].terms());
        }
        if (!all.isEmpty()) {
            TitleWords words = new TitleWords(src.tokens(), all);
            for (int i = 0; i < titles.length; i++) {
                kept.get(i).title = titles[i] == TitleWords.Title.NONE ? 0
                        : words.score(titles[i], snap.names().fullWeight());
            }
        }
    }

    private static ScoreComponents components(SiteSnapshot snap, Source src, Candidate c, double lexical,
                                              double density) {
        PageInfo t = snap.info(c.doc);
        int inbound = t.inbound() - (src.inboundDiscount().contains(t.url()) ? 1 : 0);
        return new ScoreComponents(new ScoreComponents.Similarity(lexical, Math.max(0, c.cosine)),
                new ScoreComponents.Mention(c.mention == null ? 0 : c.mention.weight(), c.title),
                new ScoreComponents.Standing(src.authority(c.doc, t), ScoreComponents.deficit(inbound)),
                new ScoreComponents.Penalties(density,
                        src.category() == null ? 0 : CategoryPath.normalizedDistance(src.category(), t.category())),
                c.serp, ScoreComponents.time(src.day(), t.day()));
    }

    /**
     * The candidates without a BM25 score that need one: those that could still reach the top {@code limit}. A
     * candidate outside the BM25 hits scores at most {@code bound}, which cannot raise the best score the hits set,
     * so its total lies between its score with no lexical part and with {@code bound}; one whose best case is below
     * the {@code limit}-th worst case among all candidates is left at 0 — it is not shown, so the ranking is the
     * same. This holds while the total grows with the lexical part linearly, by its weight ({@code Bm25ShortcutTest}).
     * Scoring each left-out candidate costs an advance of all 128 clauses.
     */
    private static List<Candidate> needingBm25(SiteSnapshot snap, Source src, List<Candidate> kept, int limit,
                                               double maxBm25, double bound, double density, ScoreWeights w) {
        List<Candidate> todo = new ArrayList<>();
        for (Candidate c : kept) {
            if (c.bm25 == 0) {
                todo.add(c);
            }
        }
        if (bound == 0 || limit <= 0) {
            return List.of(); // the search returned every page the query matches, or nothing is shown
        }
        if (Double.isNaN(bound) || maxBm25 <= 0 || w.lexical() < 0 || kept.size() <= limit) {
            return todo;
        }
        double[] low = new double[kept.size()];
        for (int i = 0; i < low.length; i++) {
            Candidate c = kept.get(i);
            low[i] = components(snap, src, c, c.bm25 / maxBm25, density).total(w);
        }
        double[] sorted = low.clone();
        Arrays.sort(sorted);
        double threshold = sorted[sorted.length - limit];
        double most = w.lexical() * (bound / maxBm25);
        List<Candidate> needed = new ArrayList<>();
        for (Candidate c : todo) {
            if (components(snap, src, c, 0, density).total(w) + most >= threshold - 1e-9) {
                needed.add(c);
            }
        }
        return needed;
    }
}
