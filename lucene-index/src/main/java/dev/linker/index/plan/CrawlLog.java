package dev.linker.index.plan;

import dev.linker.core.audit.LinkerException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                parsed++;
                String ua = m.group(3) == null ? "" : m.group(3).toLowerCase(Locale.ROOT);
                int status = Integer.parseInt(m.group(2));
                if (status >= 400 || !isBot(ua)) {
                    continue;
                }
                String path = m.group(1);
                int cut = path.indexOf('?');
                if (cut >= 0) {
                    path = path.substring(0, cut);
                }
                hits.merge(path, 1, Integer::sum);
            }
        } catch (IOException e) {
            throw new LinkerException(log + ": cannot read crawl log: " + e.getMessage(), e);
        }
        if (lines > 0 && parsed == 0) {
            throw new LinkerException(log + ": no line is in combined log format "
                    + "(host ident user [time] \"GET /path HTTP/1.1\" status bytes \"referer\" \"user agent\")");
        }
        return hits;
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
        String p = url;
        int scheme = p.indexOf("://");
        if (scheme >= 0) {
            int slash = p.indexOf('/', scheme + 3);
            p = slash < 0 ? "/" : p.substring(slash);
        }
        Integer h = hits.get(p);
        if (h == null && p.endsWith("/")) {
            h = hits.get(p + "index.html");
        }
        if (h == null && p.endsWith("/index.html")) {
            h = hits.get(p.substring(0, p.length() - "index.html".length()));
        }
        return h == null ? 0 : h;
    }
}
