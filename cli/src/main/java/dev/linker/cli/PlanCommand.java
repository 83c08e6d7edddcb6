package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.index.PageIndex;
import dev.linker.index.plan.CrawlLog;
import dev.linker.index.plan.PlanCsv;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code linker plan}: a site-wide donors → acceptors link plan as CSV. */
@Command(header = "Plan new links from donor pages to acceptor pages (CSV).",
        name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Plan new internal links from donor pages to acceptor pages, as CSV "
                        + "donor_url,anchor_text,acceptor_url,score,sentence,anchor_in_text. Never plans a link that already exists."},
        footer = {"", "Acceptors default to live pages with at most one inbound content link, hubs left out (--hub-targets "
                        + "keeps them); donors default to every live page.",
                ExitCode.HELP})
final class PlanCommand implements Callable<Integer> {
    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder (from 'linker index').")
    Path indexDir;

    @Option(names = "--acceptors", paramLabel = "FILE", description = "Pages that need links: one URL a line (or a CSV whose first column is the URL).")
    Path acceptorsFile;

    @Option(names = "--donors", paramLabel = "FILE", description = "Pages that may give links: one URL a line (or a CSV).")
    Path donorsFile;

    @Option(names = "--max-donor-links", defaultValue = "5", paramLabel = "N", description = "New links per donor (default: ${DEFAULT-VALUE}).")
    int maxDonorLinks;

    @Option(names = "--max-acceptor-links", defaultValue = "5", paramLabel = "N", description = "New links per acceptor (default: ${DEFAULT-VALUE}).")
    int maxAcceptorLinks;

    @Option(names = "--min-similarity", defaultValue = "0.6", paramLabel = "S", description = "Embedding cosine a pair needs unless the donor names the acceptor (default: ${DEFAULT-VALUE}).")
    double minSimilarity;

    @Option(names = "--algorithm", defaultValue = "greedy", paramLabel = "A", description = "greedy (best pairs first, default) or equal (acceptors take turns).")
    String algorithm;

    @Option(names = "--crawl-log", paramLabel = "FILE", description = "Access log (combined format): donors crawled more by search engine bots come first.")
    Path crawlLog;

    // picocli formats descriptions with String.format: a lone % would be read as a conversion.
    @Option(names = "--previous", paramLabel = "CSV", description = "Previous plan: its links are kept unless a candidate scores >= 20%% higher.")
    Path previous;

    @Option(names = "--max-replacements", defaultValue = "0.05", paramLabel = "SHARE", description = "Share of the plan replaced per run at most (default: ${DEFAULT-VALUE}).")
    double maxReplacements;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the CSV here (default: stdout).")
    Path output;

    @Mixin
    ProgressOptions log;

    @Mixin
    SuggestOptions options;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = log.err();
        PlanSettings ps = PlanSettings.of(maxDonorLinks, maxAcceptorLinks, minSimilarity, algorithm, maxReplacements);
        Map<String, Integer> crawl = crawlLog == null ? Map.of() : CrawlLog.read(crawlLog);
        List<PlannedLink> prev = previous == null ? List.of() : PlanCsv.read(previous);
        long t0 = System.nanoTime();
        try (PageIndex index = PageIndex.openReadOnly(indexDir, null)) {
            List<String> live = index.urls(true);
            SuggestSettings settings = options.settings();
            Set<String> acceptors = acceptorsFile != null ? Planner.listed(acceptorsFile, live)
                    : Planner.underLinked(index, settings.targets().hubTargets());
            List<String> donors = donorsFile != null ? new ArrayList<>(Planner.listed(donorsFile, live)) : live;
            if (!log.quiet) {
                err.printf("linker: planning %d donors -> %d acceptors%n", donors.size(), acceptors.size());
                int segments = index.segments();
                if (segments > 4 && donors.size() >= 100_000) {
                    err.printf("linker: the index has %d segments; 'linker index ... --optimize' merges them and "
                            + "makes large plans faster%n", segments);
                }
            }
            Planner.Result r = Planner.plan(new Suggester(index, settings), index, donors, acceptors, ps,
                    crawl, prev, log.progress());
            try (PrintWriter w = log.output(output)) {
                PlanCsv.write(r.links(), w);
            }
            if (!log.quiet) {
                err.printf("linker: %d links planned from %d donors in %.1f s%s%n", r.links().size(), r.donors(),
                        (System.nanoTime() - t0) / 1e9, previous == null ? "" : String.format(
                                " (%d kept from the previous plan, %d replaced, %d dropped)", r.kept(), r.replaced(),
                                r.dropped()));
            }
        }
        return ExitCode.OK.code();
    }
}
