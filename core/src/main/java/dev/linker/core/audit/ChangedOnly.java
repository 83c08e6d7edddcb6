package dev.linker.core.audit;

import dev.linker.core.report.AuditResult;

import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Finding;

import dev.linker.core.config.AuditConfig;
import dev.linker.core.config.ChangeScope;
import dev.linker.core.history.ChangedFiles;
import dev.linker.core.history.GitException;
import dev.linker.core.history.GitRepo;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import dev.linker.core.source.SourceMap;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Changed-only mode: of a full audit, keep the findings a change is responsible for.
 *
 * <ul>
 *   <li>every finding on a page built from a changed file (its built HTML or its source file changed), and every
 *       link finding whose target is such a page (a retitled page makes the anchors pointing at it stale);</li>
 *   <li>every other finding that the audit of the merge base did not have (a page that became an orphan because the
 *       change removed its only inbound link). The merge base's site is read from git when the built site is
 *       committed; when it is not (built in CI, ignored by git), the committed baseline, if any, stands in for it: site-wide
 *       findings not in the baseline are kept. Without either, only the first kind is reported, and a note says so.</li>
 * </ul>
 */
final class ChangedOnly {
    private static final Set<String> SITE_WIDE = Set.of("orphan", "content-orphan", "unreachable", "deep-page");

    private ChangedOnly() {
    }

    static AuditResult apply(AuditResult full, Site site, GitRepo git, SourceMap sources,
                             dev.linker.core.site.ReadListener listener) {
        AuditConfig config = full.config();
        ChangeScope scope = config.changes();
        ChangedFiles changed = ChangedFiles.compute(git, scope.since(), scope.pullRequestBase(), scope.uncommitted());
        Set<String> pages = changedPages(git, config.input().siteDir(), site, sources, changed.paths());
        Map<String, Integer> base = baseFingerprints(git, config, site, changed);
        String how;
        List<Finding> kept = new ArrayList<>();
        if (base != null) {
            how = "compared with the audit of the merge base's site";
            for (Finding f : full.findings()) {
                String fp = f.fingerprint();
                Integer n = base.get(fp);
                boolean isNew = n == null || n == 0;
                if (!isNew) {
                    base.put(fp, n - 1);
                }
                if (isNew || touches(f, pages)) {
                    kept.add(f);
                }
            }
        } else {
            boolean baseline = config.baselines().baseline() != null;
            how = baseline ? "the site at the merge base is not committed; site-wide findings not in the baseline are kept"
                    : "the site at the merge base is not committed and there is no baseline, so site-wide findings the change"
                    + " causes elsewhere cannot be told apart (commit a baseline with --write-baseline)";
            for (Finding f : full.findings()) {
                if (touches(f, pages) || baseline && SITE_WIDE.contains(f.checkId())) {
                    kept.add(f);
                }
            }
        }
        listener.note("changed-only: " + changed.paths().size() + " changed file" + (changed.paths().size() == 1 ? "" : "s")
                + " since " + changed.mergeBase().substring(0, 7) + " (merge base of HEAD and " + changed.baseRef() + "), "
                + pages.size() + " page" + (pages.size() == 1 ? "" : "s") + " built from them; " + kept.size() + " of "
                + full.findings().size() + " findings kept (" + how + ")");
        return new AuditResult(config, full.graph(), kept, full.baselined(),
                SiteAudit.summary(site, full.graph(), kept), full.history());
    }

    private static boolean touches(Finding f, Set<String> pages) {
        if (pages.contains(f.pageUrl())) {
            return true;
        }
        if (f.targetUrl() == null) {
            return false;
        }
        int hash = f.targetUrl().indexOf('#');
        return pages.contains(hash < 0 ? f.targetUrl() : f.targetUrl().substring(0, hash));
    }

    static Set<String> changedPages(GitRepo git, Path siteDir, Site site, SourceMap sources, Set<String> paths) {
        Set<String> out = new HashSet<>();
        for (Page p : site.pages().values()) {
            String built = p.file().isEmpty() ? null : git.relative(siteDir.resolve(p.file()));
            Path src = sources.sourceOf(p.url());
            String source = src == null ? null : git.relative(src);
            if (built != null && paths.contains(built) || source != null && paths.contains(source)) {
                out.add(p.url());
            }
        }
        return out;
    }

