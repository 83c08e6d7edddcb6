package dev.linker.index.suggest;

import dev.linker.core.score.ScoreWeights;

import dev.linker.core.result.LinkerException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How suggestions are made: how candidates are gathered, which pages may be targets, how anchors are found and how
 * candidates are ranked. Change one setting with a {@code with…} method; a group's own, through
 * {@link #withCandidates(UnaryOperator)} or {@link #withTargets(UnaryOperator)}.
 *
 * @param weights     score weights
 * @param candidates  how many candidates retrieval gathers and from where (see {@link Candidates})
 * @param targets     which pages may be targets of a source (see {@link Targets})
 * @param anchorSpans short spans embedded per page, at most, to find the phrase closest in meaning when the source
 *                    neither names the page nor uses its distinctive words (0: that rule is off)
 * @param ranking     the learned ranker or the weights (see {@link Ranking})
 */
public record SuggestSettings(ScoreWeights weights, Candidates candidates, Targets targets, int anchorSpans,
                              Ranking ranking) {

    public static final SuggestSettings DEFAULT = new SuggestSettings(ScoreWeights.DEFAULT, Candidates.DEFAULT,
            Targets.DEFAULT, 12, Ranking.AUTO);

    public SuggestSettings {
        ranking = ranking == null ? Ranking.AUTO : ranking;
    }

    /**
     * How retrieval gathers candidates.
     *
     * @param knnK            vector candidates
     * @param lexicalK        BM25 candidates
     * @param commonWordShare words on more than this share of pages are dropped from the BM25 query (templates,
     *                        boilerplate)
     * @param serp            optional SERP client (null: off)
     */
    public record Candidates(int knnK, int lexicalK, double commonWordShare, SerpClient serp) {
        /** 100 candidates from each of HNSW and BM25, words on more than half the pages dropped, no SERP. */
        public static final Candidates DEFAULT = new Candidates(100, 100, 0.5, null);

        /** Candidates taken from HNSW and from BM25 (fewer is faster; plans over large sites may want 30–50). */
        public Candidates withDepth(int knn, int lexical) {
            return new Candidates(knn, lexical, commonWordShare, serp);
        }

        /** These settings with another SERP client (null: off). */
        public Candidates withSerp(SerpClient s) {
            return new Candidates(knnK, lexicalK, commonWordShare, s);
        }
    }

    /**
     * Which pages may be targets of a source.
     *
     * @param excludes        target URLs matching any of these are never suggested
     * @param forbiddenSafety source safety class → target safety classes it may not link to
     * @param categoryLevels  -1: no bound; N ≥ 0: targets must lie under the source's category N levels up
     * @param hubTargets      whether hubs (home, tag and category listings, about pages …) may be targets; off by
     *                        default: templates link them already, and prose links should lead to content
     * @param asOfSourceDate  only pages published on or before the source's date are candidates (undated pages
     *                        always are; an undated source has no bound): the site as the author saw it, for
     *                        evaluation on blogs
     */
    public record Targets(List<Pattern> excludes, Map<String, Set<String>> forbiddenSafety, int categoryLevels,
                          boolean hubTargets, boolean asOfSourceDate) {
        /** Every content page of the site: nothing excluded or forbidden, no category bound, no hubs, no date bound. */
        public static final Targets DEFAULT = new Targets(List.of(), Map.of(), -1, false, false);

        public Targets {
            excludes = List.copyOf(excludes);
            forbiddenSafety = Map.copyOf(forbiddenSafety);
        }

        /** These rules with other excluded URL patterns. */
        public Targets withExcludes(List<Pattern> p) {
            return new Targets(p, forbiddenSafety, categoryLevels, hubTargets, asOfSourceDate);
        }

        /** These rules with other forbidden safety pairs (source class → target classes). */
        public Targets withForbiddenSafety(Map<String, Set<String>> f) {
            return new Targets(excludes, f, categoryLevels, hubTargets, asOfSourceDate);
        }

        /** These rules with another category bound (-1: none). */
        public Targets withCategoryLevels(int levels) {
            return new Targets(excludes, forbiddenSafety, levels, hubTargets, asOfSourceDate);
        }

        /** These rules with hubs allowed as targets or not. */
        public Targets withHubTargets(boolean on) {
            return new Targets(excludes, forbiddenSafety, categoryLevels, on, asOfSourceDate);
        }

        /** These rules with the bound to the source's publication date on or off. */
        public Targets withAsOfSourceDate(boolean on) {
            return new Targets(excludes, forbiddenSafety, categoryLevels, hubTargets, on);
        }
    }

    public SuggestSettings withWeights(ScoreWeights w) {
        return new SuggestSettings(w, candidates, targets, anchorSpans, ranking);
    }

    /** These settings with candidates gathered another way. */
    public SuggestSettings withCandidates(Candidates c) {
        return new SuggestSettings(weights, c, targets, anchorSpans, ranking);
    }

    /** These settings with other rules for which pages may be targets. */
    public SuggestSettings withTargets(Targets t) {
        return new SuggestSettings(weights, candidates, t, anchorSpans, ranking);
    }

    public SuggestSettings withAnchorSpans(int spans) {
        return new SuggestSettings(weights, candidates, targets, spans, ranking);
    }

    public SuggestSettings withRanking(Ranking r) {
        return new SuggestSettings(weights, candidates, targets, anchorSpans, r);
    }

    /** These settings with candidates gathered as {@code change} says, e.g. {@code c -> c.withDepth(30, 30)}. */
    public SuggestSettings withCandidates(UnaryOperator<Candidates> change) {
        return withCandidates(change.apply(candidates));
    }

    /** These settings with the target rules {@code change} makes, e.g. {@code t -> t.withHubTargets(true)}. */
    public SuggestSettings withTargets(UnaryOperator<Targets> change) {
        return withTargets(change.apply(targets));
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
}
