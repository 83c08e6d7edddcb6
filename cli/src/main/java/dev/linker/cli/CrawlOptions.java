package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.core.crawl.Crawler;
import dev.linker.core.site.FolderFiles;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Options of commands that take a live site's URL instead of a folder (audit, index): how to crawl it. */
final class CrawlOptions {
    @Option(names = "--max-pages", paramLabel = "N", defaultValue = "10000",
            description = "A URL to crawl: pages fetched at most (default: ${DEFAULT-VALUE}).")
    int maxPages;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4",
            description = "A URL to crawl: requests in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--rate", paramLabel = "PER_SECOND", defaultValue = "8",
            description = "A URL to crawl: requests started per second at most (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--allow-private", description = "A URL to crawl: allow private, loopback and link-local addresses"
            + " (a site on this machine or your network; off by default).")
    boolean allowPrivate;

    static boolean isUrl(String source) {
        String s = source == null ? "" : source.toLowerCase(Locale.ROOT);
        return s.startsWith("http://") || s.startsWith("https://");
    }

    /**
     * Crawls {@code url} into a new temporary folder (the caller deletes it with {@link #delete}); {@code baseUrl},
     * when given for another host, is the same site under another name.
     */
    Crawler.Result crawl(String url, String baseUrl, PrintWriter err, boolean quiet) {
        if (maxPages < 1 || maxPages > 10_000_000) {
            throw new LinkerException("--max-pages " + maxPages + " is out of range 1..10000000");
        }
        if (concurrency < 1 || concurrency > 64) {
            throw new LinkerException("--concurrency " + concurrency + " is out of range 1..64");
        }
        if (!(rate > 0) || rate > 1000) {
            throw new LinkerException("--rate " + rate + " is out of range (0, 1000] requests per second");
        }
        URI start;
        try {
            start = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new LinkerException(url + ": not a URL (" + e.getMessage() + ")");
        }
        List<String> aliases = new ArrayList<>();
        if (baseUrl != null && isUrl(baseUrl)) {
            String h = URI.create(baseUrl.strip()).getHost();
            if (h != null) {
                aliases.add(h);
            }
        }
        Path folder;
        try {
            folder = Files.createTempDirectory("linker-crawl");
        } catch (IOException e) {
            throw new LinkerException("cannot create a temporary folder for the crawl: " + e.getMessage());
        }
        Progress progress = new Progress(err, quiet);
        Crawler.Options o = Crawler.Options.of(start).withLimits(maxPages, concurrency, rate)
                .withAllowPrivate(allowPrivate).withAliases(aliases).withProgress(progress::update);
        try {
            Crawler.Result r = Crawler.crawl(o, folder);
            progress.done(String.format(Locale.ROOT, "crawled %s: %d pages, %d redirects, %d missing, %d blocked by"
                    + " robots.txt, %d failed", r.origin(), r.pages(), r.redirects(), r.missing(), r.blocked(),
                    r.failed()));
            if (!quiet) {
                r.notes().stream().limit(20).forEach(n -> err.println("linker: " + n));
                if (r.notes().size() > 20) {
                    err.println("linker: … and " + (r.notes().size() - 20) + " more notes");
                }
            }
            if (r.pages() == 0) {
                FolderFiles.deleteTemporary(folder);
                throw new LinkerException(url + ": no HTML page could be fetched"
                        + (r.notes().isEmpty() ? "" : " (" + r.notes().get(0) + ")"));
            }
            return r;
        } catch (Crawler.RefusedException e) {
            FolderFiles.deleteTemporary(folder);
            throw new LinkerException(e.getMessage().replace("unless allowed", "unless allowed: pass --allow-private"
                    + " to crawl it"));
        } catch (RuntimeException e) {
            FolderFiles.deleteTemporary(folder);
            throw e;
        }
    }

    /** A folder argument as a path; a name no file system has is a usage error naming it. */
    static Path folder(String arg) {
        try {
            return Path.of(arg);
        } catch (java.nio.file.InvalidPathException e) {
            throw new LinkerException("'" + arg.replace("\0", "\\0") + "' is not a folder name or an http(s) URL: "
                    + e.getReason());
        }
    }
}
