package dev.linker.core.crawl;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
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
 */
public final class Crawler {
    /** The user agent sent and matched in robots.txt. */
    public static final String AGENT = "linker";
    private static final int MAX_SITEMAPS = 50;
    private static final int MAX_REDIRECT_HOPS = 5;

    /**
     * @param start         the site's start URL (its home page, or a sitemap.xml)
     * @param aliases       other hosts that are the same site (www / non-www)
     * @param maxPages      pages fetched at most
     * @param concurrency   requests in flight at most
     * @param perSecond     requests started per second at most
     * @param allowPrivate  whether private, loopback and link-local addresses may be fetched
     * @param maxPageBytes  a page larger than this is not read
     * @param retries       retries of a request that failed or was told to wait (429, 503)
     * @param timeout       per request
     */
    public record Options(URI start, List<String> aliases, int maxPages, int concurrency, double perSecond,
                          boolean allowPrivate, long maxPageBytes, int retries, Duration timeout,
                          Consumer<String> progress) {
        public Options {
            aliases = aliases == null ? List.of() : List.copyOf(aliases);
            progress = progress == null ? m -> { } : progress;
        }

        public static Options of(URI start) {
            return new Options(start, List.of(), 10_000, 4, 8, false, 50L << 20, 3, Duration.ofSeconds(30), null);
        }

        public Options withLimits(int pages, int concurrent, double rate) {
            return new Options(start, aliases, pages, concurrent, rate, allowPrivate, maxPageBytes, retries, timeout,
                    progress);
        }

        public Options withAllowPrivate(boolean allow) {
            return new Options(start, aliases, maxPages, concurrency, perSecond, allow, maxPageBytes, retries, timeout,
                    progress);
        }

        public Options withAliases(List<String> hosts) {
            return new Options(start, hosts, maxPages, concurrency, perSecond, allowPrivate, maxPageBytes, retries,
                    timeout, progress);
        }

        public Options withMaxPageBytes(long bytes) {
            return new Options(start, aliases, maxPages, concurrency, perSecond, allowPrivate, bytes, retries, timeout,
                    progress);
        }

        public Options withProgress(Consumer<String> p) {
            return new Options(start, aliases, maxPages, concurrency, perSecond, allowPrivate, maxPageBytes, retries,
                    timeout, p);
        }

        public Options withRetries(int n, Duration perRequest) {
            return new Options(start, aliases, maxPages, concurrency, perSecond, allowPrivate, maxPageBytes, n,
                    perRequest, progress);
        }
    }

    /**
     * What a crawl left: the folder to read, the site's origin (its base URL), the page URL of each file written,
     * and counts.
     */
    public record Result(Path folder, String origin, Map<String, String> urlByFile, int pages, int redirects,
                         int missing, int blocked, int failed, List<String> notes) {
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
    private final OkHttpClient http;
    private final Set<String> hosts = new LinkedHashSet<>();
    private final String origin;
    private BaseRobotRules robots;
    private long nextStart; // nanoTime the next request may start (the rate limit)
    private boolean sitemapRead;

    private Crawler(Options o, Dns dns) {
        this.o = o;
        URI s = o.start();
        if (s.getScheme() == null || !s.getScheme().matches("https?") || s.getHost() == null) {
            throw new LinkerException(s + ": give an http(s) URL such as https://example.org/");
        }
        hosts.add(s.getHost().toLowerCase(Locale.ROOT));
        o.aliases().forEach(h -> hosts.add(h.toLowerCase(Locale.ROOT)));
        origin = s.getScheme() + "://" + s.getRawAuthority();
        http = new OkHttpClient.Builder().dns(new AddressGuard(dns, o.allowPrivate())).followRedirects(false)
                .followSslRedirects(false).callTimeout(o.timeout()).retryOnConnectionFailure(true).build();
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
            c.http.dispatcher().executorService().shutdown();
            c.http.connectionPool().evictAll();
        }
    }

