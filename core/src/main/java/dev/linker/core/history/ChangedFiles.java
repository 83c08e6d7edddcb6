package dev.linker.core.history;

import dev.linker.core.result.LinkerException;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

import java.io.IOException;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files a change touched: between the merge base of HEAD and a base ref, and HEAD (what a pull request shows),
 * plus optionally the uncommitted changes of the work tree (what a local run before committing wants).
 *
 * @param baseRef    the ref the change is compared with, as resolved ("origin/main", "main", a sha …)
 * @param mergeBase  sha of the merge base
 * @param baseTime   commit time of the merge base
 * @param paths      repository-relative paths (forward slashes) added, modified, deleted or renamed (both names)
 */
public record ChangedFiles(String baseRef, String mergeBase, Instant baseTime, Set<String> paths) {

    public ChangedFiles {
        paths = Set.copyOf(paths);
    }

    /**
     * @param since          base ref given by the user ({@code --since}), or null
     * @param githubBaseRef  {@code GITHUB_BASE_REF} (the pull request's target branch), or null; used when
     *                       {@code since} is null, as {@code origin/<ref>} when that exists, else {@code <ref>}
     * @param uncommitted    also count staged, unstaged and untracked changes of the work tree
     * @throws GitException when there is no base to compare with, the ref is unknown, or the merge base is not in the
     *                      clone (the message says how to fix it)
     */
    public static ChangedFiles compute(GitRepo repo, String since, String githubBaseRef, boolean uncommitted) {
        String ref = baseRef(repo, since, githubBaseRef);
        try (RevWalk walk = new RevWalk(repo.repository())) {
            RevCommit head = repo.head(walk);
            RevCommit base = repo.commit(walk, ref);
            RevCommit mb = mergeBase(repo, walk, head, base, ref);
            Set<String> paths = new TreeSet<>(diff(repo, mb, head));
            if (uncommitted) {
                paths.addAll(workTreeChanges(repo));
            }
            return new ChangedFiles(ref, mb.name(), Instant.ofEpochSecond(mb.getCommitTime()), paths);
        }
    }

    private static String baseRef(GitRepo repo, String since, String githubBaseRef) {
        if (since != null && !since.isBlank()) {
            return since.strip();
        }
        if (githubBaseRef != null && !githubBaseRef.isBlank()) {
            String b = githubBaseRef.strip();
            if (repo.resolveOrNull("refs/remotes/origin/" + b) != null) {
                return "origin/" + b;
            }
            if (repo.resolveOrNull(b) != null) {
                return b;
            }
            throw new GitException("the pull request's base branch '" + b + "' (GITHUB_BASE_REF) is neither origin/" + b
                    + " nor " + b + " in this clone; check out with fetch-depth: 0 (actions/checkout) or pass "
                    + LinkerException.setting("since", "REF"));
        }
        throw new GitException("changed-only needs a base to compare with: pass " + LinkerException.setting("since", "REF")
                + " (e.g. " + LinkerException.setting("since", "origin/main") + ")"
                + (repo.detachedHead() ? "; HEAD is detached, so there is no branch to guess it from" : "")
                + ", or run in a pull request (GITHUB_BASE_REF)");
    }

    private static RevCommit mergeBase(GitRepo repo, RevWalk walk, RevCommit head, RevCommit base, String ref) {
        String missing = "the merge base of HEAD and " + ref + " is not in this clone; fetch with fetch-depth: 0 or pass "
                + LinkerException.setting("since", null);
        // A walk of its own: a RevWalk's filter cannot change once it has produced commits.
        try (RevWalk mbWalk = new RevWalk(repo.repository())) {
            mbWalk.setRevFilter(RevFilter.MERGE_BASE);
            mbWalk.markStart(mbWalk.parseCommit(head));
            mbWalk.markStart(mbWalk.parseCommit(base));
            RevCommit mb = mbWalk.next();
            if (mb == null) {
                throw new GitException(repo.shallow() ? missing
                        : "HEAD and " + ref + " have no common history (no merge base); pass "
                        + LinkerException.setting("since", null) + " with a commit of this branch");
            }
            return walk.parseCommit(mb);
        } catch (MissingObjectException e) {
            throw new GitException(missing);
        } catch (IOException e) {
            throw new GitException("cannot compute the merge base of HEAD and " + ref + ": " + e.getMessage());
        }
    }

    private static Set<String> diff(GitRepo repo, RevCommit from, RevCommit to) {
        Set<String> out = new TreeSet<>();
        try (TreeWalk tw = new TreeWalk(repo.repository())) {
            tw.addTree(from.getTree());
            tw.addTree(to.getTree());
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            while (tw.next()) {
                out.add(tw.getPathString());
            }
        } catch (IOException e) {
            throw new GitException("cannot compare " + from.name() + " with HEAD: " + e.getMessage());
        }
        return out;
    }

    private static Set<String> workTreeChanges(GitRepo repo) {
        try (Git git = new Git(repo.repository())) {
            Status s = git.status().call();
            Set<String> out = new TreeSet<>();
            out.addAll(s.getAdded());
            out.addAll(s.getChanged());
            out.addAll(s.getModified());
            out.addAll(s.getRemoved());
            out.addAll(s.getMissing());
            out.addAll(s.getUntracked());
            return out;
        } catch (GitAPIException | RuntimeException e) {
            throw new GitException("cannot read the work tree status of " + repo.workTree() + ": " + e.getMessage());
        }
    }
}
