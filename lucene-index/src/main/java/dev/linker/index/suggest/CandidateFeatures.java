package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.score.ScoreComponents;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.Fields;
import dev.linker.index.rank.RankFeatures;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.linker.index.rank.RankFeature.*;

/** The features of one source's candidates ({@link RankFeatures}); what depends on the source only, once. */
final class CandidateFeatures {
    private final SiteSnapshot snap;
    private final Source src;
    /** The source's words (its title's too). */
    private final Set<String> sourceTerms;
    private final Map<String, Double> sourceTitle = new HashMap<>();
    private final double sourceTitleTotal;

    CandidateFeatures(SiteSnapshot snap, Source src, Map<String, Integer> tf) {
        this.snap = snap;
        this.src = src;
        this.sourceTerms = tf.keySet();
        double total = 0;
        for (String t : Tokens.terms(src.title())) {
            if (!sourceTitle.containsKey(t)) {
                double idf = snap.idf(t);
                sourceTitle.put(t, idf);
                total += idf;
            }
        }
        sourceTitleTotal = total;
        sourceVector = TermVector.of(tf, snap::idf, false);
    }

    private final TermVector sourceVector;

    /**
     * The features of every candidate, in the list's order: what depends on the others (the default weights' rank,
     * each signal against the best candidate's) after what each has alone.
     */
    List<float[]> of(List<Suggestion> cands, Map<Suggestion, Candidate> back) {
        int n = cands.size();
        double[] byDefault = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            byDefault[i] = cands.get(i).components().total(ScoreWeights.DEFAULT);
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -byDefault[i])
                .thenComparing(i -> cands.get(i).url()));
        float[][] f = new float[n][];
        for (int r = 0; r < n; r++) {
            int i = order[r];
            f[i] = of(back.get(cands.get(i)), cands.get(i).components(), byDefault[i], r + 1);
        }
        float score = Float.NEGATIVE_INFINITY;
        float cos = Float.NEGATIVE_INFINITY;
        float tfidf = 0;
        for (float[] x : f) {
            score = Math.max(score, x[DEFAULT_SCORE.ordinal()]);
            cos = Math.max(cos, x[COSINE.ordinal()]);
            tfidf = Math.max(tfidf, x[TFIDF.ordinal()]);
        }
        for (float[] x : f) {
            x[SCORE_TO_BEST.ordinal()] = score - x[DEFAULT_SCORE.ordinal()];
            x[COSINE_TO_BEST.ordinal()] = cos - x[COSINE.ordinal()];
            x[TFIDF_TO_BEST.ordinal()] = tfidf > 0 ? x[TFIDF.ordinal()] / tfidf : 0;
        }
        return Arrays.asList(f);
    }

    private float[] of(Candidate c, ScoreComponents x, double defaultScore, int defaultRank) {
        float[] f = new float[RankFeatures.COUNT];
        PageInfo t = snap.info(c.doc);
        f[DEFAULT_SCORE.ordinal()] = (float) defaultScore;
        f[DEFAULT_RANK.ordinal()] = defaultRank;
        f[LEXICAL.ordinal()] = (float) x.lexical();
        f[BM25.ordinal()] = (float) c.bm25;
        f[COSINE.ordinal()] = (float) c.cosine;
        f[VECTOR_RANK.ordinal()] = c.vectorRank == 0 ? Float.NaN : c.vectorRank;
        f[LEXICAL_RANK.ordinal()] = c.lexicalRank == 0 ? Float.NaN : c.lexicalRank;
        f[NAME.ordinal()] = (float) x.name();
        f[TITLE_WORDS.ordinal()] = (float) x.title();
        boolean dated = src.day() != Fields.UNDATED && t.day() != Fields.UNDATED;
        f[TIME.ordinal()] = dated ? (float) x.time() : Float.NaN;
        f[DATE_GAP.ordinal()] = dated ? (float) (Math.abs(t.day() - (double) src.day()) / 365.25) : Float.NaN;
        f[AUTHORITY.ordinal()] = (float) x.authority();
        int inbound = t.inbound() - (src.inboundDiscount().contains(t.url()) ? 1 : 0);
        f[INBOUND.ordinal()] = (float) Math.log1p(Math.max(0, inbound));
        f[CATEGORY_DISTANCE.ordinal()] = (float) x.categoryDistance();
        f[TARGET_WORDS.ordinal()] = (float) Math.log1p(t.words());
        f[SOURCE_WORDS.ordinal()] = (float) Math.log1p(src.words());
        TitleWords.Title title = snap.titleTerms(c.doc);
        double both = 0;
        double inText = 0;
        for (int i = 0; i < title.terms().length; i++) {
            String w = title.terms()[i];
            if (sourceTitle.containsKey(w)) {
                both += title.idf()[i];
            }
            if (sourceTerms.contains(w)) {
                inText += title.idf()[i];
            }
        }
        double union = title.total() + sourceTitleTotal - both;
        f[TITLE_OVERLAP.ordinal()] = union > 0 ? (float) (both / union) : 0;
        f[TITLE_IN_TEXT.ordinal()] = title.total() > 0 ? (float) (inText / title.total()) : 0;
        f[LINKS_BACK.ordinal()] = src.url() != null && t.links().contains(src.url()) ? 1 : 0;
        f[TARGET_LINKS.ordinal()] = (float) Math.log1p(t.links().size());
        f[SERP.ordinal()] = (float) c.serp;
        TermVector tv = snap.termVector(c.doc);
        f[TFIDF.ordinal()] = (float) sourceVector.cosine(tv);
        return f;
    }
}
