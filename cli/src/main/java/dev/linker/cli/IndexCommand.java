package dev.linker.cli;

import dev.linker.index.SyncReport;
import dev.linker.index.VectorFormat;
import dev.linker.index.IndexSettings;
import dev.linker.core.result.ExitCode;
import dev.linker.core.embed.EmbedMode;
import dev.linker.index.ImportedVectors;
import dev.linker.index.PageIndex;
import dev.linker.index.SiteRecords;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.Callable;

/** {@code linker index SOURCE --index DIR}: read a site, embed what changed, update the Lucene index. */
@Command(header = "Index a site (HTML folder, CSV or Screaming Frog export) for suggestions.",
        name = "index", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Index a site for suggestions: a folder of built HTML, a CSV (Address,Title,H1,Content), "
                        + "or a Screaming Frog internal_html.csv (+ all_inlinks.csv next to it). Only pages whose text changed "
                        + "are embedded again; pages no longer in SOURCE are removed (unless --keep-missing)."},
        footer = {"", ExitCode.HELP})
final class IndexCommand implements Callable<Integer> {
    @Mixin
    IndexOptions o;

    @Override
    public Integer call() {
        PrintWriter out = o.log.out();
        PrintWriter err = o.log.err();
        Progress progress = new Progress(err, o.log.quiet);
        long t0 = System.nanoTime();
        dev.linker.core.crawl.Crawler.Result crawled = CrawlOptions.isUrl(o.source)
                ? o.crawl.crawl(o.source, o.read.baseUrl, err, o.log.quiet) : null;
        SiteRecords records;
        try {
            Path from = crawled != null ? crawled.folder() : CrawlOptions.folder(o.source);
            // A crawled site's pages are keyed by their path on it, and its absolute links are its own.
            String base = crawled != null && o.read.baseUrl == null ? crawled.origin() + "/" : o.read.baseUrl;
            // Pages are read without their text first; each page's text is read again as it is indexed, so a
            // catalogue's text is never held all at once.
            records = o.read.pages(from, base, progress);
            progress.done("read " + records.size() + " pages from " + o.source);
            AtomicLong hubCount = new AtomicLong();
            records = records.map(r -> {
                if (r.hub()) {
                    hubCount.incrementAndGet();
                }
                return r;
            });
            index(records, t0, out, err);
            if (!o.log.quiet) {
                err.println("linker: " + hubCount.get() + " of the " + records.size() + " pages are hubs (home,"
                        + " listings, --hub), never suggested as link targets");
            }
        } finally {
            if (crawled != null) {
                dev.linker.core.site.FolderFiles.deleteTemporary(crawled.folder());
            }
        }
        return ExitCode.OK.code();
    }

    /** Pages from which a new index with the local model hears of the static embedder. */
    static final int CATALOGUE = 50_000;

    /** What a new index of {@code pages} pages embedded by {@code embedderId} hears of the static embedder, or null. */
    static String catalogueHint(int pages, String embedderId) {
        if (pages < CATALOGUE || !embedderId.equals(LocalMiniLmEmbedder.ID)) {
            return null;
        }
        return "linker: " + pages + " pages for the local model; for a catalogue, --embedder static (into a new"
                + " folder) embeds them in a fraction of the time, ranking nearly as well and choosing anchors less"
                + " well (BENCHMARKS.md, \"The static embedder\")";
    }

    private void index(SiteRecords records, long t0, PrintWriter out, PrintWriter err) {
        IndexSettings opts = IndexSettings.DEFAULT.withEmbed(EmbedMode.parse(o.embed))
                .withFormat(VectorFormat.parse(o.vectorFormat));
        // With vectors made elsewhere, the local model loads only if a page needs embedding here.
        try (Embedder e = o.vectors != null ? o.embedder.lazyForIndex(o.indexDir) : o.embedder.forIndex(o.indexDir);
             PageIndex index = PageIndex.open(o.indexDir, e, opts);
             ImportedVectors imported = o.vectors == null ? null : ImportedVectors.read(o.vectors, index.embedderId(),
                     index.embedMode().id(), index.dimension(), o.log.progress())) {
            if (index.openNote() != null) {
                err.println("linker: " + index.openNote());
            }
            if (!o.log.quiet) {
                err.println("linker: indexing into " + o.indexDir + " with " + e.id());
                String hint = catalogueHint(records.size(), e.id());
                if (o.vectors == null && index.size() == 0 && hint != null) {
                    err.println(hint);
                }
            }
            SyncReport r = index.sync(records, !o.keepMissing, o.log.progress(),
                    imported);
            if (imported != null && !o.log.quiet && imported.taken() < imported.size()) {
                err.println("linker: " + (imported.size() - imported.taken()) + " of the " + imported.size()
                        + " imported vectors were not used: their page's text has changed since, the page is unchanged"
                        + " in the index, or it is not a page of " + o.source);
            }
            int before = index.segments();
            if (before > 1 && (o.optimize != null ? o.optimize : r.embedded() >= IndexOptions.AUTO_OPTIMIZE)) {
                long m0 = System.nanoTime();
                if (!o.log.quiet) {
                    err.printf("linker: merging %d segments into one (--no-optimize skips this)%n", before);
                }
                index.optimize();
                if (!o.log.quiet) {
                    err.printf(java.util.Locale.ROOT, "linker: merged %d segments into %d in %.1f s%n", before,
                            index.segments(), (System.nanoTime() - m0) / 1e9);
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            out.printf(java.util.Locale.ROOT, "%d pages: %s (%.1f s, index %s)%n", records.size(), r, s, o.indexDir);
            LearnedRanker learned = o.learn ? RankerLearning.learn(index, o.log) : null;
            if (learned != null) {
                out.println(learned.report().summary());
            }
        }
    }
}
