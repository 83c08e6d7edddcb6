package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.Metrics;
import dev.linker.index.eval.Tuner;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
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

/** {@code linker tune SOURCE}: search score weights on half the pages, report on the other half, write the best. */
@Command(header = "Tune the score weights to a site and write them to a file.",
        name = "tune", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tune the score weights to a site, with its own in-content links as the judge: search on half "
                        + "the pages, report on the other half, and write the best weights to a file for --weights. "
                        + "Then say whether a ranker learned from the site's links beats the weights on pages it never "
                        + "saw: the one 'linker index' learned in --index DIR (which tune only reads), or one learned "
                        + "as 'linker index' learns it in a temporary index."},
        footer = {"", ExitCode.HELP})
final class TuneCommand implements Callable<Integer> {
    @Mixin
    SiteIndexOptions site;

    @Option(names = {"-o", "--output"}, defaultValue = "linker-weights.properties", paramLabel = "FILE", description = "Where to write the weights (default: ${DEFAULT-VALUE}).")
    Path output;

    @Option(names = "--as-of", description = "Tune under the as-of protocol: for each page, only pages published on or before its date are candidates (see 'linker eval --as-of').")
    boolean asOf;

    @Mixin
    ProgressOptions log;

    @Mixin
    SuggestOptions options;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = log.out();
        try (SiteIndexOptions.Indexed indexed = site.open("tune", log)) {
            PageIndex index = indexed.index();
            Map<String, Set<String>> gold = Evaluator.goldLinks(index);
            if (gold.size() < 10) {
                throw new dev.linker.core.result.LinkerException(site.source + ": only " + gold.size() + " pages have "
                        + "in-content links; tuning needs at least 10" + (site.csvWithoutLinks()
                        ? " (a CSV needs --links)" : ""));
            }
            SuggestSettings settings = options.settings().withTargets(r -> r.withAsOfSourceDate(asOf))
                    .withRanking(Ranking.WEIGHTS);
            Tuner.Result t = Tuner.tune(new Suggester(index, settings), gold, log.progress());
            t.best().write(output, "linker tune " + site.source + "\nheld-out half: " + t.testBest()
                    + "\nstarting weights on it: " + t.testDefault());
            out.println("               recall@5  precision@5  nDCG@10   MRR    (pages)");
            row(out, "train, start", t.trainDefault());
            row(out, "train, tuned", t.trainMetric());
            row(out, "test,  start", t.testDefault());
            row(out, "test,  tuned", t.testBest());
            out.println("start: " + t.defaults());
            out.println("tuned: " + t.best());
            out.println("wrote " + output + " (" + t.trials() + " weight sets tried); use it with --weights " + output);
            // The other way to fit a site: a ranker learned from its links (what 'linker index' kept in a given index).
            LearnedRanker r = indexed.learned(log);
            if (r != null) {
                out.println(r.report().summary());
            }
        }
        return ExitCode.OK.code();
    }

    private static void row(PrintWriter out, String label, Metrics m) {
        out.printf(Locale.ROOT, "%-14s %8.3f %12.3f %8.3f %6.3f   (%d)%n", label, m.recallAt5(), m.precisionAt5(),
                m.ndcgAt10(), m.mrr(), m.pages());
    }
}
