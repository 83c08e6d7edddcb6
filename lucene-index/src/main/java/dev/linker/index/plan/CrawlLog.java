package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Search engine crawler hits per path from an access log in combined log format
 * ({@code host ident user [time] "GET /path HTTP/1.1" status bytes "referer" "user agent"}). The best donors are
 * pages crawlers actually fetch: a link on a page that is never crawled is never seen.
 */
public final class CrawlLog {
    private static final Pattern LINE = Pattern.compile(
            "^\\S+ \\S+ \\S+ \\[[^\\]]*] \"(?:GET|HEAD) (\\S+)[^\"]*\" (\\d{3}) \\S+(?: \"[^\"]*\" \"([^\"]*)\")?.*$");
    private static final String[] BOTS = {"googlebot", "bingbot", "yandexbot", "baiduspider", "duckduckbot",
            "applebot", "slurp", "seznambot", "petalbot", "naver"};

    private CrawlLog() {
    }

    /** Path (query and fragment stripped) → crawler hits with a 2xx/3xx answer. Unparsable lines are skipped. */
    public static Map<String, Integer> read(Path log) {
        Map<String, Integer> hits = new HashMap<>();
        int lines = 0;
        int parsed = 0;
        try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = r.readLine()) != null) {
                lines++;
                if (!isLogLine(line)) {
                    continue;
                }
                parsed++;
                String path = botPath(line);
                if (path != null) {
                    hits.merge(path, 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            throw new LinkerException(log + ": cannot read crawl log: " + e.getMessage(), e);
        }
        if (lines > 0 && parsed == 0) {
            throw notALog(log);
        }
        return hits;
    }

    /** Whether a line is in combined log format (a GET or HEAD request). */
    public static boolean isLogLine(String line) {
        return LINE.matcher(line).matches();
    }

    /** The path (query stripped) a search engine crawler fetched with a 2xx/3xx answer on this line, else null. */
    public static String botPath(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return null;
        }
        String ua = m.group(3) == null ? "" : m.group(3).toLowerCase(Locale.ROOT);
        if (Integer.parseInt(m.group(2)) >= 400 || !isBot(ua)) {
            return null;
        }
        String path = m.group(1);
        int cut = path.indexOf('?');
        return cut >= 0 ? path.substring(0, cut) : path;
    }

    /** The error for a file none of whose lines is in combined log format. */
    public static LinkerException notALog(Object log) {
        return new LinkerException(log + ": no line is in combined log format "
                + "(host ident user [time] \"GET /path HTTP/1.1\" status bytes \"referer\" \"user agent\")");
    }

    static boolean isBot(String ua) {
        for (String b : BOTS) {
            if (ua.contains(b)) {
                return true;
            }
        }
        return false;
    }

    /** Hits of a page key or absolute URL, looked up by its path. */
    public static int hitsOf(Map<String, Integer> hits, String url) {
        for (String k : keys(url)) {
            Integer h = hits.get(k);
            if (h != null) {
                return h;
            }
        }
        return 0;
    }

    /**
     * The log paths a page key or absolute URL is counted under, the first found wins: its path, then the same
     * page written with or without {@code index.html}.
     */
    public static List<String> keys(String url) {
        String p = url;
        int scheme = p.indexOf("://");
        if (scheme >= 0) {
            int slash = p.indexOf('/', scheme + 3);
            p = slash < 0 ? "/" : p.substring(slash);
        }
        if (p.endsWith("/")) {
            return List.of(p, p + "index.html");
        }
        if (p.endsWith("/index.html")) {
            return List.of(p, p.substring(0, p.length() - "index.html".length()));
        }
        return List.of(p);
    }

    /**
     * What a donor's crawler hits add to its links' scores: up to 0.2 for the most crawled donor, log-scaled, so a
     * link lands where crawlers will see it.
     */
    public static double bonus(int hits, int maxHits) {
        return maxHits == 0 ? 0 : 0.2 * Math.log1p(hits) / Math.log1p(maxHits);
    }
}