    /** One answer: status, where a redirect points, the body of an HTML page (null otherwise). */
    private record Answer(String url, int status, String location, byte[] html, String problem) {
    }

    private Result run(Path folder) {
        URI start = o.start();
        checkStart(start.getHost());
        List<String> notes = new ArrayList<>();
        robots = readRobots(notes);
        Set<String> seeds = new LinkedHashSet<>();
        List<String> sitemapUrls = new ArrayList<>();
        String startUrl = canonical(start.toString());
        boolean startIsSitemap = start.getPath() != null && start.getPath().toLowerCase(Locale.ROOT).endsWith(".xml");
        if (startIsSitemap) {
            sitemapUrls.add(startUrl);
            seeds.add(origin + "/");
        } else {
            seeds.add(startUrl);
            sitemapUrls.add(origin + "/sitemap.xml");
        }
        for (String s : robotsSitemaps()) {
            if (!sitemapUrls.contains(s)) {
                sitemapUrls.add(s);
            }
        }
        Set<String> listed = readSitemaps(sitemapUrls, notes);
        listed.forEach(u -> seeds.add(canonical(u)));

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
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, o.concurrency()));
        long t0 = System.nanoTime();
        try {
            Files.createDirectories(folder);
            while (!frontier.isEmpty() && counts[0] < o.maxPages()) {
                List<Future<Answer>> wave = new ArrayList<>();
                while (!frontier.isEmpty() && wave.size() < o.concurrency() * 4
                        && counts[0] + wave.size() < o.maxPages() && fetched++ < 4L * o.maxPages()) {
                    String url = frontier.poll();
                    if (!robots.isAllowed(url)) {
                        counts[2]++;
                        continue;
                    }
                    wave.add(pool.submit(() -> fetch(url)));
                }
                for (Future<Answer> f : wave) {
                    Answer a = f.get();
                    if (a.problem() != null) {
                        counts[3]++;
                        notes.add(a.url() + ": " + a.problem());
                    } else if (a.location() != null) {
                        redirects.put(a.url(), a.location());
                        String to = canonical(a.location());
                        if (to != null && internal(to) && seen.add(to)) {
                            frontier.add(to);
                        }
                    } else if (a.html() != null) {
                        String file = fileFor(a.url());
                        Path p = folder.resolve(file).normalize();
                        if (!p.startsWith(folder) || urlByFile.containsKey(file)) {
                            continue; // a path of dots that would leave the folder; "/index.html" when "/" was read
                        }
                        counts[0]++;
                        Files.createDirectories(p.getParent());
                        Files.write(p, a.html());
                        urlByFile.put(file, a.url());
                        for (String link : links(a.url(), a.html())) {
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
                notes.add("stopped at " + o.maxPages() + " pages; " + frontier.size() + " more URLs were not fetched");
            }
            writeRedirects(folder, redirects);
            writeSitemap(folder, listed);
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
        return new Result(folder, origin, urlByFile, counts[0], redirects.size(), counts[1], counts[2], counts[3],
                notes);
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

    // ---- fetching --------------------------------------------------------------------------------------------

    /** GET with the rate limit and retries; redirects are not followed here (the crawl queues their target). */
    private Answer fetch(String url) {
        IOException last = null;
        for (int attempt = 0; attempt <= o.retries(); attempt++) {
            waitTurn();
            Request rq = new Request.Builder().url(url).header("User-Agent", AGENT + " (internal link audit)")
                    .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1").build();
            try (Response r = http.newCall(rq).execute()) {
                int code = r.code();
                if ((code == 429 || code == 503) && attempt < o.retries()) {
                    sleep(retryAfter(r.header("Retry-After"), attempt));
                    continue;
                }
                if (code >= 300 && code < 400 && r.header("Location") != null) {
                    String to = resolve(url, r.header("Location"));
                    return new Answer(url, code, to == null ? r.header("Location") : to, null, null);
                }
                String type = r.header("Content-Type", "");
                if (code >= 200 && code < 300 && type.toLowerCase(Locale.ROOT).contains("html")) {
                    byte[] body = read(r.body(), o.maxPageBytes());
                    return body == null ? new Answer(url, code, null, null, "larger than " + (o.maxPageBytes() >> 20)
                            + " MB; not read") : new Answer(url, code, null, body, null);
                }
                return new Answer(url, code, null, null, null);
            } catch (AddressGuard.RefusedAddressException e) {
                return new Answer(url, 0, null, null, e.getMessage() + "; not fetched");
            } catch (IOException e) {
                if (e instanceof InterruptedIOException && Thread.currentThread().isInterrupted()) {
                    break;
                }
                last = e;
                if (attempt < o.retries()) {
                    sleep(backoff(attempt));
                }
            }
        }
        return new Answer(url, 0, null, null, "failed after " + (o.retries() + 1) + " attempts: "
                + (last == null ? "interrupted" : last.getMessage()));
    }

    private static byte[] read(ResponseBody body, long max) throws IOException {
        if (body.contentLength() > max) {
            return null;
        }
        BufferedSource src = body.source();
        if (!src.request(max + 1)) {
            return src.readByteArray();
        }
        return null;
    }

    private synchronized void waitTurn() {
        long interval = o.perSecond() <= 0 ? 0 : (long) (1e9 / o.perSecond());
        long now = System.nanoTime();
        long at = Math.max(now, nextStart);
        nextStart = at + interval;
        if (at > now) {
            sleep(Duration.ofNanos(at - now));
        }
    }

    static Duration retryAfter(String header, int attempt) {
        if (header != null) {
            try {
                long s = Long.parseLong(header.strip());
                return Duration.ofSeconds(Math.max(0, Math.min(s, 60)));
            } catch (NumberFormatException e) {
                // an HTTP date: fall back to the backoff
            }
        }
        return backoff(attempt);
    }

    static Duration backoff(int attempt) {
        return Duration.ofMillis(Math.min(30_000, 500L << Math.min(attempt, 6)));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- robots.txt and sitemaps -------------------------------------------------------------------------------

    private BaseRobotRules readRobots(List<String> notes) {
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
        String url = origin + "/robots.txt";
        waitTurn();
        try (Response r = http.newCall(new Request.Builder().url(url).header("User-Agent", AGENT).build()).execute()) {
            if (r.code() == 200) {
                byte[] body = read(r.body(), 512 * 1024);
                return parser.parseContent(url, body == null ? new byte[0] : body, "text/plain", List.of(AGENT));
            }
            return parser.failedFetch(r.code());
        } catch (IOException e) {
            notes.add(url + ": " + e.getMessage() + "; crawling as if it allowed everything");
            return parser.failedFetch(404);
        }
    }

    private List<String> robotsSitemaps() {
        List<String> out = new ArrayList<>();
        for (String s : robots.getSitemaps()) {
            String c = clean(s);
            if (c != null && internal(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /** The page URLs the sitemaps list (an index's children followed, up to {@value #MAX_SITEMAPS} sitemaps). */
    private Set<String> readSitemaps(List<String> urls, List<String> notes) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(urls);
        SiteMapParser parser = new SiteMapParser(false);
        int read = 0;
        while (!todo.isEmpty() && read < MAX_SITEMAPS) {
            String url = todo.poll();
            Answer a = fetchBytes(url);
            if (a == null) {
                continue;
            }
            read++;
            try {
                AbstractSiteMap map = parser.parseSiteMap(a.html(), new URL(url));
                if (map instanceof SiteMapIndex index) {
                    for (AbstractSiteMap child : index.getSitemaps()) {
                        String c = clean(child.getUrl().toString());
                        if (c != null && internal(c)) {
                            todo.add(c);
                        }
                    }
                } else if (map instanceof SiteMap sm) {
                    for (SiteMapURL u : sm.getSiteMapUrls()) {
                        String c = clean(u.getUrl().toString());
                        if (c != null && internal(c)) {
                            out.add(c);
                        }
                    }
                    sitemapRead = true;
                }
            } catch (Exception e) {
                notes.add(url + ": not a sitemap (" + e.getMessage() + ")");
            }
        }
        return out;
    }

    /** A sitemap's bytes; null when it is missing or cannot be fetched (no sitemap is normal). */
    private Answer fetchBytes(String url) {
        if (!robots.isAllowed(url)) {
            return null;
        }
        waitTurn();
        try (Response r = http.newCall(new Request.Builder().url(url).header("User-Agent", AGENT).build()).execute()) {
            if (r.code() != 200) {
                return null;
            }
            byte[] body = read(r.body(), o.maxPageBytes());
            return body == null ? null : new Answer(url, 200, null, body, null);
        } catch (IOException e) {
            return null;
        }
    }

    // ---- URLs --------------------------------------------------------------------------------------------------

    /** Same-site links of a page, absolute, without fragment; pages only (no query strings, no assets). */
    private List<String> links(String pageUrl, byte[] html) {
        Document d = Jsoup.parse(new String(html, StandardCharsets.UTF_8), pageUrl);
        List<String> out = new ArrayList<>();
        for (Element a : d.select("a[href], area[href]")) {
            String abs = clean(a.absUrl("href"));
            if (abs != null && internal(abs)) {
                out.add(canonical(abs)); // pages to read, files to check exist
            }
        }
        return out;
    }

    /** An internal URL on an alias host is the same page at the start origin (where it is fetched). */
    private String canonical(String url) {
        String c = clean(url);
        if (c == null || !internal(c)) {
            return c;
        }
        URI u = URI.create(c);
        return origin + (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath());
    }

    private boolean internal(String url) {
        try {
            URI u = new URI(url);
            return u.getHost() != null && hosts.contains(u.getHost().toLowerCase(Locale.ROOT))
                    && (u.getScheme().equals("http") || u.getScheme().equals("https"));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Absolute, no fragment, no query; null when it is not a URL. */
    static String clean(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        try {
            URI u = new URI(url.strip());
            if (u.getScheme() == null || u.getHost() == null) {
                return null;
            }
            String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
            return u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getRawAuthority().toLowerCase(Locale.ROOT) + path;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String resolve(String base, String href) {
        try {
            return clean(URI.create(base).resolve(href.strip()).toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Where a page URL is written: "/" → index.html, "/a/" → a/index.html, "/a/b" → a/b/index.html. */
    static String fileFor(String url) {
        String path = URI.create(url).getPath();
        String rel = path.startsWith("/") ? path.substring(1) : path;
        if (rel.isEmpty() || rel.endsWith("/")) {
            return rel + "index.html";
        }
        String last = rel.substring(rel.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (last.endsWith(".html") || last.endsWith(".htm")) {
            return rel;
        }
        return rel + "/index.html";
    }

    private void writeRedirects(Path folder, Map<String, String> redirects) throws IOException {
        if (redirects.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("# Redirects the crawl of " + origin + " met\n");
        for (Map.Entry<String, String> e : redirects.entrySet()) {
            String from = URI.create(e.getKey()).getRawPath();
            String to = e.getValue();
            String target = internal(clean(to) == null ? "" : clean(to)) ? URI.create(to).getRawPath() : to;
            b.append(from.isEmpty() ? "/" : from).append(' ').append(target).append(" 301\n");
        }
        Files.writeString(folder.resolve("_redirects"), b.toString(), StandardCharsets.UTF_8);
    }

    private void writeSitemap(Path folder, Collection<String> listed) throws IOException {
        if (!sitemapRead) {
            return;
        }
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String u : listed) {
            b.append("  <url><loc>").append(org.jsoup.nodes.Entities.escape(u)).append("</loc></url>\n");
        }
        b.append("</urlset>\n");
        Files.writeString(folder.resolve("sitemap.xml"), b.toString(), StandardCharsets.UTF_8);
    }
}
