package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.embed.EmbedMode;
import dev.linker.index.ImportedVectors;
import dev.linker.index.PageIndex;
import dev.linker.index.SiteRecords;
import dev.linker.index.SourceLoader;
import dev.linker.core.embed.Embedder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.Callable;

/** {@code linker index SOURCE --index DIR}: read a site, embed what changed, update the Lucene index. */
@Command(header = "Index a site (HTML folder, CSV or Screaming Frog export) for suggestions.",
        name = "index", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Index a site for suggestions: a folder of built HTML, a CSV (Address,Title,H1,Content),",
                "or a Screaming Frog internal_html.csv (+ all_inlinks.csv next to it). Only pages whose text changed",
                "are embedded again; pages no longer in SOURCE are removed (unless --keep-missing)."},
        footer = {"", "Exit codes: 0 ok, 2 usage or input error, 3 unexpected error."})
final class IndexCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SOURCE", description = "Site folder, pages CSV or internal_html.csv, or a live"
            + " site's URL to crawl (https://example.org/ or its sitemap.xml).")
    String source;

    @Mixin
    CrawlOptions crawl;

    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder (created when missing).")
    Path indexDir;

    @Option(names = "--links", paramLabel = "FILE", description = "Links of a CSV source: links.jsonl or all_inlinks.csv.")
    Path links;

    @Option(names = "--search-console", paramLabel = "CSV", description = "Search Console export (page, query, clicks, impressions).")
    Path searchConsole;

    @Option(names = "--safety", paramLabel = "CSV", description = "Safety classes: url,class per line (see suggest --forbid-safety).")
    Path safety;

    @Option(names = "--embed", paramLabel = "WHAT", defaultValue = "both", description = "What is embedded: title, content or both (default: ${DEFAULT-VALUE}).")
    String embed;

    @Option(names = "--vector-format", paramLabel = "F", defaultValue = "float", description = "float (default) or int8 (quantized HNSW, 4x less vector memory).")
    String vectorFormat;

    @Option(names = "--vectors", paramLabel = "DIR", description = "Vectors made elsewhere (linker-spark embed's --out): pages whose text they were made from take them instead of being embedded here.")
    Path vectors;

    @Option(names = "--keep-missing", description = "Keep indexed pages that SOURCE no longer has.")
    boolean keepMissing;

    @Option(names = "--optimize", negatable = true, description = "Merge the index into one segment afterwards: much faster searches and plans on large indexes (about 95 s at 1M pages). Default: only after writing at least " + AUTO_OPTIMIZE + " pages.")
    Boolean optimize;

    /** A bulk load this large leaves many segments; merging them costs ~10 % of the load and speeds every search. */
    static final int AUTO_OPTIMIZE = 100_000;

    @Option(names = "--base-url", paramLabel = "URL", description = "HTML source: absolute URL of the site; absolute links and the Search Console export's URLs on its host map to the folder's pages.")
    String baseUrl;

    @Option(names = "--content-selector", paramLabel = "CSS", description = "HTML source: main content selector.")
    String contentSelector;

    @Option(names = "--boilerplate-selector", paramLabel = "CSS", description = "HTML source: boilerplate inside the content.")
    String boilerplateSelector;

    @Mixin
    ProgressOptions log;

    @Mixin
    EmbedOptions embedder;

    @Mixin
    HubOptions hubs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Progress progress = new Progress(err, log.quiet);
        long t0 = System.nanoTime();
        dev.linker.core.crawl.Crawler.Result crawled = CrawlOptions.isUrl(source)
                ? crawl.crawl(source, baseUrl, err, log.quiet) : null;
        SiteRecords records;
        try {
            Path from = crawled != null ? crawled.folder() : CrawlOptions.folder(source);
            // A crawled site's pages are keyed by their path on it, and its absolute links are its own.
            String base = crawled != null && baseUrl == null ? crawled.origin() + "/" : baseUrl;
            // Pages are read without their text first; each page's text is read again as it is indexed, so a
            // catalogue's text is never held all at once.
            records = SourceLoader.of(from).withLinks(links).withSearchConsole(searchConsole)
                    .withHtml(base, contentSelector, boilerplateSelector, progress).withHubs(hubs.patterns()).pages();
            progress.done("read " + records.size() + " pages from " + source);
            if (safety != null) {
                records = records.map(SourceLoader.safety(safety, records::contains));
            }
            AtomicLong hubCount = new AtomicLong();
            records = records.map(r -> {
                if (r.hub()) {
                    hubCount.incrementAndGet();
                }
                return r;
            });
            index(records, t0, out, err);
            if (!log.quiet) {
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

    private void index(SiteRecords records, long t0, PrintWriter out, PrintWriter err) {
        PageIndex.Options opts = PageIndex.Options.DEFAULT.withEmbed(EmbedMode.parse(embed))
                .withFormat(PageIndex.VectorFormat.parse(vectorFormat));
        // With vectors made elsewhere, the local model loads only if a page needs embedding here.
        try (Embedder e = vectors != null ? embedder.lazyForIndex(indexDir) : embedder.create();
             PageIndex index = PageIndex.open(indexDir, e, opts);
             ImportedVectors imported = vectors == null ? null : ImportedVectors.read(vectors, index.embedderId(),
                     index.embedMode().id(), index.dimension(), log.quiet ? null : m -> err.println("linker: " + m))) {
            if (!log.quiet) {
                err.println("linker: indexing into " + indexDir + " with " + e.id());
            }
            PageIndex.SyncReport r = index.sync(records, !keepMissing, log.quiet ? null : m -> err.println("linker: " + m),
                    imported);
            if (imported != null && !log.quiet && imported.taken() < imported.size()) {
                err.println("linker: " + (imported.size() - imported.taken()) + " of the " + imported.size()
                        + " imported vectors were not used: their page's text has changed since, the page is unchanged"
                        + " in the index, or it is not a page of " + source);
            }
            int before = index.segments();
            if (before > 1 && (optimize != null ? optimize : r.embedded() >= AUTO_OPTIMIZE)) {
                long m0 = System.nanoTime();
                if (!log.quiet) {
                    err.printf("linker: merging %d segments into one (--no-optimize skips this)%n", before);
                }
                index.optimize();
                if (!log.quiet) {
                    err.printf(java.util.Locale.ROOT, "linker: merged %d segments into %d in %.1f s%n", before,
                            index.segments(), (System.nanoTime() - m0) / 1e9);
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            out.printf(java.util.Locale.ROOT, "%d pages: %s (%.1f s, index %s)%n", records.size(), r, s, indexDir);
        }
    }
}
