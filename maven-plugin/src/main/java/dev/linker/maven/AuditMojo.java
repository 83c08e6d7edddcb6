package dev.linker.maven;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.ExitCode;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.report.ReportWriter;
import dev.linker.core.report.SummaryRows;
import dev.linker.core.result.FindingCounts;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Audits the internal links of a built site: orphans, broken links, reciprocal loops, click depth, stale anchors,
 * missing brief links. Writes {@code report.<ext>} per format under {@link #outputDirectory} and fails the build
 * when findings reach {@link #failOn}.
 *
 * <p>Precedence: built-in defaults &lt; the {@link #config} file &lt; values set in the pom or with {@code -D}.
 * Parameters therefore have no Maven default value: a Maven default would always win over the file.
 */
@Mojo(name = "audit", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AuditMojo extends AbstractMojo {
    /**
     * "Linker: out of memory …", made while other threads of the failed audit may still be running out of memory
     * themselves: retried after they have stopped, and never more than a few small strings.
     */
    static String outOfMemoryMessage() {
        for (int attempt = 0; ; attempt++) {
            try {
                System.gc();
                long max = Runtime.getRuntime().maxMemory();
                return "Linker: out of memory with a heap of " + (max >> 20) + " MB: give Maven more heap, e.g."
                        + " MAVEN_OPTS=-Xmx" + Math.max(4, 2 * ((max >> 30) + 1)) + "g mvn verify";
            } catch (OutOfMemoryError again) {
                if (attempt == 20) {
                    return "Linker: out of memory: give Maven more heap with MAVEN_OPTS=-Xmx4g";
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException i) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Let go when memory runs out, so the out-of-memory message can be made. */
    private static volatile byte[] reserve = new byte[1 << 20];

    static final String DEFAULT_SITE = "site";
    static final String DEFAULT_OUTPUT = "linker";
    static final List<String> DEFAULT_FORMATS = List.of("text", "json", "html", "sarif");
    private static final int TOP_FINDINGS = 10;

    /** Skip the audit. */
    @Parameter(property = "linker.skip", defaultValue = "false")
    private boolean skip;

    /** Lowest severity that fails the build: error, warning or never. Default: error. */
    @Parameter(property = "linker.failOn")
    private String failOn;

    /** Folder of built HTML to audit. Default: {@code ${project.build.directory}/site}. */
    @Parameter(property = "linker.siteDirectory")
    private File siteDirectory;

    /** Absolute base URL of the site; absolute links to its host count as internal. */
    @Parameter(property = "linker.baseUrl")
    private String baseUrl;

    /** Page (key or path) click depth is measured from. Default: the root index page. */
    @Parameter(property = "linker.entry")
    private String entry;

    /** CSS selector of the main content. Default: detected. */
    @Parameter(property = "linker.contentSelector")
    private String contentSelector;

    /** CSS selector of boilerplate regions (related-posts blocks …) inside the content. */
    @Parameter(property = "linker.boilerplateSelector")
    private String boilerplateSelector;

    /**
     * Linker config file (YAML or JSON), the same as the CLI's; its values sit between the defaults and this pom.
     * Default: {@code linker.yml}, {@code linker.yaml}, {@code linker.json} or {@code .linker.yml} in the project folder.
     */
    @Parameter(property = "linker.config")
    private File config;

    /** Baseline file: its findings are reported as known and do not fail the build. */
    @Parameter(property = "linker.baseline")
    private File baseline;

    /** Write a baseline of this run's findings to this file (to adopt Linker on an existing site). */
    @Parameter(property = "linker.writeBaseline")
    private File writeBaseline;

    /** Report formats, comma-separated: text, json, markdown, sarif, github, html. Default: text,json,html,sarif. */
    @Parameter(property = "linker.formats")
    private List<String> formats;

    /** Folder the reports are written to, as {@code report.<ext>}. Default: {@code ${project.build.directory}/linker}. */
    @Parameter(property = "linker.outputDirectory")
    private File outputDirectory;

    /** Glob patterns of pages whose findings are dropped, e.g. {@code /tags/**,/404.html}. */
    @Parameter(property = "linker.ignorePages")
    private List<String> ignorePages;

    /** Folder of content briefs whose required links are enforced. */
    @Parameter(property = "linker.briefsDirectory")
    private File briefsDirectory;

    /** Use git history (link age, stale anchors) when the site is inside a repository. */
    @Parameter(property = "linker.git")
    private Boolean git;

    /** Debug detail and stack traces. */
    @Parameter(property = "linker.verbose")
    private Boolean verbose;

    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    private File basedir;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
    private File buildDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Linker audit skipped (linker.skip=true)");
            return;
        }
        AuditConfig cfg = buildConfig();
        Path site = cfg.siteDir();
        if (site == null || !Files.isDirectory(site)) {
            throw new MojoExecutionException(missingSiteMessage(site));
        }
        getLog().info("Linker: auditing " + display(site));
        AuditResult result;
        Map<String, Path> written;
        try {
            try {
                result = Auditor.run(cfg);
            } catch (LinkerException e) {
                throw new MojoExecutionException("Linker: " + e.message(BriefRun::property), e);
            } catch (RuntimeException e) {
                throw unexpected(e);
            }
            logSummary(result);
            written = writeReports(result, cfg.output());
        } catch (OutOfMemoryError e) {
            // An error of the build, not findings: one line with what to do (Maven's heap is MAVEN_OPTS). The reserve
            // gives the message room even while the heap still holds what filled it.
            reserve = null;
            throw new MojoExecutionException(outOfMemoryMessage());
        }
        written.values().forEach(file -> getLog().info("Linker report: " + display(file)));
        if (result.exitCode() == ExitCode.FINDINGS) {
            throw new MojoFailureException(failureMessage(result, written));
        }
    }

    /**
     * Maps the parameters onto the core builder. Only values set in the pom or with -D are explicit; Maven's own
     * defaults (target/site, four formats) go in as door defaults, below the config file.
     */
    AuditConfig buildConfig() throws MojoExecutionException {
        AuditConfig.Builder b = AuditConfig.builder().discoverConfig(false).workingDir(basedir.toPath());
        Path file = configFile();
        if (file != null) {
            b.configFile(file);
        }
        b.siteDir(siteDirectory == null ? null : siteDirectory.toPath());
        b.defaultSiteDir(buildDirectory.toPath().resolve(DEFAULT_SITE));
        b.baseUrl(blankToNull(baseUrl));
        b.entry(blankToNull(entry));
        b.contentSelector(blankToNull(contentSelector));
        b.boilerplateSelector(blankToNull(boilerplateSelector));
        if (blankToNull(failOn) != null) {
            b.failOn(parseFailOn(failOn));
        }
        b.baseline(baseline == null ? null : baseline.toPath());
        b.writeBaseline(writeBaseline == null ? null : writeBaseline.toPath());
        List<String> fmts = normalizeList(formats);
        b.formats(fmts.isEmpty() ? null : fmts);
        b.defaultFormats(DEFAULT_FORMATS);
        b.output(outputDirectory == null ? null : outputDirectory.toPath());
        b.briefsDir(briefsDirectory == null ? null : briefsDirectory.toPath());
        List<String> ignore = normalizeList(ignorePages);
        b.ignorePages(ignore.isEmpty() ? null : ignore);
        b.git(git);
        b.verbose(verbose);
        try {
            AuditConfig c = b.build();
            // Neither pom nor file chose an output: core's default is standard output, the plugin's is a folder.
            return c.output() != null ? c : b.output(buildDirectory.toPath().resolve(DEFAULT_OUTPUT)).build();
        } catch (LinkerException e) {
            throw new MojoExecutionException("Linker: " + e.message(BriefRun::property), e);
        } catch (RuntimeException e) {
            throw unexpected(e);
        }
    }

    /** The linker.config parameter, else linker.yml (or another default name) in the project folder, as the CLI does. */
    private Path configFile() throws MojoExecutionException {
        if (config != null) {
            if (!config.isFile()) {
                throw new MojoExecutionException("Linker: config file " + display(config.toPath())
                        + " (linker.config) does not exist");
            }
            return config.toPath();
        }
        for (String name : AuditConfig.DEFAULT_FILES) {
            Path p = basedir.toPath().resolve(name);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    /** A bug, not a user error: keep the cause so -e shows where. */
    private static MojoExecutionException unexpected(RuntimeException e) {
        return new MojoExecutionException("Linker: unexpected error (" + e
                + "); rerun with -e and -Dlinker.verbose=true and report it", e);
    }

    private static FailOn parseFailOn(String v) throws MojoExecutionException {
        try {
            return FailOn.parse(v);
        } catch (LinkerException | IllegalArgumentException e) {
            throw new MojoExecutionException("Linker: failOn (linker.failOn) must be error, warning or never, not '"
                    + v + "'");
        }
    }

    /** Accepts both {@code <formats><format>json</format></formats>} and {@code json,html} in one value (as -D gives it). */
    static List<String> normalizeList(List<String> in) {
        List<String> out = new ArrayList<>();
        if (in == null) {
            return out;
        }
        for (String s : in) {
            if (s == null) {
                continue;
            }
            for (String part : s.split(",")) {
                String f = part.trim();
                if (!f.isEmpty() && !out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** Always a folder in the plugin (report.&lt;ext&gt; per format), so it is created before the core writer runs. */
    private Map<String, Path> writeReports(AuditResult result, Path dir) throws MojoExecutionException {
        Map<String, Path> written = new LinkedHashMap<>();
        try {
            Files.createDirectories(dir);
            List<Path> files = ReportWriter.write(result, result.config().formats(), dir, new StringBuilder());
            for (Path f : files) {
                String name = f.getFileName().toString();
                written.put(name.substring(name.lastIndexOf('.') + 1), f);
            }
        } catch (LinkerException e) {
            throw new MojoExecutionException("Linker: " + e.message(BriefRun::property), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Linker: cannot create the report folder " + display(dir) + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw unexpected(e);
        }
        return written;
    }

    private void logSummary(AuditResult result) {
        List<Finding> findings = result.findings();
        getLog().info("Linker: " + SummaryRows.oneLine(SummaryRows.of(result, findings)));
        String counts = FindingCounts.byCheck(findings);
        getLog().info("Linker: " + findings.size() + " finding" + (findings.size() == 1 ? "" : "s")
                + (counts.isEmpty() ? "" : " (" + counts + ")")
                + (result.baselined() > 0 ? ", " + result.baselined() + " suppressed by the baseline" : ""));
        FailOn fail = result.config().failOn();
        for (Finding f : findings.subList(0, Math.min(TOP_FINDINGS, findings.size()))) {
            String line = "  " + f.severity().id() + " [" + f.checkId() + "] " + location(f) + ": " + f.message();
            if (fail.fails(f.severity())) {
                getLog().error(line);
            } else if (f.severity() == Severity.INFO) {
                getLog().info(line);
            } else {
                getLog().warn(line);
            }
        }
        if (findings.size() > TOP_FINDINGS) {
            getLog().info("  … and " + (findings.size() - TOP_FINDINGS) + " more in the reports");
        }
    }

    private String failureMessage(AuditResult result, Map<String, Path> written) {
        FailOn fail = result.config().failOn();
        List<Finding> failing = result.findings().stream().filter(f -> fail.fails(f.severity())).toList();
        Path report = written.containsKey("html") ? written.get("html") : written.values().stream().findFirst().orElse(null);
        return "Linker: " + failing.size() + " finding" + (failing.size() == 1 ? "" : "s") + " at or above "
                + fail.name().toLowerCase(Locale.ROOT) + ": " + FindingCounts.byCheck(failing)
                + (report == null ? "" : " — see " + display(report));
    }

    private static String location(Finding f) {
        String where = f.file() == null || f.file().isEmpty() ? (f.pageUrl() == null ? "(site)" : f.pageUrl()) : f.file();
        return f.line() > 0 ? where + ":" + f.line() : where;
    }

    private String missingSiteMessage(Path site) {
        return "Linker: site directory " + (site == null ? "(none)" : display(site)) + " does not exist."
                + " Build the site first, or point the audit at the folder of built HTML with"
                + " <siteDirectory>…</siteDirectory> in the plugin configuration or -Dlinker.siteDirectory=path";
    }

    /** Paths under the project shown relative to it, as a user types them. */
    private String display(Path p) {
        Path base = basedir.toPath().toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
