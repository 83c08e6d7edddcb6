package dev.linker.core.config;

import dev.linker.core.audit.FailOn;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one configuration of an audit; every door (CLI, Maven plugin, action) maps its options onto
 * {@link #builder()}. Precedence: defaults &lt; config file &lt; values set explicitly on the builder.
 *
 * @param siteDir             folder of built HTML
 * @param baseUrl             absolute base URL (absolute links to its host are internal), or null
 * @param entry               page key or path click depth is measured from, or null for the root index page
 * @param contentSelector     CSS selector of the main content, or null to auto-detect
 * @param boilerplateSelector CSS selector of boilerplate regions inside content, or null
 * @param failOn              lowest severity that fails the run
 * @param baseline            baseline file whose findings are suppressed, or null
 * @param writeBaseline       where to write a baseline of this run's findings, or null
 * @param formats             report formats to write
 * @param output              report file (one format) or folder (several), or null for standard output
 * @param checks              per-check settings by check id
 * @param briefsDir           folder of content briefs to enforce, or null
 * @param git                 whether to use git history (stale anchors, link age) when inside a repository
 * @param verbose             stack traces and debug detail
 */
public record AuditConfig(Path siteDir, String baseUrl, String entry, String contentSelector,
                          String boilerplateSelector, FailOn failOn, Path baseline, Path writeBaseline,
                          List<String> formats, Path output, Map<String, CheckSettings> checks, Path briefsDir,
                          boolean git, boolean verbose) {

    public AuditConfig {
        formats = List.copyOf(formats);
        checks = Map.copyOf(checks);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects explicitly set values; {@link #build()} layers them over the config file over the defaults. */
    public static final class Builder {
        Path configFile;
        Path siteDir;
        String baseUrl;
        String entry;
        String contentSelector;
        String boilerplateSelector;
        FailOn failOn;
        Path baseline;
        Path writeBaseline;
        List<String> formats;
        Path output;
        Map<String, CheckSettings> checks;
        Path briefsDir;
        Boolean git;
        Boolean verbose;

        public Builder configFile(Path v) { configFile = v; return this; }
        public Builder siteDir(Path v) { siteDir = v; return this; }
        public Builder baseUrl(String v) { baseUrl = v; return this; }
        public Builder entry(String v) { entry = v; return this; }
        public Builder contentSelector(String v) { contentSelector = v; return this; }
        public Builder boilerplateSelector(String v) { boilerplateSelector = v; return this; }
        public Builder failOn(FailOn v) { failOn = v; return this; }
        public Builder baseline(Path v) { baseline = v; return this; }
        public Builder writeBaseline(Path v) { writeBaseline = v; return this; }
        public Builder formats(List<String> v) { formats = v; return this; }
        public Builder output(Path v) { output = v; return this; }
        public Builder checks(Map<String, CheckSettings> v) { checks = v; return this; }
        public Builder briefsDir(Path v) { briefsDir = v; return this; }
        public Builder git(Boolean v) { git = v; return this; }
        public Builder verbose(Boolean v) { verbose = v; return this; }

        /**
         * @throws dev.linker.core.audit.LinkerException when the config file is unreadable or has an unknown key or
         *                                               bad value (the message names the file and key)
         */
        public AuditConfig build() {
            throw new UnsupportedOperationException("CONTRACT ONLY — implemented on the audit branch");
        }
    }
}
