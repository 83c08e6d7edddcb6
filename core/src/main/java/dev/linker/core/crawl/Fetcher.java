package dev.linker.core.crawl;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The crawl's requests: every GET waits its turn under one rate limit; a page's GET is retried after a failure or a
 * 429 or 503 (after its Retry-After, or an exponential backoff); redirects are answered, not followed. Addresses
 * pass {@link AddressGuard}.
 */
final class Fetcher {
    /** The user agent sent and matched in robots.txt. */
    static final String AGENT = "linker";

    /** One answer: status, where a redirect points, the body of an HTML page (null otherwise). */
    record Answer(String url, int status, String location, byte[] html, String problem) {
    }

    private final OkHttpClient http;
    private final double perSecond;
    private final int retries;
    private final long maxPageBytes;
    private long nextStart; // nanoTime the next request may start (the rate limit)

    /**
     * @param perSecond    requests started per second at most (0 or less: no limit)
     * @param retries      retries of a page's request that failed or was told to wait
     * @param maxPageBytes a page or sitemap larger than this is not read
     */
    Fetcher(Dns dns, boolean allowPrivate, Duration timeout, double perSecond, int retries, long maxPageBytes) {
        this.perSecond = perSecond;
        this.retries = retries;
        this.maxPageBytes = maxPageBytes;
        http = new OkHttpClient.Builder().dns(new AddressGuard(dns, allowPrivate)).followRedirects(false)
                .followSslRedirects(false).callTimeout(timeout).retryOnConnectionFailure(true).build();
    }

    /** Ends the client's threads and connections. */
    void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    /** GET with the rate limit and retries; redirects are not followed here (the crawl queues their target). */
    Answer page(String url) {
        IOException last = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            waitTurn();
            Request rq = new Request.Builder().url(url).header("User-Agent", AGENT + " (internal link audit)")
                    .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1").build();
            try (Response r = http.newCall(rq).execute()) {
                int code = r.code();
                if ((code == 429 || code == 503) && attempt < retries) {
                    sleep(retryAfter(r.header("Retry-After"), attempt));
                    continue;
                }
                if (code >= 300 && code < 400 && r.header("Location") != null) {
                    String to = CrawlUrls.resolve(url, r.header("Location"));
                    return new Answer(url, code, to == null ? r.header("Location") : to, null, null);
                }
                String type = r.header("Content-Type", "");
                if (code >= 200 && code < 300 && type.toLowerCase(Locale.ROOT).contains("html")) {
                    byte[] body = read(r.body(), maxPageBytes);
                    return body == null ? new Answer(url, code, null, null, "larger than " + (maxPageBytes >> 20)
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
                if (attempt < retries) {
                    sleep(backoff(attempt));
                }
            }
        }
        return new Answer(url, 0, null, null, "failed after " + (retries + 1) + " attempts: "
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
        long interval = perSecond <= 0 ? 0 : (long) (1e9 / perSecond);
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

    /**
     * The rules of {@code origin}'s robots.txt for {@link #AGENT}: as crawler-commons reads them from a 200, or from
     * another status; when the request fails, rules that allow everything (and a note saying so).
     */
    BaseRobotRules robots(String origin, List<String> notes) {
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

    /** The body of a 200 answer to a GET of {@code url}; null for another answer, a failure, or a body too large. */
    byte[] bytes(String url) {
        waitTurn();
        try (Response r = http.newCall(new Request.Builder().url(url).header("User-Agent", AGENT).build()).execute()) {
            if (r.code() != 200) {
                return null;
            }
            return read(r.body(), maxPageBytes);
        } catch (IOException e) {
            return null;
        }
    }
}
