package dev.linker.maven;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of {@code linker:audit}, as Maven sets them ({@link AuditMojo} maps them onto the engine). None has a
 * Maven default value: a Maven default would always win over the config file.
 */
abstract class AuditParameters extends AbstractMojo {
    /** Skip the audit. */
    @Parameter(property = "linker.skip", defaultValue = "false")
    boolean skip;

    /** Lowest severity that fails the build: error, warning or never. Default: error. */
    @Parameter(property = "linker.failOn")
    String failOn;

    /** Folder of built HTML to audit. Default: {@code ${project.build.directory}/site}. */
    @Parameter(property = "linker.siteDirectory")
    File siteDirectory;

    /** Absolute base URL of the site; absolute links to its host count as internal. */
    @Parameter(property = "linker.baseUrl")
    String baseUrl;

    /** Page (key or path) click depth is measured from. Default: the root index page. */
    @Parameter(property = "linker.entry")
    String entry;

    /** CSS selector of the main content. Default: detected. */
    @Parameter(property = "linker.contentSelector")
    String contentSelector;

    /** CSS selector of boilerplate regions (related-posts blocks …) inside the content. */
    @Parameter(property = "linker.boilerplateSelector")
    String boilerplateSelector;

    /**
     * Linker config file (YAML or JSON), the same as the CLI's; its values sit between the defaults and this pom.
     * Default: {@code linker.yml}, {@code linker.yaml}, {@code linker.json} or {@code .linker.yml} in the project folder.
     */
    @Parameter(property = "linker.config")
    File config;

    /** Baseline file: its findings are reported as known and do not fail the build. */
    @Parameter(property = "linker.baseline")
    File baseline;

    /** Write a baseline of this run's findings to this file (to adopt Linker on an existing site). */
    @Parameter(property = "linker.writeBaseline")
    File writeBaseline;

    /** Report formats, comma-separated: text, json, markdown, sarif, github, html. Default: text,json,html,sarif. */
    @Parameter(property = "linker.formats")
    List<String> formats;

    /** Folder the reports are written to, as {@code report.<ext>}. Default: {@code ${project.build.directory}/linker}. */
    @Parameter(property = "linker.outputDirectory")
    File outputDirectory;

    /** Glob patterns of pages whose findings are dropped, e.g. {@code /tags/**,/404.html}. */
    @Parameter(property = "linker.ignorePages")
    List<String> ignorePages;

    /** Folder of content briefs whose required links are enforced. */
    @Parameter(property = "linker.briefsDirectory")
    File briefsDirectory;

    /** Use git history (link age, stale anchors) when the site is inside a repository. */
    @Parameter(property = "linker.git")
    Boolean git;

    /** Debug detail and stack traces. */
    @Parameter(property = "linker.verbose")
    Boolean verbose;

    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File basedir;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
    File buildDirectory;

    /**
     * Accepts both {@code <formats><format>json</format></formats>} and {@code json,html} in one value (as -D gives
     * it); null when nothing is given (the config file decides).
     */
    static List<String> normalizeList(List<String> in) {
        List<String> out = new ArrayList<>();
        for (String s : in == null ? List.<String>of() : in) {
            for (String part : s == null ? new String[0] : s.split(",")) {
                String f = part.trim();
                if (!f.isEmpty() && !out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** Paths under the project shown relative to it, as a user types them. */
    String display(Path p) {
        Path base = basedir.toPath().toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
