package dev.linker.cli;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.FailOn;
import dev.linker.core.check.Check;
import dev.linker.core.check.Checks;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.validate.Ranges;
import dev.linker.core.report.ReportOptions;
import dev.linker.core.report.ReportWriter;
import dev.linker.core.result.FindingCounts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code linker audit DIR}: read built HTML, run the checks, write reports, exit by --fail-on. */
@Command(header = "Audit the internal links of a built site: orphans, broken links, stale anchors …",
        name = "audit", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Audit the internal links of a built site (a folder of HTML: public/, _site/, dist/, target/site …).",
                "Checks: orphan, content-orphan, unreachable, deep-page, broken-link, redirect-link, stale-anchor, "
                        + "generic-anchor, reciprocal, noindex-target, nofollow-internal, too-many-links, unreadable-page, "
                        + "brief-missing-link, brief-unpublished (with --briefs)."},
        footer = {"", "Config precedence: defaults < config file (--config, or linker.yml in the working folder) < options.",
                AuditCommand.EXIT_CODES})
final class AuditCommand implements Callable<Integer> {
    /** Audit's exit codes, as its help and linker's say them. */
    static final String EXIT_CODES = "Exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage or input error, 3 "
            + "unexpected error.";

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    AuditOptions o;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (o.listChecks) {
            for (Check c : Checks.ALL) {
                out.printf("%-18s %-8s %s%s%n", c.id(), c.defaultSeverity().id(), c.description(),
                        c.defaultOptions().isEmpty() ? "" : " " + new java.util.TreeMap<>(c.defaultOptions()));
            }
            return 0;
        }
        Ranges.check("--max-annotations", o.maxAnnotations, Ranges.MAX_ANNOTATIONS); // before the audit, not after it
        Map<String, CheckSettings> checks = new LinkedHashMap<>();
        if (o.disable != null) {
            o.disable.forEach(id -> checks.put(id.strip(), new CheckSettings(false, null, Map.of())));
        }
        dev.linker.core.crawl.Crawler.Result crawled = CrawlOptions.isUrl(o.dir) ? o.crawl.crawl(o.dir, o.baseUrl, err, o.quiet)
                : null;
        try {
            return audit(crawled, checks, out, err);
        } finally {
            if (crawled != null) {
                dev.linker.core.site.FolderFiles.deleteTemporary(crawled.folder());
            }
        }
    }

    private int audit(dev.linker.core.crawl.Crawler.Result crawled, Map<String, CheckSettings> checks, PrintWriter out,
                      PrintWriter err) {
        Path site = crawled != null ? crawled.folder() : o.dir == null ? null : CrawlOptions.folder(o.dir);
        String base = crawled != null && o.baseUrl == null ? crawled.origin() + "/" : o.baseUrl;
        AuditConfig cfg = AuditConfig.builder()
                .configFile(o.config).siteDir(site).baseUrl(base).entry(o.entry)
                .contentSelector(o.contentSelector).boilerplateSelector(o.boilerplateSelector)
                .failOn(o.failOn == null ? null : FailOn.parse(o.failOn)).baseline(o.baseline).writeBaseline(o.writeBaseline)
                .formats(o.formats).output(o.output).checks(checks.isEmpty() ? null : checks).ignorePages(o.ignore)
                .git(o.git).briefsDir(o.briefs).sources(o.sourceFolders()).changedOnly(o.since != null && o.changedOnly == null ? Boolean.TRUE : o.changedOnly)
                .since(o.since).pullRequestBase(System.getenv("GITHUB_BASE_REF")).uncommitted(o.uncommitted)
                .verbose(o.verbose).build();
        Progress progress = new Progress(err, o.quiet);
        AuditResult result = Auditor.run(cfg, progress);
        if (crawled != null) {
            result = result.withFindings(crawled.atUrls(result.findings()));
        }
        progress.done("audited " + result.summary().pages() + " pages, " + result.summary().links() + " links");
        AuditConfig.Reporting reporting = cfg.reporting();
        List<Path> files = ReportWriter.write(result, reporting.formats(), reporting.output(),
                ReportOptions.defaults().withMaxAnnotations(o.maxAnnotations), out);
        out.flush();
        if (!o.quiet) {
            for (Path f : files) {
                err.println("linker: wrote " + f);
            }
            if (!files.isEmpty() || !reporting.formats().equals(List.of("text"))) {
                err.println("linker: " + FindingCounts.present(result.findings()) + (result.baselined() > 0
                        ? " (" + result.baselined() + " more in the baseline)" : ""));
            }
            Path written = cfg.baselines().writeBaseline();
            if (written != null) {
                err.println("linker: baseline of " + (result.findings().size() + result.baselined())
                        + " findings written to " + written);
            }
        }
        return result.exitCode().code();
    }
}
