package dev.linker.core.history;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.model.Site;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangedFilesTest {
    @TempDir
    Path tmp;

    private static AuditConfig.Builder changedOnly(Path site) {
        return AuditConfig.builder().siteDir(site).discoverConfig(false).changedOnly(true);
    }

    @Test
    void the_files_changed_since_the_merge_base_with_the_base_branch_are_listed() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        try (GitRepo repo = GitRepo.find(f.site).orElseThrow()) {
            ChangedFiles c = ChangedFiles.compute(repo, "main", null, false);
            assertEquals(Set.of("site/beans.html", "site/brewing.html"), c.paths());
            assertEquals("main", c.baseRef());
            assertEquals(GitFixture.LINK_TIME, c.baseTime());
            // GITHUB_BASE_REF: origin/main does not exist here, so main is used.
            assertEquals(c.paths(), ChangedFiles.compute(repo, null, "main", false).paths());
        }
    }

    @Test
    void uncommitted_and_untracked_files_count_when_asked() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        f.edit("site/storage.html", "airtight", "cool and dark");
        Files.writeString(f.site.resolve("new.html"), "<title>New</title>");
        try (GitRepo repo = GitRepo.find(f.site).orElseThrow()) {
            assertEquals(Set.of("site/beans.html", "site/brewing.html"), ChangedFiles.compute(repo, "main", null, false).paths());
            assertEquals(Set.of("site/beans.html", "site/brewing.html", "site/storage.html", "site/new.html"),
                    ChangedFiles.compute(repo, "main", null, true).paths());
        }
    }

    @Test
    void changed_only_keeps_findings_on_changed_pages_and_the_orphan_the_change_caused_but_not_old_problems() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        AuditResult full = Auditor.run(AuditConfig.builder().siteDir(f.site).discoverConfig(false).build());
        AuditResult pr = Auditor.run(changedOnly(f.site).pullRequestBase("main").build());
        // The old broken link on storage.html is in both the base and the change: not this change's doing.
        assertTrue(full.findings().stream().anyMatch(x -> x.checkId().equals("broken-link")));
        assertTrue(pr.findings().stream().noneMatch(x -> x.checkId().equals("broken-link")), pr.findings().toString());
        List<String> kept = pr.findings().stream().map(x -> x.checkId() + " " + x.pageUrl()).sorted().toList();
        assertTrue(kept.contains("orphan /storage.html"), kept.toString());
        assertTrue(kept.contains("stale-anchor /"), "a link on an unchanged page to the retitled page: " + kept);
        assertTrue(kept.contains("stale-anchor /brewing.html"), kept.toString());
        assertEquals(pr.findings().size(), pr.summary().findings().values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void the_merge_base_site_made_from_the_changed_files_alone_is_the_site_read_whole_from_the_merge_base() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        Files.writeString(f.site.resolve("grinders.html"), "<!doctype html><html><head><title>Grinders</title></head>"
                + "<body><main><h1>Grinders</h1><p>Burr or blade: <a href=\"/storage.html\">store beans</a>.</p></main></body></html>");
        f.commit("add grinders", GitFixture.CHANGE_TIME);
        Path baseCopy = tmp.resolve("base");
        Git.cloneRepository().setURI(f.root.toUri().toString()).setDirectory(baseCopy.toFile()).setBranch("main").call().close();
        Path baseSite = baseCopy.resolve("site");

        ReadOptions lean = ReadOptions.of(f.site).withoutText();
        Site now = SiteReader.read(lean);
        Map<String, Path> versions = new HashMap<>();
        versions.put("beans.html", baseSite.resolve("beans.html"));
        versions.put("brewing.html", baseSite.resolve("brewing.html"));
        versions.put("grinders.html", null);
        Site incremental = SiteReader.withVersions(now, lean, versions);
        Site whole = SiteReader.read(ReadOptions.of(baseSite).withoutText());

        assertEquals(whole.pages(), incremental.pages());
        assertEquals(whole.redirects(), incremental.redirects());
        assertEquals(whole.problems(), incremental.problems());
        AuditConfig config = AuditConfig.builder().siteDir(baseSite).discoverConfig(false).git(false).build();
        assertEquals(fingerprints(Auditor.audit(config, whole)), fingerprints(Auditor.audit(config, incremental)));
        assertNotEquals(fingerprints(Auditor.audit(config, whole)), fingerprints(Auditor.audit(config, now)),
                "the change's own site audits differently, so the comparison above means something");
    }

    private static List<String> fingerprints(AuditResult r) {
        return r.findings().stream().map(Finding::fingerprint).sorted().toList();
    }

    @Test
    void changed_only_reports_the_broken_link_a_deleted_page_leaves_on_an_unchanged_page() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        Files.delete(f.site.resolve("beans.html"));
        f.commit("drop beans", GitFixture.CHANGE_TIME);
        AuditResult pr = Auditor.run(changedOnly(f.site).pullRequestBase("main").build());
        List<String> kept = pr.findings().stream().map(x -> x.checkId() + " " + x.pageUrl() + " -> " + x.targetUrl()).sorted().toList();
        assertTrue(kept.contains("broken-link / -> /beans.html"), "index.html did not change, but its link now breaks: " + kept);
    }

    @Test
    void changed_only_outside_a_repository_is_an_error_that_says_so() throws Exception {
        Path site = tmp.resolve("plain");
        GitFixture.copy(dev.linker.core.Sites.dir("history"), site);
        org.junit.jupiter.api.Assumptions.assumeTrue(GitRepo.find(site).isEmpty());
        GitException e = assertThrows(GitException.class, () -> Auditor.run(changedOnly(site).since("main").build()));
        assertTrue(e.getMessage().contains("is not inside a git repository"), e.getMessage());
    }

    @Test
    void an_unknown_ref_no_base_and_a_detached_head_are_clear_errors() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        LinkerException unknown = assertThrows(GitException.class, () -> Auditor.run(changedOnly(f.site).since("nope").build()));
        assertEquals("unknown git ref 'nope' in " + f.root.toRealPath().toAbsolutePath(), unknown.getMessage().replace(f.root.toAbsolutePath().toString(), f.root.toRealPath().toString()));
        LinkerException pr = assertThrows(GitException.class, () -> Auditor.run(changedOnly(f.site).pullRequestBase("develop").build()));
        assertTrue(pr.getMessage().contains("base branch 'develop' (GITHUB_BASE_REF) is neither origin/develop nor develop"), pr.getMessage());
        f.git.checkout().setName(f.git.getRepository().resolve("HEAD").name()).call();
        LinkerException detached = assertThrows(GitException.class, () -> Auditor.run(changedOnly(f.site).build()));
        assertTrue(detached.getMessage().contains("HEAD is detached"), detached.getMessage());
        assertTrue(detached.message((key, value) -> "<" + key + ">").contains("pass <since>"), detached.getMessage());
        // Detached HEAD with a base is fine: that is how a pull request is checked out.
        assertTrue(Auditor.run(changedOnly(f.site).since("main").build()).findings().stream().anyMatch(x -> x.checkId().equals("orphan")));
    }

    @Test
    void a_shallow_clone_without_the_merge_base_says_to_fetch_the_history() throws Exception {
        GitFixture f = GitFixture.create(tmp.resolve("repo"));
        Path clone = tmp.resolve("clone");
        try (Git c = Git.cloneRepository().setURI(f.root.toUri().toString()).setDirectory(clone.toFile())
                .setBranch("change").setDepth(1).call()) {
            // A pull-request checkout: the base branch's tip is fetched too, but not the history joining them.
            c.fetch().setRefSpecs("+refs/heads/main:refs/remotes/origin/main").setDepth(1).call();
        }
        GitException e = assertThrows(GitException.class,
                () -> Auditor.run(changedOnly(clone.resolve("site")).pullRequestBase("main").build()));
        assertEquals("the merge base of HEAD and origin/main is not in this clone; fetch with fetch-depth: 0 or pass --since",
                e.message((key, value) -> "--" + key));
        // The same clone audits fine without changed-only: history is best effort.
        AuditResult r = Auditor.run(AuditConfig.builder().siteDir(clone.resolve("site")).discoverConfig(false).build());
        assertTrue(r.findings().stream().map(Finding::checkId).anyMatch("orphan"::equals));
    }
}
