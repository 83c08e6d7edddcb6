package dev.linker.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The options of {@code linker audit} ({@link AuditCommand} maps them onto the engine). */
final class AuditOptions {
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

    /** "content" or "content=/docs/" → folder → URL prefix; null when none were given (the config file decides). */
    Map<Path, String> sourceFolders() {
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
