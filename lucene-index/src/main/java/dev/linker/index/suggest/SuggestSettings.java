package dev.linker.index.suggest;

import dev.linker.core.score.ScoreWeights;

import dev.linker.core.result.LinkerException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How suggestions are made.
 *
 * @param weights            score weights
 * @param knnK               vector candidates
 * @param lexicalK           BM25 candidates
 * @param excludes           target URLs matching any of these are never suggested
 * @param forbiddenSafety    source safety class → target safety classes it may not link to
 * @param categoryLevels     -1: no bound; N ≥ 0: targets must lie under the source's category N levels up
 * @param commonWordShare    words on more than this share of pages are dropped from the BM25 query (templates,
 *                           boilerplate)
 * @param serp               optional SERP client (null: off)
 * @param hubTargets         whether hubs (home, tag and category listings, about pages …) may be targets; off by
 *                           default: templates link them already, and prose links should lead to content
 * @param asOfSourceDate     only pages published on or before the source's date are candidates (undated pages
 *                           always are; an undated source has no bound): the site as the author saw it, for
 *                           evaluation on blogs
 * @param anchorSpans        short spans embedded per page, at most, to find the phrase closest in meaning when the
 *                           source neither names the page nor uses its distinctive words (0: that rule is off)
 * @param ranking            the learned ranker or the weights (see {@link Ranking})
 */
public record SuggestSettings(ScoreWeights weights, int knnK, int lexicalK, List<Pattern> excludes,
                              Map<String, Set<String>> forbiddenSafety, int categoryLevels, double commonWordShare,
                              SerpClient serp, boolean hubTargets, boolean asOfSourceDate,
                              int anchorSpans, Ranking ranking) {

    public static final SuggestSettings DEFAULT = new SuggestSettings(ScoreWeights.DEFAULT, 100, 100, List.of(),
            Map.of(), -1, 0.5, null, false, false, 12, Ranking.AUTO);

    public SuggestSettings {
        excludes = List.copyOf(excludes);
        forbiddenSafety = Map.copyOf(forbiddenSafety);
        ranking = ranking == null ? Ranking.AUTO : ranking;
    }

    public SuggestSettings withWeights(ScoreWeights w) {
        return new SuggestSettings(w, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare, serp,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    /**
     * Target URL patterns from their regular expressions; one that does not compile is an error naming it (the door
     * says which option it came from).
     */
    public static List<Pattern> excludes(List<String> regexes) {
        List<Pattern> out = new ArrayList<>();
        for (String x : regexes) {
            try {
                out.add(Pattern.compile(x));
            } catch (PatternSyntaxException e) {
                throw new LinkerException("'" + x + "' is not a valid regular expression: " + e.getDescription());
            }
        }
        return out;
    }

    /** Safety rules {@code FROM=TO} (pages of class FROM may not link to class TO) as FROM → its TOs. */
    public static Map<String, Set<String>> forbiddenSafety(List<String> rules) {
        Map<String, Set<String>> out = new HashMap<>();
        for (String f : rules) {
            int eq = f.indexOf('=');
            if (eq <= 0 || eq == f.length() - 1) {
                throw new LinkerException("'" + f + "' must look like FROM=TO (e.g. kids=adult)");
            }
            out.computeIfAbsent(f.substring(0, eq).strip(), k -> new HashSet<>()).add(f.substring(eq + 1).strip());
        }
        return out;
    }

    public SuggestSettings withExcludes(List<Pattern> p) {
        return new SuggestSettings(weights, knnK, lexicalK, p, forbiddenSafety, categoryLevels, commonWordShare, serp,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    public SuggestSettings withForbiddenSafety(Map<String, Set<String>> f) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, f, categoryLevels, commonWordShare, serp,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    public SuggestSettings withCategoryLevels(int levels) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, levels, commonWordShare, serp,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    /** Candidates taken from HNSW and from BM25 (fewer is faster; plans over large sites may want 30–50). */
    public SuggestSettings withRetrievalDepth(int knn, int lexical) {
        return new SuggestSettings(weights, knn, lexical, excludes, forbiddenSafety, categoryLevels, commonWordShare, serp,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    public SuggestSettings withSerp(SerpClient s) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare, s,
                hubTargets, asOfSourceDate, anchorSpans, ranking);
    }

    public SuggestSettings withAnchorSpans(int spans) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare,
                serp, hubTargets, asOfSourceDate, spans, ranking);
    }

    public SuggestSettings withHubTargets(boolean on) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare,
                serp, on, asOfSourceDate, anchorSpans, ranking);
    }

    public SuggestSettings withRanking(Ranking r) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare,
                serp, hubTargets, asOfSourceDate, anchorSpans, r);
    }

    public SuggestSettings withAsOfSourceDate(boolean on) {
        return new SuggestSettings(weights, knnK, lexicalK, excludes, forbiddenSafety, categoryLevels, commonWordShare,
                serp, hubTargets, on, anchorSpans, ranking);
    }
}
