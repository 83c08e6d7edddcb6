package dev.linker.core.crawl;

import crawlercommons.robots.BaseRobotRules;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import okhttp3.Dns;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Crawls a live site into a folder the audit and the index read like any built site: each HTML page fetched is
 * written at the path its URL names ({@code /a/} → {@code a/index.html}, {@code /a/b} → {@code a/b/index.html}),
 * its redirects into {@code _redirects}, the URLs of its sitemaps into {@code sitemap.xml}. A URL that answers 404 is
 * not written, so links to it are broken links; a 301 is a redirect, so links through it are redirect links.
 *
 * <p>Polite and bounded: robots.txt is obeyed (crawler-commons, the parser search engines' crawlers use), only the
 * start URL's host (and aliases) is fetched, requests are spread by a rate limit over a few connections, 429 and 503
 * answers are retried after their Retry-After (or an exponential backoff), pages stop at a maximum count and size.
 * Private, loopback and link-local addresses are refused unless allowed ({@link AddressGuard}).
 *
 * <p>This class runs the crawl loop and writes the folder; {@link Fetcher} makes the requests (rate limit, retries,
 * robots.txt), {@link Sitemaps} reads the sitemaps, {@link CrawlUrls} tells the site's URLs and a page's links.
 */
public final class Crawler {
    /** The user agent sent and matched in robots.txt. */
    public static final String AGENT = Fetcher.AGENT;
    private static final int MAX_REDIRECT_HOPS = 5;

    /**
     * What to crawl and how; start from {@link #of(URI)} and adjust with the {@code with...} methods.
     *
     * @param start        the site's start URL (its home page, or a sitemap.xml)
     * @param aliases      other hosts that are the same site (www / non-www)
     * @param limits       how many pages, and how fast
     * @param allowPrivate whether private, loopback and link-local addresses may be fetched
     * @param requests     what one request may take: retries, time, bytes
     * @param progress     told a line now and then while the crawl runs (null: nobody)
     */
    public record Options(URI start, List<String> aliases, Limits limits, boolean allowPrivate, Requests requests,
                          Consumer<String> progress) {
        public Options {
            aliases = aliases == null ? List.of() : List.copyOf(aliases);
            progress = progress == null ? m -> { } : progress;
        }

        /**
         * How much a crawl fetches and how fast.
         *
         * @param maxPages    pages fetched at most
         * @param concurrency requests in flight at most
         * @param perSecond   requests started per second at most
         */
        public record Limits(int maxPages, int concurrency, double perSecond) {
        }

        /**
         * What one request may take.
         *
         * @param retries      retries of a request that failed or was told to wait (429, 503)
         * @param timeout      limit of one request
         * @param maxPageBytes a page larger than this is not read
         */
        public record Requests(int retries, Duration timeout, long maxPageBytes) {
        }

        /** 10,000 pages, 4 at a time, 8 a second; public addresses only; 3 retries, 30 s, 50 MiB a request. */
        public static Options of(URI start) {
            return new Options(start, List.of(), new Limits(10_000, 4, 8), false,
                    new Requests(3, Duration.ofSeconds(30), 50L << 20), null);
        }

        public Options withLimits(int pages, int concurrent, double rate) {
            return new Options(start, aliases, new Limits(pages, concurrent, rate), allowPrivate, requests, progress);
        }

        public Options withAllowPrivate(boolean allow) {
            return new Options(start, aliases, limits, allow, requests, progress);
        }

        public Options withAliases(List<String> hosts) {
            return new Options(start, hosts, limits, allowPrivate, requests, progress);
        }

        public Options withMaxPageBytes(long bytes) {
            return new Options(start, aliases, limits, allowPrivate,
                    new Requests(requests.retries(), requests.timeout(), bytes), progress);
        }

        public Options withProgress(Consumer<String> p) {
            return new Options(start, aliases, limits, allowPrivate, requests, p);
        }

        public Options withRetries(int n, Duration perRequest) {
            return new Options(start, aliases, limits, allowPrivate,
                    new Requests(n, perRequest, requests.maxPageBytes()), progress);
        }
    }

    /**
     * What a crawl left: the folder to read, the site's origin (its base URL), the page URL of each file written,
     * its {@link Counts} and notes; the counts read through the accessors below as well.
     */
    public record Result(Path folder, String origin, Map<String, String> urlByFile, Counts counts,
                         List<String> notes) {

        /**
         * How the URLs a crawl met ended.
         *
         * @param pages     pages written
         * @param redirects URLs that answered with a redirect
         * @param missing   URLs that answered with an error status (400 or more)
         * @param blocked   URLs robots.txt disallows (not fetched)
         * @param failed    URLs that got no usable answer (a note says why)
         */
        public record Counts(int pages, int redirects, int missing, int blocked, int failed) {
        }

        public int pages() {
            return counts.pages();
        }

        public int redirects() {
            return counts.redirects();
        }

        public int missing() {
            return counts.missing();
        }

        public int blocked() {
            return counts.blocked();
        }

        public int failed() {
            return counts.failed();
        }

        /** The findings with the page's URL where an audit of the crawled folder names its file (lines are the served HTML's). */
        public List<Finding> atUrls(List<Finding> findings) {
            return findings.stream().map(f -> f.file() == null ? f : f.withFile(urlByFile.getOrDefault(f.file(), f.file())))
                    .toList();
        }
    }

    /** The start URL is refused: it resolves to an address a crawl may not visit. */
    public static final class RefusedException extends LinkerException {
        public RefusedException(String message) {
            super(message);
        }
    }

    private final Options o;
    private final Fetcher fetcher;
    private final String origin;
    private final CrawlUrls urls;

    private Crawler(Options o, Dns dns) {
        this.o = o;
        URI s = o.start();
        if (s.getScheme() == null || !s.getScheme().matches("https?") || s.getHost() == null) {
            throw new LinkerException(s + ": give an http(s) URL such as https://example.org/");
        }
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(s.getHost().toLowerCase(Locale.ROOT));
        o.aliases().forEach(h -> hosts.add(h.toLowerCase(Locale.ROOT)));
        origin = s.getScheme() + "://" + s.getRawAuthority();
        urls = new CrawlUrls(hosts, origin);
        Options.Requests r = o.requests();
        fetcher = new Fetcher(dns, o.allowPrivate(), r.timeout(), o.limits().perSecond(), r.retries(),
                r.maxPageBytes());
    }

    /** Crawls {@code o.start()} into {@code folder} (created; it should be empty). */
    public static Result crawl(Options o, Path folder) {
        return crawl(o, folder, Dns.SYSTEM);
    }

    static Result crawl(Options o, Path folder, Dns dns) {
        Crawler c = new Crawler(o, dns);
        try {
            return c.run(folder);
        } finally {
            c.fetcher.close();
        }
    }

    private Result run(Path folder) {
        URI start = o.start();
        Options.Limits limits = o.limits();
        checkStart(start.getHost());
        List<String> notes = new ArrayList<>();
        BaseRobotRules robots = fetcher.robots(origin, notes);
        Sitemaps sitemaps = new Sitemaps(fetcher, urls, robots);
        Set<String> seeds = new LinkedHashSet<>();
        List<String> sitemapUrls = new ArrayList<>();
        String startUrl = urls.canonical(start.toString());
        boolean startIsSitemap = start.getPath() != null && start.getPath().toLowerCase(Locale.ROOT).endsWith(".xml");
        if (startIsSitemap) {
            sitemapUrls.add(startUrl);
            seeds.add(origin + "/");
        } else {
            seeds.add(startUrl);
            sitemapUrls.add(origin + "/sitemap.xml");
        }
        for (String s : sitemaps.inRobots()) {
            if (!sitemapUrls.contains(s)) {
                sitemapUrls.add(s);
            }
        }
        Set<String> listed = sitemaps.read(sitemapUrls, notes);
        listed.forEach(u -> seeds.add(urls.canonical(u)));

        Map<String, String> urlByFile = new TreeMap<>();
        Map<String, String> redirects = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> frontier = new ArrayDeque<>();
        for (String s : seeds) {
            if (seen.add(s)) {
                frontier.add(s);
            }
        }
        int[] counts = new int[4]; // pages, missing, blocked, failed
        long fetched = 0;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, limits.concurrency()));
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(folder);
            while (!frontier.isEmpty() && counts[0] < limits.maxPages()) {
                List<Future<Fetcher.Answer>> wave = new ArrayList<>();
                while (!frontier.isEmpty() && wave.size() < limits.concurrency() * 4
                        && counts[0] + wave.size() < limits.maxPages() && fetched++ < 4L * limits.maxPages()) {
                    String url = frontier.poll();
                    if (!robots.isAllowed(url)) {
                        counts[2]++;
                        continue;
                    }
                    wave.add(pool.submit(() -> fetcher.page(url)));
                }
                for (Future<Fetcher.Answer> f : wave) {
                    Fetcher.Answer a = f.get();
                    if (a.problem() != null) {
                        counts[3]++;
                        notes.add(a.url() + ": " + a.problem());
                    } else if (a.location() != null) {
                        redirects.put(a.url(), a.location());
                        String to = urls.canonical(a.location());
                        if (to != null && urls.internal(to) && seen.add(to)) {
                            frontier.add(to);
                        }
                    } else if (a.html() != null) {
                        String file = CrawlUrls.fileFor(a.url());
                        Path p = folder.resolve(file).normalize();
                        if (!p.startsWith(folder) || urlByFile.containsKey(file)) {
                            continue; // a path of dots that would leave the folder; "/index.html" when "/" was read
                        }
                        counts[0]++;
                        Files.createDirectories(p.getParent());
                        Files.write(p, a.html());
                        urlByFile.put(file, a.url());
                        for (String link : urls.links(a.url(), a.html())) {
                            if (seen.add(link)) {
                                frontier.add(link);
                            }
                        }
                    } else if (a.status() >= 200 && a.status() < 300) {
                        // A file that is not a page (an image, a PDF): an empty stand-in, so links to it resolve.
                        String file = URI.create(a.url()).getPath().replaceFirst("^/", "");
                        Path p = folder.resolve(file).normalize();
                        if (!file.isEmpty() && p.startsWith(folder) && !Files.exists(p)
                                && !file.equals("sitemap.xml") && !file.equals("_redirects")) {
                            Files.createDirectories(p.getParent());
                            Files.write(p, new byte[0]);
                        }
                    } else if (a.status() >= 400) {
                        counts[1]++;
                    }
                }
                double secs = (System.nanoTime() - t0) / 1e9;
                o.progress().accept(String.format(Locale.ROOT, "crawled %d pages (%d redirects, %d missing, %d queued)"
                        + " in %.0f s, %.1f pages/s", counts[0], redirects.size(), counts[1], frontier.size(), secs,
                        counts[0] / Math.max(secs, 1e-3)));
            }
            if (!frontier.isEmpty()) {
                notes.add("stopped at " + limits.maxPages() + " pages; " + frontier.size()
                        + " more URLs were not fetched");
            }
            writeRedirects(folder, redirects);
            sitemaps.write(folder, listed);
        } catch (IOException e) {
            throw new LinkerException(folder + ": cannot write the crawled pages: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkerException("crawl of " + origin + " interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new LinkerException("crawl of " + origin + " failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return new Result(folder, origin, urlByFile,
                new Result.Counts(counts[0], redirects.size(), counts[1], counts[2], counts[3]), notes);
    }

    private void checkStart(String host) {
        try {
            new AddressGuard(Dns.SYSTEM, o.allowPrivate()).lookup(host);
        } catch (AddressGuard.RefusedAddressException e) {
            throw new RefusedException(o.start() + ": " + e.getMessage() + "; a crawl does not visit private, "
                    + "loopback or link-local addresses unless allowed");
        } catch (java.net.UnknownHostException e) {
            throw new LinkerException(o.start() + ": unknown host " + host);
        }
    }

    private void writeRedirects(Path folder, Map<String, String> redirects) throws IOException {
        if (redirects.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("# Redirects the crawl of " + origin + " met\n");
        for (Map.Entry<String, String> e : redirects.entrySet()) {
            String from = URI.create(e.getKey()).getRawPath();
            String to = e.getValue();
            String clean = CrawlUrls.clean(to);
            String target = urls.internal(clean == null ? "" : clean) ? URI.create(to).getRawPath() : to;
            b.append(from.isEmpty() ? "/" : from).append(' ').append(target).append(" 301\n");
        }
        Files.writeString(folder.resolve("_redirects"), b.toString(), StandardCharsets.UTF_8);
    }
}
