package dev.linker.core.site;

import dev.linker.core.result.LinkerException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;

/**
 * The files under a folder the user gave (a site, source or briefs folder), for reading. A file or folder whose real
 * path ({@link Path#toRealPath}) lies outside the folder's own real path is never listed, whatever link leads there:
 * {@code ln -s /etc/passwd site/passwd.html} must not put {@code /etc/passwd} in a report or an index. Links that
 * stay inside are followed. A folder that cannot be read is skipped, not fatal. What was skipped is returned with
 * why, for the caller to report.
 */
public final class FolderFiles {
    /** @param rel path relative to the folder, forward slashes ("private/", "passwd.html"); folders end with "/" */
    public record Skipped(String rel, String why) {
    }

    /** @param files regular files, sorted; @param skipped what was left out and why, by path */
    public record Listing(List<Path> files, List<Skipped> skipped) {
    }

    private FolderFiles() {
    }

    /**
     * Every regular file under {@code dir}, skipping folders whose relative path {@code ignoreDir} accepts.
     *
     * @param what the folder in the user's words, for messages: "site folder", "briefs folder"
     */
    public static Listing list(Path dir, String what, Predicate<String> ignoreDir) {
        Path root = realPath(dir);
        List<Path> files = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        try {
            Files.walkFileTree(dir, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
                    new Visitor(dir, root, what, ignoreDir, files, skipped));
        } catch (IOException e) {
            throw new LinkerException("cannot list " + what + " '" + dir + "': " + e.getMessage(), e);
        }
        files.sort(null);
        skipped.sort(java.util.Comparator.comparing(Skipped::rel));
        return new Listing(files, skipped);
    }

    /** Deletes a temporary folder and all in it; what cannot be deleted stays (the OS cleans temp folders). */
    public static void deleteTemporary(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // left behind: harmless in a temporary folder
                }
            });
        } catch (IOException ignored) {
            // the same
        }
    }

    /** The real path of a folder the user gave: what every file read under it must lie in. */
    public static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw new LinkerException("cannot resolve folder '" + dir + "': " + e.getMessage(), e);
        }
    }

    /**
     * Why {@code file} (under {@code dir}, whose real path is {@code root}) must not be read — "links outside the
     * folder (to …)" — or null when its real path is inside. A file that does not exist is inside: reading it fails
     * on its own.
     */
    public static String outside(Path root, Path file, String what) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            return null;
        }
        return real.startsWith(root) ? null : "links outside the " + what + " (to " + real + "); not read";
    }

    /** The listing walk; package-private so its failure paths can be driven directly in tests. */
    static final class Visitor implements FileVisitor<Path> {
        private final Path dir;
        private final Path root;
        private final String what;
        private final Predicate<String> ignoreDir;
        private final List<Path> files;
        private final List<Skipped> skipped;

        Visitor(Path dir, Path root, String what, Predicate<String> ignoreDir, List<Path> files, List<Skipped> skipped) {
            this.dir = dir;
            this.root = root;
            this.what = what;
            this.ignoreDir = ignoreDir;
            this.files = files;
            this.skipped = skipped;
        }

        private String rel(Path p) {
            return dir.relativize(p).toString().replace('\\', '/');
        }

        @Override
        public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
            if (d.equals(dir)) {
                return FileVisitResult.CONTINUE;
            }
            if (ignoreDir.test(rel(d))) {
                return FileVisitResult.SKIP_SUBTREE;
            }
            String why = Files.isSymbolicLink(d) ? outside(root, d, what) : null;
            if (why != null) {
                skipped.add(new Skipped(rel(d) + "/", why));
                return FileVisitResult.SKIP_SUBTREE;
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
            if (!attrs.isRegularFile()) {
                return FileVisitResult.CONTINUE; // a dangling link, a socket …: nothing to read
            }
            String why = Files.isSymbolicLink(f) ? outside(root, f, what) : null;
            if (why != null) {
                skipped.add(new Skipped(rel(f), why));
            } else {
                files.add(f);
            }
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path f, IOException e) {
            if (e instanceof FileSystemLoopException) {
                return FileVisitResult.CONTINUE; // a link back to a folder being read: its files are listed once
            }
            boolean folder = Files.isDirectory(f);
            String why = e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
            skipped.add(new Skipped(rel(f) + (folder ? "/" : ""), folder
                    ? "is a folder that cannot be read (" + why + "); the files in it were not read"
                    : "cannot be read (" + why + ")"));
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path d, IOException e) {
            if (e != null) {
                skipped.add(new Skipped(rel(d) + "/", "could not be listed to the end (" + e.getMessage()
                        + "); some of its files may not have been read"));
            }
            return FileVisitResult.CONTINUE;
        }
    }
}
