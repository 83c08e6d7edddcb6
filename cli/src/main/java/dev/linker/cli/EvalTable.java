package dev.linker.cli;

import dev.linker.index.eval.Learning;
import dev.linker.index.eval.Metrics;
import dev.linker.index.rank.Trainer;
import dev.linker.index.suggest.Suggester;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The rows of {@code linker eval}'s table: one per ranker or baseline, and the ratios under it. */
final class EvalTable {
    private EvalTable() {
    }

    /** The learned ranker's row (see {@link Learning#heldOut}); null when XGBoost cannot run here. */
    static Metrics learned(Suggester s, Map<String, Set<String>> gold, boolean dated, ProgressOptions log) {
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        long t0 = System.nanoTime();
        Learning.CrossValidation cv;
        try {
            cv = Learning.heldOut(s, gold, dated, log.progress());
        } catch (Trainer.TrainingException e) {
            err.println("linker: no ranker could be learned here (" + e.getMessage() + ")");
            return null;
        }
        if (!log.quiet) {
            err.printf(Locale.ROOT, "linker: learned ranker cross-validated on %d pages in %.1f s%n",
                    cv.defaults().pages(), (System.nanoTime() - t0) / 1e9);
        }
        if (cv.defaults().pages() < gold.size()) {
            row(out, "weights (sample)", cv.defaults());
        }
        row(out, "learned, " + Learning.FOLDS + " folds", cv.learned());
        return cv.learned();
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
