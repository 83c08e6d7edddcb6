package dev.linker.core.history;

import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The versions of many files in one walk of the history. Walking once and diffing each commit with its first parent
 * (restricted to the files asked for) costs one tree comparison per commit, where a {@code git log -- file} per file
 * would walk the whole history a thousand times for a thousand pages.
 */
final class FileVersions {
    /**
     * One content of a file.
     *
     * @param blob   the content's object id
     * @param since  commit time of the oldest commit seen that introduced this content
     * @param commit that commit's sha
     */
    record Version(ObjectId blob, Instant since, String commit) {
    }

    /** What the walk covered, for progress lines and benchmarks. */
    record Walked(int commits, boolean truncated) {
    }

    private FileVersions() {
    }

    /**
     * @param paths       repository-relative paths to follow
     * @param maxPerFile  distinct contents kept per file, newest first (older ones are not looked at)
     * @param maxCommits  commits walked at most, newest first
     * @param out         path → versions, newest first (files never changed in the window have none)
     */
    static Walked collect(Repository repo, Collection<String> paths, int maxPerFile, int maxCommits,
                          Map<String, List<Version>> out) throws IOException {
        if (paths.isEmpty()) {
            return new Walked(0, false);
        }
        Map<String, LinkedHashMap<ObjectId, Version>> seen = new HashMap<>();
        ObjectId headId = repo.resolve("HEAD");
        int commits = 0;
        boolean truncated = false;
        if (headId != null) {
            try (RevWalk walk = new RevWalk(repo); TreeWalk tw = new TreeWalk(repo)) {
                walk.sort(RevSort.COMMIT_TIME_DESC);
                walk.markStart(walk.parseCommit(headId));
                tw.setRecursive(true);
                tw.setFilter(AndTreeFilter.create(PathFilterGroup.createFromStrings(paths), TreeFilter.ANY_DIFF));
                for (RevCommit c; (c = next(walk)) != null; ) {
                    if (commits >= maxCommits) {
                        truncated = true;
                        break;
                    }
                    commits++;
                    tw.reset();
                    if (c.getParentCount() > 0) {
                        RevCommit p = c.getParent(0);
                        if (p.getTree() == null) {
                            walk.parseHeaders(p);
                        }
                        tw.addTree(p.getTree());
                    } else {
                        tw.addTree(new EmptyTreeIterator());
                    }
                    tw.addTree(c.getTree());
                    Instant when = Instant.ofEpochSecond(c.getCommitTime());
                    while (tw.next()) {
                        if ((tw.getRawMode(1) & FileMode.TYPE_MASK) != FileMode.TYPE_FILE) {
                            continue; // deleted here, or not a file (symlink, submodule)
                        }
                        ObjectId blob = tw.getObjectId(1);
                        var versions = seen.computeIfAbsent(tw.getPathString(), k -> new LinkedHashMap<>());
                        Version v = versions.get(blob);
                        if (v != null) {
                            // The same content reached again further back (a revert, a merge): it is older than thought.
                            versions.put(blob, new Version(blob, when, c.name()));
                        } else if (versions.size() < maxPerFile) {
                            versions.put(blob, new Version(blob, when, c.name()));
                        }
                    }
                }
            }
        }
        seen.forEach((path, v) -> {
            List<Version> l = new ArrayList<>(v.values());
            l.sort((a, b) -> b.since().compareTo(a.since()));
            out.put(path, l);
        });
        return new Walked(commits, truncated);
    }

    private static RevCommit next(RevWalk walk) throws IOException {
        try {
            return walk.next();
        } catch (org.eclipse.jgit.errors.MissingObjectException e) {
            return null; // the edge of a shallow clone: the history there is all there is
        }
    }
}
