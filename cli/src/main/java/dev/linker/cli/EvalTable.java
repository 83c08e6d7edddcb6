package dev.linker.cli;

import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.FoldCopies;
import dev.linker.index.eval.Metrics;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.Trainer;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The rows of {@code linker eval}'s table: one per ranker or baseline, and the ratios under it. */
final class EvalTable {
    private EvalTable() {
    }

    /**
     * The weights' and the learned ranker's rows in fold copies of the site (see {@link FoldCopies}); null when XGBoost
     * cannot run here.
     */
    static Metrics learned(SiteIndexOptions site, PageIndex index, SuggestSettings settings, int k,
                           ProgressOptions log) {
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        long t0 = System.nanoTime();
        FoldCopies folds;
        try {
            SourceLoader loader = site.loader();
            folds = FoldCopies.run(loader.site(), loader::records, index, settings, k, log.progress());
        } catch (Trainer.TrainingException e) {
            err.println("linker: no ranker could be learned here (" + e.getMessage() + ")");
            return null;
        }
        if (!log.quiet) {
            err.printf(Locale.ROOT, "linker: learned and ranked in %d fold copies in %.1f s%n", FoldCopies.FOLDS,
                    (System.nanoTime() - t0) / 1e9);
        }
        out.printf(Locale.ROOT, "in %d copies of the site, each without one fold of pages' links, learned from the "
                + "rest (%s the page also has outside its content left out%s):%n", FoldCopies.FOLDS,
                plural(folds.elsewhere(), "link"), folds.unlearned() == 0 ? ""
                : "; " + folds.unlearned() + " of them with too few links, ranked by the weights");
        row(out, "weights (copies)", folds.weights());
        row(out, "learned (copies)", folds.learned());
        return folds.learned();
    }

    /**
     * The prior's row (the one Linker carries, or {@code file}'s), each page with its own links hidden as for the
     * weights' row, and a line on where it learned: a site it learned from gets the figures it had when held out of it.
     * Null when there is no prior to judge.
     */
    static Metrics prior(PageIndex index, Map<String, Set<String>> gold, SuggestSettings settings, Path file, int k,
                         ProgressOptions log) {
        Prior p = file == null ? Prior.bundled() : Prior.readFile(file);
        if (p == null) {
            return null;
        }
        PrintWriter out = log.out();
        Suggester s = new Suggester(index, settings.withRanking(Ranking.of(LearnedRanker.of(p))));
        Metrics m = Evaluator.run(s, gold, k, log.progress());
        Prior.Census census = s.census();
        row(out, "prior", m);
        Prior.Site from = p.learnedFrom(gold.keySet());
        Prior.HeldOut held = from == null ? null : p.heldOut(from.name());
        out.println("  " + p.summary() + (from == null ? "; none of them is this site, so its row is held out"
                : "; one of them is this site (" + from.name() + "), so its row is not held out"
                + (held == null ? "" : String.format(Locale.ROOT, "; learned without its group (%s) it read recall@5 "
                + "%.3f against %.3f for the weights", held.group(), held.prior(), held.weights())))
                + (census.priorServes() ? "; it ranks this site by default where the site's own links do not beat it"
                : "; by default the weights rank this site: " + census.why()));
        return m;
    }

    static String ratio(Metrics m, double best) {
        return best == 0 ? "n/a (baselines at 0)" : String.format(Locale.ROOT, "%.2f", m.recallAt5() / best);
    }

    static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    static void row(PrintWriter out, String label, Metrics m) {
        out.printf(Locale.ROOT, "%-18s %8.3f %12.3f %8.3f %6.3f%n", label, m.recallAt5(), m.precisionAt5(), m.ndcgAt10(),
                m.mrr());
    }
}
