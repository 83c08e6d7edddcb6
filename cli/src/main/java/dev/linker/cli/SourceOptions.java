package dev.linker.cli;

import dev.linker.core.model.Site;
import dev.linker.index.PageRecord;
import dev.linker.index.SiteRecords;
import dev.linker.index.SourceLoader;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How a source is read into pages, one set of options for every command that reads one (index, eval, tune): its
 * links, Search Console export, safety classes, base URL, content selectors and extra hubs. Read alike, a site gives
 * the same pages to all of them, so {@code linker eval} can tell whether an index holds the site as it is.
 */
final class SourceOptions {
    @Option(names = "--links", paramLabel = "FILE", description = "Links of a CSV source: links.jsonl or all_inlinks.csv.")
    Path links;

    @Option(names = "--search-console", paramLabel = "CSV", description = "Search Console export (page, query, clicks, impressions).")
    Path searchConsole;

    @Option(names = "--safety", paramLabel = "CSV", description = "Safety classes: url,class per line (see suggest --forbid-safety).")
    Path safety;

    @Option(names = "--base-url", paramLabel = "URL", description = "HTML source: absolute URL of the site; absolute links and the Search Console export's URLs on its host map to the folder's pages.")
    String baseUrl;

    @Option(names = "--content-selector", paramLabel = "CSS", description = "HTML source: main content selector.")
    String contentSelector;

    @Option(names = "--boilerplate-selector", paramLabel = "CSS", description = "HTML source: boilerplate inside the content.")
    String boilerplateSelector;

    @Mixin
    HubOptions hubs;

    /** The loader of {@code source}, with {@code base} as its base URL (a crawl's origin, or {@link #baseUrl}). */
    SourceLoader loader(Path source, String base, Progress progress) {
        return SourceLoader.of(source).withLinks(links).withSearchConsole(searchConsole)
                .withHtml(base, contentSelector, boilerplateSelector, progress).withHubs(hubs.patterns());
    }

    /** The pages of {@code source} as index records, one at a time, with their safety classes. */
    SiteRecords pages(Path source, String base, Progress progress) {
        SiteRecords records = loader(source, base, progress).pages();
        return safety == null ? records : records.map(SourceLoader.safety(safety, records::contains));
    }

    /**
     * The records of copies of {@code site} (as {@code loader} read it) with their safety classes: for a door that
     * indexes versions of the site without some of its links (eval --inbound).
     */
    Function<Site, List<PageRecord>> copies(SourceLoader loader, Site site) {
        UnaryOperator<PageRecord> classes = safety == null ? r -> r : SourceLoader.safety(safety, site::contains);
        return s -> loader.records(s).stream().map(classes).toList();
    }

    /** Whether {@code source} is a CSV given without its links (so it has none to judge by). */
    boolean csvWithoutLinks(Path source) {
        return links == null && !java.nio.file.Files.isDirectory(source);
    }
}
