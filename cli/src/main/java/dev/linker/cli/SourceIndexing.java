package dev.linker.cli;

import dev.linker.index.SyncReport;
import dev.linker.index.IndexSettings;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.core.embed.Embedder;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/** Read a source and bring an index in line with it: what index, eval, tune and serve each start with. */
final class SourceIndexing {
    private SourceIndexing() {
    }

    /**
     * Pages of a site folder or CSV (with its links and Search Console data when given), with progress on stderr;
     * {@code baseUrl} (or null) maps a folder's absolute links and Search Console URLs onto its pages, and pages
     * matching {@code hubs} are marked as hubs.
     */
    static List<PageRecord> read(Path source, Path links, Path searchConsole, String baseUrl, List<Pattern> hubs,
                                 PrintWriter err, boolean quiet) {
        Progress progress = new Progress(err, quiet);
        List<PageRecord> records = loader(source, links, searchConsole, baseUrl, hubs, progress).records();
        progress.done("read " + records.size() + " pages from " + source + " ("
                + records.stream().filter(PageRecord::hub).count() + " hubs)");
        return records;
    }

    /** How {@link #read} reads the source: the loader, for a door that reads a site and then copies of it. */
    static SourceLoader loader(Path source, Path links, Path searchConsole, String baseUrl, List<Pattern> hubs,
                               Progress progress) {
        return SourceLoader.of(source).withLinks(links).withSearchConsole(searchConsole)
                .withHtml(baseUrl, null, null, progress).withHubs(hubs);
    }

    /** Opens (or creates) the index in {@code dir} and syncs it to {@code records}; the caller closes it. */
    static PageIndex synced(Path dir, Embedder e, List<PageRecord> records, PrintWriter err, boolean quiet) {
        PageIndex index = PageIndex.open(dir, e, IndexSettings.DEFAULT);
        if (index.openNote() != null) {
            err.println("linker: " + index.openNote());
        }
        try {
            SyncReport r = index.sync(records, true, quiet ? null : m -> err.println("linker: " + m));
            if (!quiet) {
                err.println("linker: index " + dir + ": " + r);
            }
            return index;
        } catch (RuntimeException ex) {
            index.close();
            throw ex;
        }
    }
}
