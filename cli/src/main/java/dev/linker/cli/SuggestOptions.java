package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SerpClient;
import dev.linker.index.suggest.SuggestSettings;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Options that shape suggestions, shared by suggest, plan, eval and tune. Precedence: defaults < --weights < --weight. */
final class SuggestOptions {
    @Option(names = "--weights", paramLabel = "FILE", description = "Score weights file (as written by 'linker tune').")
    Path weightsFile;

    @Option(names = "--weight", paramLabel = "KEY=VALUE", description = "One weight: lexical, vector, name, authority, inboundDeficit, linkDensity, categoryDistance, serp, title, time.")
    Map<String, Double> weight = new HashMap<>();

    @Option(names = "--ranker", paramLabel = "R", defaultValue = "auto", description = "auto (default): what ranked best on pages of the site it never saw: the model 'linker index' learned from the site's own links, else, on a site of 50 pages or more, mostly undated (documentation, a wiki, a shop), the prior Linker learned from other sites' links unless the weights beat it there, else the weights; drafts (--text-file, --query, eval --drafts) by " + SuggestOptions.DRAFTS + "; learned: the model 'linker index' learned, whatever its held-out decision, drafts too (an index without one is refused); prior: the prior, whatever the site, drafts too; weights: always the weights (what --weights and --weight imply).")
    String ranker;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Never suggest target URLs matching this (repeatable).")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--category-levels", paramLabel = "N", defaultValue = "-1", description = "Only targets within the source's category N levels up (default: no bound).")
    int categoryLevels;

    @Option(names = "--forbid-safety", paramLabel = "FROM=TO", description = "Pages of safety class FROM may not link to class TO (repeatable).")
    List<String> forbidSafety = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "K", defaultValue = "100", description = "Candidates taken from the vector index and from BM25 each (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--hub-targets", description = "Also suggest hubs (home, tag/category/archive listings, about pages, --hub pages) as targets; by default they are left out.")
    boolean hubTargets;

    @Option(names = "--serp-domain", paramLabel = "DOMAIN", description = "Add SERP candidates for site:DOMAIN (needs --serp-key or LINKER_SERP_API_KEY).")
    String serpDomain;

    @Option(names = "--serp-key", paramLabel = "KEY", description = "Serper-compatible API key (default: $LINKER_SERP_API_KEY).")
    String serpKey;

    @Option(names = "--serp-endpoint", paramLabel = "URL", description = "Serper-compatible search endpoint (default " + SerpClient.DEFAULT_ENDPOINT + ").")
    String serpEndpoint;

    /** What --ranker auto ranks drafts by, in words. */
    static final String DRAFTS = "the weights";

    ScoreWeights weights() {
        return ScoreWeights.of(weightsFile, weight);
    }

    /** The learned ranker unless the weights are asked for, by name or by giving them. */
    Ranking ranking() {
        return switch (ranker) {
            case "auto" -> weightsFile != null || !weight.isEmpty() ? Ranking.WEIGHTS : Ranking.AUTO;
            case "weights" -> Ranking.WEIGHTS;
            case "learned" -> Ranking.LEARNED;
            case "prior" -> Ranking.PRIOR;
            default -> throw new LinkerException("--ranker must be auto, learned, prior or weights, not '" + ranker
                    + "'");
        };
    }

    SuggestSettings settings() {
        List<Pattern> patterns;
        try {
            patterns = SuggestSettings.excludes(excludes);
        } catch (LinkerException e) {
            throw new LinkerException("--exclude " + e.getMessage());
        }
        Map<String, Set<String>> forbidden;
        try {
            forbidden = SuggestSettings.forbiddenSafety(forbidSafety);
        } catch (LinkerException e) {
            throw new LinkerException("--forbid-safety " + e.getMessage());
        }
        SuggestSettings s = SuggestSettings.DEFAULT.withWeights(weights()).withTargets(t -> t.withExcludes(patterns)
                .withForbiddenSafety(forbidden).withCategoryLevels(categoryLevels).withHubTargets(hubTargets))
                .withRanking(ranking());
        if (depth < 1) {
            throw new LinkerException("--depth must be at least 1");
        }
        s = s.withCandidates(c -> c.withDepth(depth, depth));
        if (serpDomain != null) {
            String key = serpKey != null ? serpKey : System.getenv("LINKER_SERP_API_KEY");
            SerpClient serp = new SerpClient(serpEndpoint, key, serpDomain, 10, Duration.ofSeconds(20));
            s = s.withCandidates(c -> c.withSerp(serp));
        }
        return s;
    }
}