    /**
     * Fingerprints (with counts) of the findings of the site as committed at the merge base, or null when the site
     * folder is not in that commit. The same checks, no baseline, no history (the fingerprint ignores messages).
     */
    private static Map<String, Integer> baseFingerprints(GitRepo git, AuditConfig config, Site site,
                                                         ChangedFiles changed) {
        String rel = git.relative(config.input().siteDir());
        if (rel == null) {
            return null;
        }
        Path tmp = null;
        try {
            tmp = Files.createTempDirectory("linker-base-");
            AuditConfig.Input in = config.input();
            AuditConfig baseConfig = new AuditConfig(
                    new AuditConfig.Input(tmp, in.baseUrl(), in.entry(), in.contentSelector(), in.boilerplateSelector(),
                            in.maxPageBytes(), Map.of()),
                    new AuditConfig.Rules(config.rules().checks(), null, config.rules().ignorePages()),
                    new AuditConfig.Reporting(config.reporting().failOn(), List.of(), null),
                    AuditConfig.Baselines.NONE, false, ChangeScope.ALL, false, null);
            ReadOptions read = new ReadOptions(tmp, in.baseUrl(), in.contentSelector(),
                    in.boilerplateSelector(), in.maxPageBytes(), dev.linker.core.site.ReadListener.NONE)
                    .withoutText();
            Map<String, Path> versions = changedPageVersions(git.repository(), changed, rel, site, tmp);
            Site baseSite;
            if (versions != null) {
                // Only pages were edited or added: the merge base's site is this one with those files as they were.
                baseSite = SiteReader.withVersions(site, read, versions);
            } else {
                if (!export(git.repository(), changed.mergeBase(), rel, tmp)) {
                    return null;
                }
                baseSite = SiteReader.read(read);
            }
            Map<String, Integer> out = new HashMap<>();
            for (Finding f : SiteAudit.audit(baseConfig, baseSite, SiteHistory.NONE, SourceMap.NONE,
                    dev.linker.core.site.ReadListener.NONE).findings()) {
                out.merge(f.fingerprint(), 1, Integer::sum);
            }
            return out;
        } catch (LinkerException e) {
            return null; // the base's site does not read (no pages, bad entry): compare with nothing
        } catch (IOException e) {
            throw new GitException("cannot write the merge base's site to a temporary folder: " + e.getMessage());
        } finally {
            if (tmp != null) {
                dev.linker.core.site.FolderFiles.deleteTemporary(tmp);
            }
        }
    }

    /**
     * When the change only edits or adds pages of the site (HTML files the audit read), each changed page's file →
     * its merge-base version written under {@code to} (null for a page the change added); null when anything else
     * changed under the site folder (a deleted page, a redirects file, a sitemap, an image), which needs the whole
     * merge-base site, or when the site folder is not in the merge base at all.
     */
    static Map<String, Path> changedPageVersions(Repository repo, ChangedFiles changed, String folder, Site site,
                                                 Path to) throws IOException {
        String prefix = folder.isEmpty() ? "" : folder + "/";
        Map<String, Path> versions = new HashMap<>();
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit base = walk.parseCommit(ObjectId.fromString(changed.mergeBase()));
            if (!folder.isEmpty() && TreeWalk.forPath(repo, folder, base.getTree()) == null) {
                return null;
            }
            for (String path : changed.paths()) {
                if (!path.startsWith(prefix)) {
                    continue;
                }
                String file = path.substring(prefix.length());
                Page page = site.page(dev.linker.core.site.PageKeys.ofFile(file));
                if (page == null || !page.file().equals(file)) {
                    return null; // not a page read now: deleted, or not HTML
                }
                try (TreeWalk then = TreeWalk.forPath(repo, path, base.getTree())) {
                    if (then == null) {
                        versions.put(file, null);
                        continue;
                    }
                    if ((then.getRawMode(0) & org.eclipse.jgit.lib.FileMode.TYPE_MASK)
                            != org.eclipse.jgit.lib.FileMode.TYPE_FILE) {
                        return null;
                    }
                    Path out = write(repo, then.getObjectId(0), to, file);
                    if (out == null) {
                        return null;
                    }
                    versions.put(file, out);
                }
            }
            return versions;
        } catch (org.eclipse.jgit.errors.MissingObjectException e) {
            return null;
        }
    }

    /** Writes the files under {@code folder} at {@code commit} into {@code to}; false when there are none. */
    private static boolean export(Repository repo, String commit, String folder, Path to) throws IOException {
        try (RevWalk walk = new RevWalk(repo); TreeWalk tw = new TreeWalk(repo)) {
            RevCommit c = walk.parseCommit(ObjectId.fromString(commit));
            tw.addTree(c.getTree());
            tw.setRecursive(true);
            if (!folder.isEmpty()) {
                tw.setFilter(PathFilter.create(folder));
            }
            boolean any = false;
            String prefix = folder.isEmpty() ? "" : folder + "/";
            while (tw.next()) {
                String path = tw.getPathString();
                if (!path.startsWith(prefix) || (tw.getRawMode(0) & org.eclipse.jgit.lib.FileMode.TYPE_MASK)
                        != org.eclipse.jgit.lib.FileMode.TYPE_FILE) {
                    continue;
                }
                any |= write(repo, tw.getObjectId(0), to, path.substring(prefix.length())) != null;
            }
            return any;
        } catch (org.eclipse.jgit.errors.MissingObjectException e) {
            return false;
        }
    }

    /** Writes a blob to {@code rel} under {@code to}; null (and nothing written) when rel would leave {@code to}. */
    private static Path write(Repository repo, ObjectId blob, Path to, String rel) throws IOException {
        Path out = to.resolve(rel).normalize();
        if (!out.startsWith(to)) {
            return null;
        }
        Files.createDirectories(out.getParent());
        try (var os = Files.newOutputStream(out)) {
            repo.open(blob).copyTo(os);
        }
        return out;
    }
}
