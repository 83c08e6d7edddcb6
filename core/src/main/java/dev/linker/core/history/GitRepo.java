package dev.linker.core.history;

import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The git repository a site lives in, opened read-only through JGit. Every problem a user can fix (unknown ref, a
 * shallow clone without the commits asked for, a detached HEAD where a branch is needed) is a {@link GitException}
 * with a message that says what to do.
 */
public final class GitRepo implements AutoCloseable {
    private final Repository repo;
    private final Path workTree;

    private GitRepo(Repository repo) {
        this.repo = repo;
        this.workTree = repo.getWorkTree().toPath().toAbsolutePath().normalize();
    }

    /** The repository whose work tree contains {@code dir}, or empty when there is none (git features then stay off). */
    public static Optional<GitRepo> find(Path dir) {
        Path start = dir.toAbsolutePath().normalize();
        while (start != null && !Files.isDirectory(start)) {
            start = start.getParent();
        }
        if (start == null) {
            return Optional.empty();
        }
        FileRepositoryBuilder b = new FileRepositoryBuilder().readEnvironment().findGitDir(start.toFile());
        if (b.getGitDir() == null) {
            return Optional.empty();
        }
        try {
            Repository r = b.setMustExist(true).build();
            if (r.isBare()) {
                r.close();
                return Optional.empty();
            }
            return Optional.of(new GitRepo(r));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty(); // a broken .git is treated like none; a door that needs git says so
        }
    }

    /** Like {@link #find} for doors that require git: a clear error when {@code dir} is not in a repository. */
    public static GitRepo require(Path dir, String why) {
        return find(dir).orElseThrow(() -> new GitException("'" + dir + "' is not inside a git repository, which "
                + why + " needs (run it in a clone of the site's repository, or drop the option)"));
    }

    public Repository repository() {
        return repo;
    }

    public Path workTree() {
        return workTree;
    }

    /** {@code file}'s path relative to the work tree with forward slashes, or null when it lies outside. */
    public String relative(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (!abs.startsWith(workTree)) {
            return null;
        }
        return workTree.relativize(abs).toString().replace('\\', '/');
    }

    /** Whether this is a shallow clone (CI checkouts usually are: actions/checkout fetches one commit). */
    public boolean shallow() {
        return Files.isRegularFile(repo.getDirectory().toPath().resolve("shallow"))
                || Files.isRegularFile(Path.of(repo.getIdentifier()).resolve("shallow"));
    }

    /** Whether HEAD points at a commit rather than a branch (pull-request checkouts, rebases, tags). */
    public boolean detachedHead() {
        try {
            Ref head = repo.exactRef(Constants.HEAD);
            return head != null && !head.isSymbolic();
        } catch (IOException e) {
            return false;
        }
    }

    /** The commit HEAD points at. */
    public RevCommit head(RevWalk walk) {
        ObjectId id;
        try {
            id = repo.resolve(Constants.HEAD);
        } catch (IOException e) {
            throw new GitException("cannot read HEAD of " + workTree + ": " + e.getMessage());
        }
        if (id == null) {
            throw new GitException("the repository " + workTree + " has no commit yet (HEAD does not point at one)");
        }
        return parse(walk, id, "HEAD");
    }

    /** The commit a ref names (branch, remote branch, tag, sha, HEAD~3 …). */
    public RevCommit commit(RevWalk walk, String ref) {
        ObjectId id = resolveOrNull(ref);
        if (id == null) {
            throw new GitException("unknown git ref '" + ref + "' in " + workTree
                    + (shallow() ? " (this is a shallow clone; fetch the ref, e.g. with fetch-depth: 0)" : ""));
        }
        return parse(walk, id, ref);
    }

    /** The object a ref names, or null when it names nothing here. */
    public ObjectId resolveOrNull(String ref) {
        try {
            return repo.resolve(ref + "^{commit}");
        } catch (RevisionSyntaxException | IOException e) {
            return null;
        }
    }

    private RevCommit parse(RevWalk walk, ObjectId id, String ref) {
        try {
            return walk.parseCommit(id);
        } catch (IOException e) {
            throw new GitException("git ref '" + ref + "' names " + id.name() + ", which is not a commit in this clone"
                    + (shallow() ? " (a shallow clone; fetch with fetch-depth: 0)" : "") + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        repo.close();
    }
}
