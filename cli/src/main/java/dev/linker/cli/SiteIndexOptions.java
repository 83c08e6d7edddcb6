package dev.linker.cli;

import dev.linker.index.SyncReport;
import dev.linker.index.IndexSettings;
import dev.linker.core.embed.Embedder;
import dev.linker.core.site.FolderFiles;
import dev.linker.index.HiddenLinks;
import dev.linker.index.IndexDifference;
import dev.linker.index.PageIndex;
import dev.linker.index.SiteRecords;
import dev.linker.index.SourceLoader;
import dev.linker.index.rank.LearnedRanker;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A site read and indexed for a command that judges suggestions against its links (eval, tune): the source, read as
 * {@code linker index} reads it ({@link SourceOptions}), the index to judge, and the embedder.
 *
 * <p>An index given with {@code --index} is only read, never written: when it holds the source's pages as they are,
 * it is judged as it is; when the source changed since it was indexed, a temporary index of the source is judged
 * instead (taking the given index's vectors where a page's text is the same, so little is embedded again), and the
 * given one is left as it was. A folder without an index is indexed as {@code linker index} would, ranker included.
 */
final class SiteIndexOptions {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "Site folder, pages CSV (with --links) or internal_html.csv.")
    Path source;

    @Option(names = "--index", paramLabel = "DIR", description = "An index of SOURCE (as 'linker index' made it): only read, never written; when SOURCE changed since, a temporary index of it is judged instead. A folder without an index gets one, as 'linker index' makes it. Default: a temporary index.")
    Path indexDir;

    @Mixin
    SourceOptions read;

    @Mixin
    EmbedOptions embedder;

    /** An index of the site, with the embedder it was made with; closing it deletes a temporary one. */
    record Indexed(PageIndex index, Embedder embedder, Path dir, boolean temporary) implements AutoCloseable {
        /**
         * What the index learned from the site's links: learned now in a temporary index (it is this run's own),
         * else what {@code linker index} kept in it (null: nothing).
         */
        LearnedRanker learned(ProgressOptions log) {
            return temporary ? RankerLearning.learn(index, log) : index.ranker();
        }

        @Override
        public void close() {
            try (Embedder e = embedder) {
                index.close();
            } finally {
                if (temporary) {
                    FolderFiles.deleteTemporary(dir);
                }
            }
        }
    }

    /** Reads the source and opens an index that holds it (see the class comment), in a folder named for the command. */
    Indexed open(String command, ProgressOptions log) throws IOException {
        PrintWriter err = log.err();
        Progress progress = new Progress(err, log.quiet);
        Embedder e = indexDir != null ? embedder.forIndex(indexDir) : embedder.create();
        Path dir = null;
        PageIndex given = null;
        try {
            SiteRecords pages = read.pages(source, read.baseUrl, progress);
            progress.done("read " + pages.size() + " pages from " + source);
            if (indexDir != null && PageIndex.exists(indexDir)) {
                given = PageIndex.openReadOnly(indexDir, e);
                IndexDifference d = IndexDifference.of(given, pages);
                if (d.none()) {
                    return new Indexed(given, e, indexDir, false);
                }
                err.println("linker: " + indexDir + " is not up to date with " + source + " (" + d + "): judging a "
                        + "temporary index of it instead; " + indexDir + " is left as it is ('linker index' "
                        + "updates it)");
            }
            boolean temporary = indexDir == null || given != null;
            dir = temporary ? Files.createTempDirectory("linker-" + command) : indexDir;
            IndexSettings recipe = given == null ? IndexSettings.DEFAULT
                    : IndexSettings.DEFAULT.withEmbed(given.embedMode()).withFormat(given.vectorFormat());
            PageIndex index = PageIndex.open(dir, e, recipe);
            try {
                SyncReport r = index.sync(pages, true, log.progress(),
                        given == null ? null : HiddenLinks.vectorsOf(given));
                if (!log.quiet) {
                    err.println("linker: index " + dir + ": " + r);
                }
                if (!temporary) {
                    RankerLearning.learn(index, log); // a new index, made as 'linker index' makes it
                }
            } catch (RuntimeException x) {
                index.close();
                throw x;
            }
            return new Indexed(index, e, dir, temporary);
        } catch (RuntimeException x) {
            if (given != null && dir == null) {
                given.close();
            }
            e.close();
            if (dir != null && dir != indexDir) {
                FolderFiles.deleteTemporary(dir);
            }
            throw x;
        } finally {
            if (given != null && dir != null) {
                given.close(); // its vectors were taken; the temporary index is judged
            }
        }
    }

    /** The source's loader, reading it as {@link #open} does (quietly): for copies of the site (eval --inbound). */
    SourceLoader loader() {
        return read.loader(source, read.baseUrl, null);
    }

    /** Whether the source is a CSV given without its links (so it has none to judge by). */
    boolean csvWithoutLinks() {
        return read.csvWithoutLinks(source);
    }
}
