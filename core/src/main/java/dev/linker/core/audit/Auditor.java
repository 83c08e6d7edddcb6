package dev.linker.core.audit;

import dev.linker.core.report.AuditResult;

import dev.linker.core.result.LinkerException;

import dev.linker.core.config.AuditConfig;
import dev.linker.core.history.GitException;
import dev.linker.core.history.GitRepo;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Site;
import dev.linker.core.site.ReadListener;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import dev.linker.core.source.SourceMap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/** The audit facade: read the site, build the graph, run the checks, apply the baseline. */
public final class Auditor {
    private Auditor() {
    }

    /**
     * @throws LinkerException for input or configuration the user can fix (message names the file or key)
     */
    public static AuditResult run(AuditConfig config) {
        return run(config, ReadListener.NONE);
    }

    /**
     * Reads the site and audits it; with {@code git} on and the site inside a repository, with evidence from its
     * history; in changed-only mode, keeps the findings the change is responsible for ({@link ChangedOnly}).
     *
     * @throws GitException (a {@link LinkerException}) in changed-only mode when git cannot say what changed
     */
    public static AuditResult run(AuditConfig config, ReadListener listener) {
        AuditConfig.Input in = config.input();
        Site site = SiteReader.read(new ReadOptions(in.siteDir(), in.baseUrl(), in.contentSelector(),
                in.boilerplateSelector(), in.maxPageBytes(), listener).withoutText());
        SourceMap sources = SourceMap.build(in.sources(), site, listener);
        boolean changedOnly = config.changes().changedOnly();
        GitRepo git = changedOnly ? GitRepo.require(in.siteDir(), "changed-only mode")
                : config.git() ? GitRepo.find(in.siteDir()).orElse(null) : null;
        try {
            SiteHistory history = SiteHistory.NONE;
            if (git != null && config.git()) {
                try {
                    history = SiteHistory.read(git, site, historyFiles(git, in.siteDir(), site, sources),
                            SiteHistory.DEFAULT_MAX_VERSIONS, SiteHistory.DEFAULT_MAX_COMMITS);
                    listener.note(String.format(java.util.Locale.ROOT,
                            "git history: %d commits, %d file versions, %d pages with titles, %d link ages in %.1f s",
                            history.commits(), history.versions(), history.titles().pages(), history.linkAges().size(),
                            history.millis() / 1000.0));
                } catch (GitException e) {
                    listener.note("git history not used: " + e.getMessage());
                }
            }
            AuditResult result = SiteAudit.audit(config, site, history, sources, listener);
            return changedOnly ? ChangedOnly.apply(result, site, git, sources, listener) : result;
        } finally {
            if (git != null) {
                git.close();
            }
        }
    }

    /** Page key → repository files its history is read from: the built HTML when committed, then its source. */
    static Map<String, List<String>> historyFiles(GitRepo git, Path siteDir, Site site, SourceMap sources) {
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (var p : site.pages().values()) {
            List<String> l = new ArrayList<>(2);
            if (!p.file().isEmpty()) {
                String built = git.relative(siteDir.resolve(p.file()));
                if (built != null) {
                    l.add(built);
                }
            }
            Path src = sources.sourceOf(p.url());
            if (src != null && git.relative(src) != null) {
                l.add(git.relative(src));
            }
            if (!l.isEmpty()) {
                files.put(p.url(), l);
            }
        }
        return files;
    }

    /** Audits a site already read (the server and tests use this). */
    public static AuditResult audit(AuditConfig config, Site site) {
        return audit(config, site, SiteHistory.NONE, SourceMap.NONE);
    }

    /** Audits a site already read, with evidence from git history, placing findings on their source files. */
    public static AuditResult audit(AuditConfig config, Site site, SiteHistory history, SourceMap sources) {
        return SiteAudit.audit(config, site, history, sources, ReadListener.NONE);
    }
}
