package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.SourceLoader;
import dev.linker.index.eval.Baselines;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.InboundEval;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** {@code linker eval --inbound}: the pages that link to each page, hidden, found again by inbound suggestions. */
final class EvalInbound {
    private EvalInbound() {
    }

    static int run(PageIndex index, SiteIndexOptions site, SuggestOptions options, InboundOptions inbound,
                   boolean baselines, int k, ProgressOptions log) {
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        Map<String, Set<String>> sources = InboundEval.sources(Evaluator.gold(index).links());
        if (sources.isEmpty()) {
            throw new LinkerException("no page has in-content links from other pages, so there is nothing to evaluate "
                    + "inbound suggestions against");
        }
        // Judged by the weights: a ranker the index learned has seen every link.
        SuggestSettings settings = options.settings().withRanking(Ranking.WEIGHTS);
        long t0 = System.nanoTime();
        SourceLoader loader = site.loader();
        dev.linker.core.model.Site whole = loader.site();
        InboundEval e = InboundEval.run(whole, site.read.copies(loader, whole), index, settings,
                inbound.options(Math.max(10, k)), k, log.progress());
        if (!log.quiet) {
            err.printf("linker: ranked the sources of %d pages in %.1f s%n", sources.size(),
                    (System.nanoTime() - t0) / 1e9);
        }
        int links = sources.values().stream().mapToInt(Set::size).sum();
        out.printf(Locale.ROOT, "pages with inbound content links: %d (%d links), in %d folds: each fold's links "
                + "removed from a copy of the site, which is indexed and asked%n%n", sources.size(), links,
                InboundEval.FOLDS);
        out.println("                   recall@5  precision@5  nDCG@10    MRR  recall@10");
        row(out, "inbound (weights)", e.metrics(), e.recallAt10());
        if (baselines) {
            // The page's title and text as the query over the other pages: what a simpler tool would rank.
            Baselines.Result b = Baselines.run(index, sources, settings, k, log.progress());
            EvalTable.row(out, "TF-IDF cosine", b.tfidf());
            EvalTable.row(out, "BM25 (whole text)", b.bm25());
            double best = Math.max(b.tfidf().recallAt5(), b.bm25().recallAt5());
            out.printf(Locale.ROOT, "%nLinker / best baseline, recall@5: %s%n", EvalTable.ratio(e.metrics(), best));
        }
        out.printf(Locale.ROOT, "%nanchors of top-5 real sources: %d%n  phrase in its sentence: %5.1f %% of all "
                + "suggestions%n  token F1:           %.3f (the title as anchor: %.3f)%n", e.anchors(),
                100 * e.inSentence(), e.f1(), e.titleF1());
        out.printf(Locale.ROOT, "min similarity: %s%n", inbound.minSimilarity);
        return ExitCode.OK.code();
    }

    private static void row(PrintWriter out, String label, dev.linker.index.eval.Metrics m, double recall10) {
        out.printf(Locale.ROOT, "%-18s %8.3f %12.3f %8.3f %6.3f %10.3f%n", label, m.recallAt5(), m.precisionAt5(),
                m.ndcgAt10(), m.mrr(), recall10);
    }
}
