package dev.linker.core.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.linker.core.check.Checks;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.LinkerException;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.validate.Ranges;
import dev.linker.core.validate.Suggest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one configuration of an audit; every door (CLI, Maven plugin, action) maps its options onto
 * {@link #builder()}. Precedence: defaults &lt; config file &lt; values set explicitly on the builder.
 * Every key is documented in {@code linker.example.yml} at the repository root.
 *
 * @param input      what is read: the site folder and how its pages are read
 * @param rules      what is checked: per-check settings, briefs, pages left out
 * @param reporting  what the run reports, where, and which findings fail it
 * @param baselines  the baseline read and the one written
 * @param git        whether to use git history (stale anchors, link age) when inside a repository
 * @param changes    all findings, or only those a change is responsible for
 * @param verbose    stack traces and debug detail
 * @param configFile the config file that was read, or null
 */
public record AuditConfig(Input input, Rules rules, Reporting reporting, Baselines baselines, boolean git,
                          ChangeScope changes, boolean verbose, Path configFile) {

    /** Config file names looked for in the working directory when none is given. */
    public static final List<String> DEFAULT_FILES = List.of("linker.yml", "linker.yaml", "linker.json", ".linker.yml");

    /** Keys of the config file, in documentation order. */
    public static final List<String> KEYS = List.of("site", "baseUrl", "entry", "contentSelector", "boilerplateSelector",
            "failOn", "baseline", "formats", "output", "briefs", "git", "sources", "changedOnly", "since", "ignorePages", "maxPageSizeMb", "checks");

    /**
     * What an audit reads: the site folder and how its pages are read.
     *
     * @param siteDir             folder of built HTML
     * @param baseUrl             absolute base URL (absolute links to its host are internal), or null
     * @param entry               page key or path click depth is measured from, or null for the root index page
     * @param contentSelector     CSS selector of the main content, or null to auto-detect
     * @param boilerplateSelector CSS selector of boilerplate regions inside content, or null
     * @param maxPageBytes        pages larger than this are not parsed (reported by unreadable-page); 0 or less
     *                            means {@link ReadOptions#DEFAULT_MAX_PAGE_BYTES}
     * @param sources             source folder → URL prefix it publishes under, so findings point at the file to
     *                            edit (empty or null: findings point at the built HTML)
     */
    public record Input(Path siteDir, String baseUrl, String entry, String contentSelector, String boilerplateSelector,
                        long maxPageBytes, Map<Path, String> sources) {
        /** Fills the default page size limit and copies the sources. */
        public Input {
            if (maxPageBytes <= 0) {
                maxPageBytes = ReadOptions.DEFAULT_MAX_PAGE_BYTES;
            }
            sources = sources == null ? Map.of() : Map.copyOf(sources);
        }
    }

    /**
     * What an audit checks.
     *
     * @param checks      per-check settings by check id
     * @param briefsDir   folder of content briefs to enforce, or null
     * @param ignorePages glob patterns of page keys whose findings are dropped ("/tags/**", "/404.html"); null: none
     */
    public record Rules(Map<String, CheckSettings> checks, Path briefsDir, List<String> ignorePages) {
        /** Copies the collections. */
        public Rules {
            checks = Map.copyOf(checks);
            ignorePages = ignorePages == null ? List.of() : List.copyOf(ignorePages);
        }
    }

    /**
     * What an audit reports and when it fails.
     *
     * @param failOn  lowest severity that fails the run
     * @param formats report formats to write
     * @param output  report file (one format) or folder (several), or null for standard output
     */
    public record Reporting(FailOn failOn, List<String> formats, Path output) {
        /** Copies the formats. */
        public Reporting {
            formats = List.copyOf(formats);
        }
    }

    /**
     * The baselines of an audit.
     *
     * @param baseline      baseline file whose findings are suppressed, or null
     * @param writeBaseline where to write a baseline of this run's findings, or null
     */
    public record Baselines(Path baseline, Path writeBaseline) {
        /** Neither read nor written. */
        public static final Baselines NONE = new Baselines(null, null);
    }

    /** A null scope means every finding. */
    public AuditConfig {
        changes = changes == null ? ChangeScope.ALL : changes;
    }

    /** The report formats an audit can write (each has its reporter in {@code core.report}). */
    public static final List<String> FORMATS = List.of("text", "json", "markdown", "sarif", "github", "html");

    public static Builder builder() {
        return new Builder();
    }

    /** Settings of one check: configured values over the check's defaults. */
    public CheckSettings check(String id) {
        return rules.checks().getOrDefault(id, new CheckSettings(null, null, Map.of()));
    }

    /** Collects explicitly set values; {@link #build()} layers them over the config file over the defaults. */
    public static final class Builder {
        Path configFile;
        boolean discoverConfig = true;
        Path workingDir = Path.of("");
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
        List<String> ignorePages;
        Long maxPageBytes;
        Path defaultSiteDir;
        List<String> defaultFormats;
        Map<Path, String> sources;
        Boolean changedOnly;
        String since;
        String pullRequestBase;
        Boolean uncommitted;

        public Builder configFile(Path v) { configFile = v; return this; }
        /** Whether to look for linker.yml etc. in the working directory when no config file is given (default true). */
        public Builder discoverConfig(boolean v) { discoverConfig = v; return this; }
        /** Folder default config files are looked for in (default: the process working directory). */
        public Builder workingDir(Path v) { workingDir = v; return this; }
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
        public Builder ignorePages(List<String> v) { ignorePages = v; return this; }
        public Builder maxPageBytes(Long v) { maxPageBytes = v; return this; }
        /** The door's own default site folder (the Maven plugin's target/site), below the config file's 'site'. */
        public Builder defaultSiteDir(Path v) { defaultSiteDir = v; return this; }
        /** Source folder → URL prefix ("/" for the site root). */
        public Builder sources(Map<Path, String> v) { sources = v; return this; }
        public Builder changedOnly(Boolean v) { changedOnly = v; return this; }
        /** Base ref for changed-only mode. */
        public Builder since(String v) { since = v; return this; }
        /** The pull request's base branch (GITHUB_BASE_REF); the base when no 'since' is set. */
        public Builder pullRequestBase(String v) { pullRequestBase = v; return this; }
        /** Count uncommitted changes as changed (changed-only mode). */
        public Builder uncommitted(Boolean v) { uncommitted = v; return this; }
        /** The door's own default formats, below the config file's 'formats'. */
        public Builder defaultFormats(List<String> v) { defaultFormats = v; return this; }

        /**
         * @throws LinkerException when the config file is unreadable or has an unknown key or bad value (the
         *                         message names the file and key)
         */
        public AuditConfig build() {
            Path file = configFile;
            if (file == null && discoverConfig) {
                for (String name : DEFAULT_FILES) {
                    Path p = workingDir.resolve(name);
                    if (Files.isRegularFile(p)) {
                        file = p;
                        break;
                    }
                }
            }
            Builder f = file == null ? new Builder() : FileValues.read(file);

            Path site = first(siteDir, f.siteDir, defaultSiteDir);
            if (site == null) {
                throw new LinkerException("no site folder: pass the folder of built HTML (e.g. 'linker audit public/')"
                        + " or set 'site' in the config file");
            }
            List<String> fmts = first(formats, f.formats, defaultFormats, List.of("text"));
            for (String fmt : fmts) {
                if (!FORMATS.contains(fmt)) {
                    throw new LinkerException("unknown report format '" + fmt + "'" + Suggest.didYouMean(fmt, FORMATS)
                            + " (formats: " + String.join(", ", FORMATS) + ")");
                }
            }
            Map<String, CheckSettings> merged = new TreeMap<>(f.checks == null ? Map.of() : f.checks);
            if (checks != null) {
                checks.forEach((id, s) -> merged.merge(id, s, (old, nu) -> nu.over(old)));
            }
            Checks.validate(merged, file == null ? "configuration" : "config file '" + file + "'");
            long maxBytes = first(maxPageBytes, f.maxPageBytes, ReadOptions.DEFAULT_MAX_PAGE_BYTES);
            Input in = new Input(site, blankToNull(first(baseUrl, f.baseUrl)), blankToNull(first(entry, f.entry)),
                    blankToNull(first(contentSelector, f.contentSelector)),
                    blankToNull(first(boilerplateSelector, f.boilerplateSelector)), maxBytes,
                    first(sources, f.sources, Map.of()));
            Rules rules = new Rules(merged, first(briefsDir, f.briefsDir), first(ignorePages, f.ignorePages, List.of()));
            Reporting reporting = new Reporting(first(failOn, f.failOn, FailOn.ERROR), fmts, first(output, f.output));
            ChangeScope scope = new ChangeScope(first(changedOnly, f.changedOnly, Boolean.FALSE),
                    blankToNull(first(since, f.since)), blankToNull(pullRequestBase),
                    first(uncommitted, Boolean.FALSE));
            return new AuditConfig(in, rules, reporting, new Baselines(first(baseline, f.baseline), writeBaseline),
                    first(git, f.git, Boolean.TRUE), scope, first(verbose, Boolean.FALSE), file);
        }

        @SafeVarargs
        private static <T> T first(T... values) {
            for (T v : values) {
                if (v != null) {
                    return v;
                }
            }
            return null;
        }

        private static String blankToNull(String s) {
            return s == null || s.isBlank() ? null : s.strip();
        }
    }

    /**
     * The values a config file sets, held as a builder's are (the file is one layer, the builder's own values the one
     * over it); paths resolved against the file's folder.
     */
    private static final class FileValues {
        private FileValues() {
        }

        static Builder read(Path file) {
            if (!Files.isRegularFile(file)) {
                throw new LinkerException("config file '" + file + "' (" + LinkerException.setting("config", null)
                        + ") does not exist");
            }
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            ObjectMapper mapper = name.endsWith(".json") ? new ObjectMapper() : new ObjectMapper(new YAMLFactory());
            JsonNode root;
            try {
                root = mapper.readTree(file.toFile());
            } catch (JsonProcessingException e) {
                String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
                throw new LinkerException("config file '" + file + "' is not valid " + (name.endsWith(".json") ? "JSON" : "YAML")
                        + where + ": " + e.getOriginalMessage());
            } catch (IOException e) {
                throw new LinkerException("cannot read config file '" + file + "': " + e.getMessage(), e);
            }
            Builder v = new Builder();
            if (root == null || root.isMissingNode() || root.isNull()) {
                return v; // an empty file: all defaults
            }
            if (!root.isObject()) {
                throw new LinkerException("config file '" + file + "' must hold a mapping of keys (see linker.example.yml)");
            }
            Path dir = file.toAbsolutePath().getParent();
            ConfigFileReader r = new ConfigFileReader(file);
            for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
                var e = it.next();
                String key = e.getKey();
                JsonNode n = e.getValue();
                switch (key) {
                    case "site" -> v.siteDir = dir.resolve(r.text(key, n));
                    case "baseUrl" -> v.baseUrl = r.text(key, n);
                    case "entry" -> v.entry = r.text(key, n);
                    case "contentSelector" -> v.contentSelector = r.text(key, n);
                    case "boilerplateSelector" -> v.boilerplateSelector = r.text(key, n);
                    case "failOn" -> v.failOn = r.wrap(key, () -> FailOn.parse(r.text(key, n)));
                    case "baseline" -> v.baseline = dir.resolve(r.text(key, n));
                    case "formats" -> v.formats = r.list(key, n);
                    case "output" -> v.output = dir.resolve(r.text(key, n));
                    case "briefs" -> v.briefsDir = dir.resolve(r.text(key, n));
                    case "git" -> v.git = r.bool(key, n);
                    case "sources" -> v.sources = r.sources(key, n, dir);
                    case "changedOnly" -> v.changedOnly = r.bool(key, n);
                    case "since" -> v.since = r.text(key, n);
                    case "ignorePages" -> v.ignorePages = r.list(key, n);
                    case "maxPageSizeMb" -> v.maxPageBytes = (long) (r.number(key, n, Ranges.MAX_PAGE_SIZE_MB) * 1024 * 1024);
                    case "checks" -> v.checks = r.checks(n);
                    default -> throw new LinkerException("config file '" + file + "': unknown key '" + key + "'"
                            + Suggest.didYouMean(key, KEYS) + " (valid keys: " + String.join(", ", KEYS) + ")");
                }
            }
            return v;
        }
    }
}
