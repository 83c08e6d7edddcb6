package dev.linker.core.history;

import dev.linker.core.Sites;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;

/**
 * A real git repository in a temporary folder holding the 'history' fixture site under {@code site/}: committed on
 * {@code main} (the base), then changed on branch {@code change} (beans.html retitled, the only link to storage.html
 * removed). Commit times are fixed, so dates in messages are known.
 */
final class GitFixture {
    static final Instant BASE_TIME = Instant.parse("2024-01-10T09:00:00Z");
    static final Instant LINK_TIME = Instant.parse("2024-02-01T09:00:00Z");
    static final Instant CHANGE_TIME = Instant.parse("2024-03-05T09:00:00Z");

    final Path root;
    final Path site;
    final Git git;

    private GitFixture(Path root) throws Exception {
        this.root = root;
        this.site = root.resolve("site");
        this.git = Git.init().setDirectory(root.toFile()).setInitialBranch("main").call();
    }

    /** main: the site (base), then a second commit adding a link (for link ages); change: the retitle. */
    static GitFixture create(Path dir) throws Exception {
        GitFixture f = new GitFixture(dir);
        copy(Sites.dir("history"), f.site);
        // The first commit lacks the index's link to storage; the second adds it, so that link's age is LINK_TIME.
        f.edit("site/brewing.html", " and <a href=\"/storage.html\">Storing coffee</a>", "");
        f.commit("base site", BASE_TIME);
        f.edit("site/brewing.html", "<a href=\"/beans.html\">Choosing beans</a>",
                "<a href=\"/beans.html\">Choosing beans</a> and <a href=\"/storage.html\">Storing coffee</a>");
        f.commit("link storage", LINK_TIME);
        f.git.checkout().setCreateBranch(true).setName("change").call();
        f.edit("site/beans.html", "Choosing beans", "Picking a roast");
        f.edit("site/brewing.html", " and <a href=\"/storage.html\">Storing coffee</a>", "");
        f.commit("retitle beans, drop the storage link", CHANGE_TIME);
        return f;
    }

    void edit(String file, String from, String to) throws IOException {
        Path p = root.resolve(file);
        String s = Files.readString(p);
        if (!s.contains(from)) {
            throw new IllegalStateException(file + " does not contain " + from);
        }
        Files.writeString(p, s.replace(from, to));
    }

    void commit(String message, Instant when) throws Exception {
        git.add().addFilepattern(".").call();
        git.add().addFilepattern(".").setUpdate(true).call();
        PersonIdent who = new PersonIdent(new PersonIdent("Test", "test@example.com"), when, ZoneOffset.UTC);
        git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else if (!p.getFileName().toString().equals("README.md")) {
                    Files.copy(p, t);
                }
            }
        }
    }
}
