package dev.linker.cli;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.Finding;
import dev.linker.core.check.Check;
import dev.linker.core.check.Checks;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.validate.Ranges;
import dev.linker.core.report.ReportOptions;
import dev.linker.core.report.ReportWriter;
import dev.linker.core.result.FindingCounts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code linker audit DIR}: read built HTML, run the checks, write reports, exit by --fail-on. */
@Command(header = "Audit the internal links of a built site: orphans, broken links, stale anchors …",
        name = "audit", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Audit the internal links of a built site (a folder of HTML: public/, _site/, dist/, target/site …).",
                "Checks: orphan, content-orphan, unreachable, deep-page, broken-link, redirect-link, stale-anchor,",
                "generic-anchor, reciprocal, noindex-target, nofollow-internal, too-many-links, unreadable-page,",
                "brief-missing-link, brief-unpublished (with --briefs)."},
        footer = {"", "Config precedence: defaults < config file (--config, or linker.yml in the working folder) < options.",
                "Exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage or input error, 3 unexpected error."})
final class AuditCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR|URL", description = "Folder of built HTML (or 'site' in the"
            + " config file), or a live site's URL to crawl (https://example.org/ or its sitemap.xml).")
    String dir;

    @picocli.CommandLine.Mixin
    CrawlOptions crawl;

    @Option(names = "--base-url", paramLabel = "URL", description = "Absolute URL of the site; absolute links to its host are internal.")
    String baseUrl;

    @Option(names = "--entry", paramLabel = "PATH", description = "Page click depth is measured from (default: the root index.html).")
    String entry;

    @Option(names = "--content-selector", paramLabel = "CSS", description = "Main content (default: auto-detect main, article, [role=main], nav/header/footer/aside).")
    String contentSelector;

    @Option(names = "--boilerplate-selector", paramLabel = "CSS", description = "Boilerplate inside the content (e.g. 'div.toc, .related').")
    String boilerplateSelector;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "Config file, YAML or JSON (see linker.example.yml).")
    Path config;

    @Option(names = {"-f", "--format"}, split = ",", paramLabel = "FORMAT",
            description = "Report format(s): text, json, markdown, sarif, github, html (default: text). Several need --output DIR.")
    List<String> formats;

    @Option(names = {"-o", "--output"}, paramLabel = "PATH", description = "Report file (one format) or folder (several); default: standard output.")
    Path output;

    @Option(names = "--fail-on", paramLabel = "LEVEL", description = "Lowest severity that fails the run: error, warning, never (default: error).")
    String failOn;

    @Option(names = "--baseline", paramLabel = "FILE", description = "Suppress the findings recorded in this baseline; only new ones count.")
    Path baseline;

    @Option(names = "--write-baseline", paramLabel = "FILE", description = "Record this run's findings as the baseline.")
    Path writeBaseline;

    @Option(names = "--ignore", split = ",", paramLabel = "GLOB", description = "Drop findings on pages matching these globs ('/tags/**').")
    List<String> ignore;

    @Option(names = "--disable", split = ",", paramLabel = "CHECK", description = "Checks to turn off (e.g. reciprocal,deep-page).")
    List<String> disable;

    @Option(names = "--git", negatable = true, paramLabel = "", description = "Use git history inside a repository: former titles"
            + " make stale anchors certain, links get an age in the HTML report (default: on; --no-git turns it off).")
    Boolean git;

    @Option(names = "--sources", split = ",", paramLabel = "DIR[=PREFIX]", description = "Source folders (Markdown/HTML) and the URL"
            + " prefix they publish under (default /), so annotations point at the file to edit: --sources content or content=/docs/.")
    List<String> sources;

    @Option(names = "--briefs", paramLabel = "DIR", description = "Folder of content briefs (Markdown + front matter: url or slug,"
            + " query, requiredLinks); reports brief-missing-link and brief-unpublished.")
    Path briefs;

    @Option(names = "--changed-only", negatable = true, paramLabel = "", description = "Report only findings on pages built from files"
            + " changed since the merge base with --since (or $GITHUB_BASE_REF), plus site-wide findings the change causes.")
    Boolean changedOnly;

    @Option(names = "--since", paramLabel = "REF", description = "Base ref for --changed-only (branch, tag, commit), e.g. origin/main.")
    String since;

    @Option(names = "--uncommitted", description = "With --changed-only: count uncommitted and untracked files as changed too.")
    boolean uncommitted;

    @Option(names = "--list-checks", description = "List the checks with their default severity and options, then exit.")
    boolean listChecks;

    @Option(names = "--max-annotations", paramLabel = "N", defaultValue = "50",
            description = "GitHub format: at most N annotations, most severe first (default: ${DEFAULT-VALUE}).")
    int maxAnnotations;

    @Option(names = {"-q", "--quiet"}, description = "No progress or summary lines on stderr.")
    boolean quiet;

    @Option(names = {"-v", "--verbose"}, description = "Stack traces and details on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (listChecks) {
            for (Check c : Checks.ALL) {
                out.printf("%-18s %-8s %s%s%n", c.id(), c.defaultSeverity().id(), c.description(),
                        c.defaultOptions().isEmpty() ? "" : " " + new java.util.TreeMap<>(c.defaultOptions()));
            }
            return 0;
        }
        Ranges.check("--max-annotations", maxAnnotations, Ranges.MAX_ANNOTATIONS); // before the audit, not after it
        Map<String, CheckSettings> checks = new LinkedHashMap<>();
        if (disable != null) {
            disable.forEach(id -> checks.put(id.strip(), new CheckSettings(false, null, Map.of())));
        }
        dev.linker.core.crawl.Crawler.Result crawled = CrawlOptions.isUrl(dir) ? crawl.crawl(dir, baseUrl, err, quiet)
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
        Path site = crawled != null ? crawled.folder() : dir == null ? null : CrawlOptions.folder(dir);
        String base = crawled != null && baseUrl == null ? crawled.origin() + "/" : baseUrl;
        AuditConfig cfg = AuditConfig.builder()
                .configFile(config).siteDir(site).baseUrl(base).entry(entry)
                .contentSelector(contentSelector).boilerplateSelector(boilerplateSelector)
                .failOn(failOn == null ? null : FailOn.parse(failOn)).baseline(baseline).writeBaseline(writeBaseline)
                .formats(formats).output(output).checks(checks.isEmpty() ? null : checks).ignorePages(ignore)
                .git(git).briefsDir(briefs).sources(sourceFolders()).changedOnly(since != null && changedOnly == null ? Boolean.TRUE : changedOnly)
                .since(since).pullRequestBase(System.getenv("GITHUB_BASE_REF")).uncommitted(uncommitted)
                .verbose(verbose).build();
        Progress progress = new Progress(err, quiet);
        AuditResult result = Auditor.run(cfg, progress);
        if (crawled != null) {
            result = atUrls(result, crawled);
        }
        progress.done("audited " + result.summary().pages() + " pages, " + result.summary().links() + " links");
        List<Path> files = ReportWriter.write(result, cfg.formats(), cfg.output(),
                ReportOptions.defaults().withMaxAnnotations(maxAnnotations), out);
        out.flush();
        if (!quiet) {
            for (Path f : files) {
                err.println("linker: wrote " + f);
            }
            if (!files.isEmpty() || !cfg.formats().equals(List.of("text"))) {
                err.println("linker: " + FindingCounts.present(result.findings()) + (result.baselined() > 0
                        ? " (" + result.baselined() + " more in the baseline)" : ""));
            }
            if (cfg.writeBaseline() != null) {
                err.println("linker: baseline of " + (result.findings().size() + result.baselined()) + " findings written to " + cfg.writeBaseline());
            }
        }
        return result.exitCode().code();
    }

    /** A crawl's findings name the page's URL where a folder's name its file (lines are the served HTML's). */
    private static AuditResult atUrls(AuditResult r, dev.linker.core.crawl.Crawler.Result crawled) {
        List<Finding> mapped = new ArrayList<>(r.findings().size());
        for (Finding f : r.findings()) {
            String url = f.file() == null ? null : crawled.urlByFile().get(f.file());
            mapped.add(url == null ? f : new Finding(f.checkId(), f.severity(), f.message(), f.pageUrl(), url, f.line(),
                    f.column(), f.targetUrl(), f.anchor(), f.source()));
        }
        return new AuditResult(r.config(), r.graph(), mapped, r.baselined(), r.summary(), r.history());
    }

    /** "content" or "content=/docs/" → folder → URL prefix; null when none were given (the config file decides). */
    private Map<Path, String> sourceFolders() {
        if (sources == null) {
            return null;
        }
        Map<Path, String> m = new LinkedHashMap<>();
        for (String s : sources) {
            int eq = s.indexOf('=');
            m.put(Path.of(eq < 0 ? s.strip() : s.substring(0, eq).strip()), eq < 0 ? "/" : s.substring(eq + 1).strip());
        }
        return m;
    }
}
