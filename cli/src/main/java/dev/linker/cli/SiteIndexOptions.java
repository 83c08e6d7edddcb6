package dev.linker.cli;

import dev.linker.core.embed.Embedder;
import dev.linker.core.site.FolderFiles;
import dev.linker.index.PageIndex;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A site read and indexed for a command that judges suggestions against its links (eval, tune): the source, its
 * links, Search Console export and base URL, where the index is kept, the embedder and extra hubs.
 */
final class SiteIndexOptions {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "Site folder, pages CSV (with --links) or internal_html.csv.")
    Path source;

    @Option(names = "--links", paramLabel = "FILE", description = "Links of a CSV source: links.jsonl or all_inlinks.csv.")
    Path links;

    @Option(names = "--search-console", paramLabel = "CSV", description = "Search Console export (page, query, clicks, impressions).")
    Path searchConsole;

    @Option(names = "--base-url", paramLabel = "URL", description = "HTML source: absolute URL of the site, so the Search Console export's URLs map to its pages.")
    String baseUrl;

    @Option(names = "--index", paramLabel = "DIR", description = "Keep the index here and reuse it next time (default: a temporary folder).")
    Path indexDir;

    @Mixin
    EmbedOptions embedder;

    @Mixin
    HubOptions hubs;

    /** An index of the site, with the embedder it was made with; closing it deletes a temporary one. */
    record Indexed(PageIndex index, Embedder embedder, Path dir, boolean temporary) implements AutoCloseable {
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

    /** Reads the source and brings the index up to date with it (in a temporary folder named for {@code command}). */
    Indexed open(String command, ProgressOptions log) throws IOException {
        PrintWriter err = log.err();
        boolean quiet = log.quiet;
        Path dir = indexDir != null ? indexDir : Files.createTempDirectory("linker-" + command);
        Embedder e = null;
        try {
            e = embedder.create();
            PageIndex index = SourceIndexing.synced(dir, e, SourceIndexing.read(source, links, searchConsole, baseUrl,
                    hubs.patterns(), err, quiet), err, quiet);
            return new Indexed(index, e, dir, indexDir == null);
        } catch (RuntimeException x) {
            if (e != null) {
                e.close();
            }
            if (indexDir == null) {
                FolderFiles.deleteTemporary(dir);
            }
            throw x;
        }
    }

    /** The source's loader, reading it as {@link #open} does (quietly): for copies of the site (eval --inbound). */
    dev.linker.index.SourceLoader loader() {
        return SourceIndexing.loader(source, links, searchConsole, baseUrl, hubs.patterns(), null);
    }

    /** Whether the source is a CSV given without its links (so it has none to judge by). */
    boolean csvWithoutLinks() {
        return links == null && !Files.isDirectory(source);
    }
}
