package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.AnchorAgreement;
import dev.linker.index.eval.Baselines;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.FoldCopies;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.eval.Metrics;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code linker eval SOURCE}: the site's own in-content links as the judge of the suggestions. */
@Command(header = "Measure suggestion quality against the site's own links (recall@5, nDCG …).",
        name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure suggestion quality on a site: for every page, hide its own in-content links (from "
                        + "the links it already has, inbound counts, anchor names and the PageRank part of authority), "
                        + "suggest from the rest, and report recall@5, precision@5, nDCG@10 and MRR against the hidden "
                        + "links: for the weights, and for a ranker learned from the site's links, judged in 5 copies of "
                        + "the site, each with one fold's pages stripped of their links, indexed and learned again. "
                        + "Hubs (home, listings, about "
                        + "pages, --hub pages) are neither evaluated nor counted as gold targets. --as-of ranks, for "
                        + "each page, only pages published on or before its date; --baselines adds TF-IDF and BM25 "
                        + "under the same protocol. With --drafts, drafts are ranked as the editor ranks them. With --inbound, "
                        + "the pages that link to a page are found again: in 5 folds of pages, each fold's inbound "
                        + "content links removed from a copy of the site, which is indexed and asked which pages "
                        + "should link to each (recall@5 and @10 of the real ones; --baselines: its text as the query)."},
        footer = {"", ExitCode.HELP})
final class EvalCommand implements Callable<Integer> {
    @Mixin
    SiteIndexOptions site;

    @Option(names = "--k", paramLabel = "K", defaultValue = "10", description = "Ranking depth for MRR (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--drafts", paramLabel = "FILE", description = "Instead of the site's links, judge drafts (JSON Lines: id, target, title, text, anchors): page in the top 5, acceptable anchor.")
    Path drafts;

    @Option(names = "--as-of", description = "For each page, only pages published on or before its date are candidates (undated pages always are; an undated page has no bound).")
    boolean asOf;

    @Option(names = "--baselines", description = "Also score TF-IDF cosine and BM25 (whole text as the query) under the same protocol, with the ratio of Linker's recall@5 to the better one.")
    boolean baselines;

    @Option(names = "--learned", negatable = true, defaultValue = "true", fallbackValue = "true", description = "Also score a ranker learned from the site's own links as a user would judge it: in " + FoldCopies.FOLDS + " copies of the site, each without one fold of pages' links (indexed, vectors reused), the ranker learned from the rest ranks that fold, beside the weights in the same copy. Default: on.")
    boolean learned;

    @Option(names = "--prior", paramLabel = "FILE", description = "Judge this prior (a file bench/prior-build.sh writes, e.g. one learned without this site) in place of the one Linker carries.")
    Path priorFile;

    @Mixin
    ProgressOptions log;

    @Mixin
    InboundOptions inbound;

    @Mixin
    SuggestOptions options;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        try (SiteIndexOptions.Indexed indexed = site.open("eval", log)) {
            PageIndex index = indexed.index();
            if (drafts != null) {
                return EvalDrafts.run(indexed, drafts, options, log);
            }
            if (inbound.inbound) {
                return EvalInbound.run(index, site, options, inbound, baselines, k, log);
            }
            Evaluator.Gold g = Evaluator.gold(index);
            Map<String, Set<String>> gold = g.links();
            if (gold.isEmpty()) {
                throw new dev.linker.core.result.LinkerException(site.source + ": no page has in-content links to other "
                        + "pages, so there is nothing to evaluate against" + (site.csvWithoutLinks()
                        ? " (a CSV needs --links links.jsonl or all_inlinks.csv)" : g.toHubs() > 0
                        ? " (all " + g.toHubs() + " content links found point at hubs)" : ""));
            }
            // Judging the weights: the index's own learned ranker has seen every page's links.
            SuggestSettings settings = options.settings().withTargets(t -> t.withAsOfSourceDate(asOf))
                    .withRanking(Ranking.WEIGHTS);
            Suggester s = new Suggester(index, settings);
            long t0 = System.nanoTime();
            Metrics m = Evaluator.run(s, gold, k, log.progress());
            if (!log.quiet) {
                err.printf("linker: evaluated %d pages in %.1f s%n", m.pages(), (System.nanoTime() - t0) / 1e9);
            }
            out.printf(Locale.ROOT, "pages with links: %d%n", m.pages());
            out.printf(Locale.ROOT, "gold links: %d from %d pages (left out: %s to hubs, %d to pages that are not"
                    + " live; %s with links not evaluated)%n", g.linkCount(), gold.size(), EvalTable.plural(g.toHubs(), "link"),
                    g.toNotLive(), EvalTable.plural(g.hubSources(), "hub"));
            if (asOf) {
                out.printf(Locale.ROOT, "as of each page's date: %d of %d pages dated; %d evaluated with no date bound%n",
                        g.dated(), gold.size(), gold.size() - g.dated());
            }
            out.println();
            out.println("                   recall@5  precision@5  nDCG@10    MRR");
            EvalTable.row(out, "weights", m);
            Metrics priorMetrics = EvalTable.prior(index, gold, settings, priorFile, k, log);
            Metrics learnedMetrics = learned ? EvalTable.learned(site, index, settings, k, log) : null;
            Baselines.Result b = null;
            if (baselines) {
                long t1 = System.nanoTime();
                b = Baselines.run(index, gold, settings, k, log.progress());
                if (!log.quiet) {
                    err.printf("linker: baselines in %.1f s%n", (System.nanoTime() - t1) / 1e9);
                }
                EvalTable.row(out, "TF-IDF cosine", b.tfidf());
                EvalTable.row(out, "BM25 (whole text)", b.bm25());
            }
            out.println();
            if (b != null) {
                double best = Math.max(b.tfidf().recallAt5(), b.bm25().recallAt5());
                out.printf(Locale.ROOT, "Linker / best baseline, recall@5: %s (weights)%s%s%n", EvalTable.ratio(m, best),
                        priorMetrics == null ? "" : ", " + EvalTable.ratio(priorMetrics, best) + " (prior)",
                        learnedMetrics == null ? "" : ", " + EvalTable.ratio(learnedMetrics, best) + " (learned)");
            }
            AnchorAgreement a = AnchorAgreement.measure(s, gold, log.progress());
            out.printf(Locale.ROOT, "anchors of top-5 real links (ranked by the weights): %d%n"
                    + "  in the page's text: %5.1f %%%n  exact match:        %5.1f %%%n"
                    + "  token F1:           %.3f (the title as anchor: %.3f)%n  by rule: %s%n", a.links(),
                    100 * a.inText(), 100 * a.exact(), a.f1(), a.titleF1(), a.byRule());
            out.printf(Locale.ROOT, "anchors of all top-5 suggestions: %d%n  with a phrase in the text: %5.1f %%%n"
                    + "  over %d words and not the page's name: %d%n", a.placement().suggestions(),
                    100 * a.placement().inText(), AnchorAgreement.MAX_WORDS, a.placement().overLong());
            out.println("weights: " + s.settings().weights());
            LearnedRanker stored = index.ranker();
            if (stored != null) {
                out.println("the index's own " + stored.report().summary());
            }
        }
        return ExitCode.OK.code();
    }
}
