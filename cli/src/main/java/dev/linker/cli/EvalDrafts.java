package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.DraftEval;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.rank.Prior;
import dev.linker.index.suggest.Ranking;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code linker eval --drafts FILE}: drafts through the editor's engine, the wanted page and an acceptable anchor. */
final class EvalDrafts {
    private EvalDrafts() {
    }

    static int run(SiteIndexOptions.Indexed indexed, Path drafts, SuggestOptions options, ProgressOptions log) {
        PageIndex index = indexed.index();
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        List<DraftEval.Case> cases = DraftEval.read(drafts);
        // Drafts are ranked as the editor ranks them: by the weights (--ranker learned: by what the index learned).
        LearnedRanker r = indexed.learned(log);
        DraftEngine engine = DraftEngine.create(index, options.settings(), 10_000, 0);
        DraftEval.Result result = DraftEval.run(engine, cases);
        for (DraftEval.Outcome o : result.outcomes()) {
            if (o.rank() == 0 || !o.acceptable()) {
                err.printf("linker: %s: %s%n", o.draft().id(), o.rank() == 0 ? "page not in the top 5"
                        : "rank " + o.rank() + ", anchor " + (o.anchor() == null ? "none" : "\"" + o.anchor() + "\" ("
                        + o.rule() + ")") + " is not one of " + o.draft().acceptable());
            }
        }
        out.printf(Locale.ROOT, "drafts: %d%nwanted page in the top 5: %d (%.1f %%)%n"
                + "acceptable anchor:        %d (%.1f %%)%n  one of the author's own: %d (%.1f %%)%n", result.drafts(),
                result.found(), 100 * result.foundShare(), result.acceptable(), 100 * result.acceptableShare(),
                result.authors(), 100.0 * result.authors() / result.drafts());
        String by = engine.suggester().ranksDraftsBy();
        out.println(switch (by) {
            case "learned" -> r.used() ? r.report().summary() : "ranker: learned, as --ranker learned asks (the "
                    + "index's own choice: " + r.report().summary().substring("ranker: ".length()) + ")";
            case "prior" -> "ranker: " + Prior.bundled().summary() + (options.ranking() == Ranking.PRIOR
                    ? ", as --ranker prior asks" : ": drafts on a site whose pages are mostly undated");
            default -> options.ranking() == Ranking.WEIGHTS ? "ranker: the weights (asked for)"
                    : "ranker: the weights (drafts; --ranker learned or --ranker prior ranks them otherwise)";
        });
        return ExitCode.OK.code();
    }
}
