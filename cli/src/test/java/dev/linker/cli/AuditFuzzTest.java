package dev.linker.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded fuzzing of {@code linker audit}: mutated copies of the example site (byte flips, truncation, tag soup, odd
 * charsets, huge attributes, deep and wide nesting, NUL and bidi controls), random sitemaps, {@code _redirects} and
 * config files, and symlinks to a secret planted outside the site — through every report format, in-process.
 *
 * <p>Each case is built from {@code (seed, case)} alone, so a failure names both and reruns alone with
 * {@code -Dfuzz.seed=S -Dfuzz.case=N}. {@code -Dfuzz.cases=N} (every fuzz suite) or {@code -Dfuzz.audit.cases=N} scales
 * the run (default {@value #DEFAULT_CASES}); {@code -Dfuzz.stacktraces=true} shows the stack trace behind an exit 3.
 * Oracles: exit code 0, 1 or 2 only; no stack trace or "Exception" on stdout/stderr; JSON and SARIF reports parse;
 * no raw NUL or bidi control in a report; the secret never appears anywhere; each run ends within
 * {@value #TIMEOUT_SECONDS} s.
 */
class AuditFuzzTest {
    static final int DEFAULT_CASES = 500;
    static final long DEFAULT_SEED = 20261123L;
    static final int TIMEOUT_SECONDS = 10;
    /** 'linker index' loads the embedding model and embeds every page: a looser bound, still far from a hang. */
    static final int INDEX_TIMEOUT_SECONDS = 30;
    static final List<String> FORMATS = List.of("text", "json", "markdown", "sarif", "github", "html");
    static final Path EXAMPLE = Path.of("..", "examples", "site");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** One mutated site and the runs made on it; {@code log} says what was done, for the failure message. */
    record Case(long seed, int index, Path dir, Path site, List<String> log, List<Path> locked) {
        String repro() {
            return "-Dfuzz.seed=" + seed + " -Dfuzz.case=" + index;
        }
    }

    record Failure(String kind, Case c, String detail) {
    }

    @Test
    void hostile_sites_configs_and_options_never_crash_leak_or_hang_the_audit_in_any_format() throws Exception {
        long seed = Long.getLong("fuzz.seed", DEFAULT_SEED);
        int cases = Integer.getInteger("fuzz.audit.cases", Integer.getInteger("fuzz.cases", DEFAULT_CASES));
        Integer only = Integer.getInteger("fuzz.case");
        Map<String, byte[]> example = readExample();
        String secret = "FUZZSECRET" + Long.toHexString(new Random(seed).nextLong() | 1L << 62);
        Path outside = tmp.resolve("outside");
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("s.html"), "<!DOCTYPE html><html><head><title>" + secret + "</title></head><body><main><h1>"
                + secret + "</h1><p>" + secret + " <a href=\"/index.html\">" + secret + "</a></p></main></body></html>");
        Files.writeString(outside.resolve("s.txt"), secret + "\n/" + secret + " /x 301\n");
        Files.writeString(outside.resolve("s.xml"), "<?xml version=\"1.0\"?><urlset><url><loc>/" + secret
                + "</loc></url></urlset>");

        List<Failure> failures = new ArrayList<>();
        long t0 = System.nanoTime();
        int runs = 0;
        ExecutorService[] exec = {newExecutor()};
        java.util.PriorityQueue<Map.Entry<Long, Case>> slowest = new java.util.PriorityQueue<>(Map.Entry.comparingByKey());
        int first = only == null ? 0 : only;
        int last = only == null ? cases : only + 1;
        try {
            for (int i = first; i < last; i++) {
                long c0 = System.nanoTime();
                Case c = build(seed, i, example, outside);
                runs += runCase(c, secret, failures, exec);
                for (Path p : c.locked()) {
                    Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
                }
                deleteTree(c.dir());
                slowest.add(Map.entry((System.nanoTime() - c0) / 1_000_000, c));
                if (slowest.size() > 5) {
                    slowest.poll();
                }
            }
        } finally {
            exec[0].shutdownNow();
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.err.printf(Locale.ROOT, "audit fuzz: seed %d, %d cases, %d audit runs in %d ms (exit codes: %s), %d failures%n",
                seed, last - first, runs, ms, EXITS, failures.size());
        slowest.stream().sorted(Map.Entry.<Long, Case>comparingByKey().reversed()).forEach(e -> System.err.printf(Locale.ROOT,
                "  slow case %d: %d ms: %s%n", e.getValue().index(), e.getKey(), String.join("; ", e.getValue().log())));
        if (!failures.isEmpty()) {
            fail(report(failures));
        }
        assertTrue(runs >= (last - first) * 2, "every case ran the audit at least twice");
    }

    // ---- running and judging ------------------------------------------------------------------------------------

    private int runCase(Case c, String secret, List<Failure> failures, ExecutorService[] exec) throws IOException {
        Random r = new Random(c.seed() * 31 + c.index() * 7919L + 1);
        List<String> common = options(r, c);
        Path cfg = c.dir().resolve("linker.yml");
        if (Files.exists(cfg)) {
            common.add("--config");
            common.add(cfg.toString());
        }
        int n = 0;
        // Every format at once into a folder.
        Path reports = c.dir().resolve("reports");
        List<String> all = new ArrayList<>(List.of("audit", c.site().toString(), "-f", String.join(",", FORMATS),
                "-o", reports.toString()));
        all.addAll(common);
        judge(c, all, run(c, all, exec, failures), reports, secret, failures);
        n++;
        // One format on standard output, a different one per case (and a second one on every third case).
        for (int k = 0; k < (c.index() % 3 == 0 ? 2 : 1); k++) {
            String format = FORMATS.get((c.index() + k * 3) % FORMATS.size());
            List<String> one = new ArrayList<>(List.of("audit", c.site().toString(), "--format", format));
            one.addAll(common);
            judge(c, one, run(c, one, exec, failures), null, secret, failures);
            n++;
        }
        // Every 40th site also goes through 'linker index' and 'linker suggest' (the embedding model makes these slow).
        if (c.index() % 40 == 7) {
            Path index = c.dir().resolve("index");
            List<String> idx = List.of("index", c.site().toString(), "--index", index.toString());
            judge(c, idx, run(c, idx, exec, failures, INDEX_TIMEOUT_SECONDS), null, secret, failures);
            Random q = new Random(c.index());
            List<String> suggest = new ArrayList<>(List.of("suggest", "--index", index.toString(), "--format", "json", "-q"));
            suggest.addAll(q.nextBoolean() ? List.of("--all") : List.of("--query", pick(q, "espresso grinder", "\u202E", "", "*", "\"", "a".repeat(5000))));
            judge(c, suggest, run(c, suggest, exec, failures, INDEX_TIMEOUT_SECONDS), null, secret, failures);
            n += 2;
        }
        return n;
    }

    record Run(int code, String out, String err) {
    }

    private static Run run(Case c, List<String> args, ExecutorService[] exec, List<Failure> failures) {
        return run(c, args, exec, failures, TIMEOUT_SECONDS);
    }

    private static Run run(Case c, List<String> args, ExecutorService[] exec, List<Failure> failures, int timeoutSeconds) {
        Future<Run> f = exec[0].submit(() -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Boolean.getBoolean("fuzz.stacktraces") ? runShowingStackTraces(args, out, err)
                    : LinkerCli.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
            return new Run(code, out.toString(), err.toString());
        });
        try {
            return f.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            exec[0].shutdownNow();
            exec[0] = newExecutor(); // the stuck thread is abandoned; later cases get a fresh one
            failures.add(new Failure("hang over " + timeoutSeconds + " s (" + args.get(0) + ")", c, String.join(" ", args)));
            return null;
        } catch (Exception e) {
            failures.add(new Failure("harness: " + e, c, String.join(" ", args)));
            return null;
        }
    }

    /** -Dfuzz.stacktraces=true: the stack trace behind an exit 3, to debug a failure (the oracles then fire on it). */
    private static int runShowingStackTraces(List<String> args, StringWriter out, StringWriter err) {
        picocli.CommandLine cl = new picocli.CommandLine(new LinkerCli());
        PrintWriter e = new PrintWriter(err, true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(e);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            ex.printStackTrace(e);
            return ex instanceof dev.linker.core.result.LinkerException ? 2 : 3;
        });
        return cl.execute(args.toArray(String[]::new));
    }

    /** Exit codes seen, so the summary shows the cases reach the reports and not only the input errors. */
    static final Map<Integer, Integer> EXITS = new TreeMap<>();

    private static void judge(Case c, List<String> args, Run r, Path reports, String secret, List<Failure> failures)
            throws IOException {
        if (r == null) {
            return;
        }
        EXITS.merge(r.code(), 1, Integer::sum);
        String cmd = "linker " + String.join(" ", args.stream().map(AuditFuzzTest::shellQuote).toList());
        boolean crashed = r.code() < 0 || r.code() > 2;
        if (crashed) {
            failures.add(new Failure("exit " + r.code() + ": " + kindOf(r.err()), c, cmd + "\n" + clip(r.err())));
        }
        for (String[] stream : new String[][]{{"stdout", r.out()}, {"stderr", r.err()}}) {
            String s = stream[1];
            if (!crashed && (s.contains("\tat ") || s.contains("Exception"))) {
                failures.add(new Failure("stack trace or Exception on " + stream[0] + ": " + exceptionLine(s), c,
                        cmd + "\n" + clip(s)));
            }
            if (s.contains(secret)) {
                failures.add(new Failure("secret from outside the site on " + stream[0], c, cmd));
            }
        }
        String format = formatOf(args);
        if (reports == null && r.code() <= 1) {
            checkReport(c, cmd, "stdout (" + format + ")", format, r.out(), failures);
        }
        if (reports != null && Files.isDirectory(reports)) {
            try (Stream<Path> files = Files.list(reports)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    String ext = name.substring(name.lastIndexOf('.') + 1);
                    String fmt = switch (ext) {
                        case "txt" -> name.contains("github") ? "github" : "text";
                        case "md" -> "markdown";
                        default -> ext;
                    };
                    String body;
                    try {
                        body = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(f))).toString();
                    } catch (java.nio.charset.CharacterCodingException e) {
                        failures.add(new Failure(name + " is not valid UTF-8", c, cmd));
                        continue;
                    }
                    checkReport(c, cmd, name, fmt, body, failures);
                    if (body.contains(secret)) {
                        failures.add(new Failure("secret from outside the site in " + name, c, cmd));
                    }
                }
            }
            deleteTree(reports);
        }
    }

    private static void checkReport(Case c, String cmd, String where, String format, String body,
                                    List<Failure> failures) {
        if (format.equals("json") || format.equals("sarif")) {
            try {
                JSON.readTree(body);
            } catch (IOException e) {
                failures.add(new Failure(format + " report does not parse", c, cmd + "\n" + where + ": " + firstLine(e.getMessage())));
            }
        }
        // Raw NUL and bidi controls let a page rewrite what a reviewer reads (Trojan Source) or cut a log short.
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            if (ch == 0 || ch >= '\u202A' && ch <= '\u202E' || ch >= '\u2066' && ch <= '\u2069') {
                failures.add(new Failure("raw U+" + String.format("%04X", (int) ch) + " in " + format + " report",
                        c, cmd + "\n" + where + " at char " + i));
                break;
            }
        }
    }

    private static String formatOf(List<String> args) {
        if (args.get(0).equals("index")) {
            return "index progress";
        }
        int i = args.indexOf("--format");
        return i < 0 ? "text" : args.get(i + 1);
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(run -> {
            Thread t = new Thread(run, "audit-fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    private static String report(List<Failure> failures) {
        Map<String, List<Failure>> byKind = new TreeMap<>();
        failures.forEach(f -> byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f));
        StringBuilder sb = new StringBuilder(failures.size() + " fuzz failures in " + byKind.size() + " classes:\n");
        byKind.forEach((kind, list) -> {
            sb.append("\n== ").append(kind).append(" (").append(list.size()).append(" runs; cases ")
                    .append(list.stream().map(f -> String.valueOf(f.c().index())).distinct().limit(60).toList())
                    .append(")\n");
            Failure f = list.get(0);
            sb.append("   rerun: bin/mvn21 -o -q -pl cli -am test -Dskip.npm=true -Dinvoker.skip=true -Dtest=AuditFuzzTest ")
                    .append("-Dsurefire.failIfNoSpecifiedTests=false ").append(f.c().repro()).append('\n');
            sb.append("   mutations: ").append(String.join("; ", f.c().log())).append('\n');
            sb.append("   ").append(f.detail().replace("\n", "\n   ")).append('\n');
        });
        System.err.println(sb);
        return sb.toString();
    }

    // ---- building a case ----------------------------------------------------------------------------------------

    private Case build(long seed, int index, Map<String, byte[]> example, Path outside) throws IOException {
        Random r = new Random(seed ^ (index * 0x9E3779B97F4A7C15L));
        Path dir = tmp.resolve("case-" + index);
        Path site = dir.resolve("site");
        List<String> log = new ArrayList<>();
        Map<String, byte[]> files = new TreeMap<>();
        // A small site: the home page and a random handful of the others keep each case cheap.
        List<String> names = new ArrayList<>(example.keySet());
        java.util.Collections.shuffle(names, r);
        int keep = 3 + r.nextInt(6);
        for (String name : names) {
            if (name.equals("index.html") || files.size() < keep) {
                files.put(name, example.get(name));
            }
        }
        int mutations = 1 + r.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            List<String> htmls = files.keySet().stream().filter(n -> n.endsWith(".html")).toList();
            String target = htmls.get(r.nextInt(htmls.size()));
            int op = r.nextInt(17);
            byte[] b = files.get(target);
            String s = new String(b, StandardCharsets.UTF_8);
            switch (op) {
                case 0 -> {
                    byte[] copy = b.clone();
                    int flips = 1 + r.nextInt(20);
                    for (int k = 0; k < flips && copy.length > 0; k++) {
                        copy[r.nextInt(copy.length)] ^= (byte) (1 << r.nextInt(8));
                    }
                    files.put(target, copy);
                    log.add("flipped " + flips + " bits in " + target);
                }
                case 1 -> {
                    int at = b.length == 0 ? 0 : r.nextInt(b.length);
                    files.put(target, java.util.Arrays.copyOf(b, at));
                    log.add("truncated " + target + " at byte " + at);
                }
                case 2 -> {
                    files.put(target, utf8(tagSoup(r, s)));
                    log.add("tag soup in " + target);
                }
                case 3 -> {
                    String cs = pick(r, "utf-16", "UTF-16LE", "ISO-8859-1", "windows-1252", "shift_jis", "utf-7", "x-bogus",
                            "", "UTF-32", "koi8-r", "utf-8\u0000", "gb18030", "big5", "\"utf-8", "utf-16be");
                    String html = s.replaceFirst("(?i)<meta charset=\"?utf-8\"?>", "").replaceFirst("(?i)<head>",
                            "<head><meta charset=\"" + cs + "\">");
                    Charset enc = pickCharset(r);
                    byte[] bytes = html.getBytes(enc);
                    if (r.nextBoolean() && enc.name().startsWith("UTF-16")) {
                        bytes = concat(new byte[]{(byte) 0xFE, (byte) 0xFF}, bytes);
                    }
                    files.put(target, bytes);
                    log.add(target + " declares charset '" + cs + "' and is encoded as " + enc);
                }
                case 4 -> {
                    int len = 10_000 + r.nextInt(90_000);
                    String attr = pick(r, "href", "title", "id", "class", "data-x", "name", "rel");
                    String v = repeat(r, len);
                    files.put(target, utf8(insertInBody(r, s, "<a " + attr + "=\"" + v + "\" href=\"/x" + v.substring(0, Math.min(v.length(), 5000))
                            + "\">" + v.substring(0, 100) + "</a>")));
                    log.add("a " + len + "-char " + attr + " attribute in " + target);
                }
                case 5 -> {
                    int depth = 300 + r.nextInt(2500);
                    String tag = pick(r, "div", "a", "b", "span", "main", "article", "section", "nav", "table", "li", "p");
                    StringBuilder sb = new StringBuilder();
                    for (int k = 0; k < depth; k++) {
                        sb.append('<').append(tag).append(tag.equals("a") ? " href=\"/about.html\"" : "").append('>');
                        if (k % 97 == 0) {
                            sb.append("<a href=\"../guides/espresso.html#d").append(k).append("\">deep ").append(k).append("</a>");
                        }
                    }
                    files.put(target, utf8(insertInBody(r, s, sb.toString())));
                    log.add(depth + " nested <" + tag + "> in " + target);
                }
                case 6 -> {
                    int width = 100 + r.nextInt(1500);
                    String tag = pick(r, "main", "article", "section", "a", "nav", "div", "h1", "p", "header", "footer");
                    StringBuilder sb = new StringBuilder();
                    for (int k = 0; k < width; k++) {
                        sb.append('<').append(tag).append(" id=\"w").append(k % 50).append("\"><a href=\"/guides/w")
                                .append(k % 300).append(".html\">link ").append(k).append("</a></").append(tag).append('>');
                    }
                    files.put(target, utf8(insertInBody(r, s, sb.toString())));
                    log.add(width + " sibling <" + tag + "> in " + target);
                }
                case 7 -> {
                    String evil = pick(r, "\u0000", "\u202E", "\u202Egnp.exe", "\u2066", "\u200B", "\u001B[31m", "\r", "\u0000\u202E",
                            "\uD800", "\uFEFF", "\u2028", "\u0085", "::error::", "%0A::error::x");
                    String html = s.replaceFirst("<title>", "<title>" + evil).replaceFirst("(<a [^>]*>)", "$1" + evil + "anchor" + evil)
                            .replaceFirst("<h1>", "<h1>" + evil);
                    if (r.nextBoolean()) {
                        html = html.replaceFirst("href=\"", "href=\"" + evil);
                    }
                    files.put(target, utf8(html));
                    log.add("control/bidi character U+" + String.format("%04X", (int) evil.charAt(0)) + " in title, h1, anchor of " + target);
                }
                case 8 -> {
                    StringBuilder sb = new StringBuilder();
                    int k = 1 + r.nextInt(30);
                    for (int j = 0; j < k; j++) {
                        sb.append("<a href=\"").append(hostileHref(r)).append("\">").append(pick(r, "click here", "x", "", "read more", "Espresso"))
                                .append("</a> ");
                    }
                    files.put(target, utf8(insertInBody(r, s, "<main><p>" + sb + "</p></main>")));
                    log.add(k + " hostile hrefs in " + target);
                }
                case 9 -> {
                    String to = pick(r, "javascript:alert(1)", "../../outside/s.html", "/../../outside/s.html", "", "0", "url=",
                            "http://", "//evil.example/", "file:///etc/passwd", "/about.html#\u0000", "data:text/html,hi", "/" + "x".repeat(5000));
                    String meta = "<meta http-equiv=\"refresh\" content=\"" + pick(r, "0;url=", "0; URL='", "x;url=", "-1;url=", "99999999999999999999;url=")
                            + to + "\">";
                    files.put(target, utf8(s.replaceFirst("(?i)<head>", "<head>" + meta)));
                    log.add("meta refresh to '" + clip(to, 60) + "' in " + target);
                }
                case 10 -> {
                    byte[] junk = new byte[r.nextInt(4000)];
                    r.nextBytes(junk);
                    files.put(target, junk);
                    log.add(target + " replaced by " + junk.length + " random bytes");
                }
                case 11 -> {
                    String name = pick(r, "a b.html", "\u00fc\u00f1\u00ee.html", "%41.html", "x/y/z/w/v/u/t/s/deep.html", "index.htm",
                            ".hidden.html", "blog/index.htm", "UPPER.HTML", "#frag.html", "?.html", "\u202Elmth.exe.html",
                            "x.html/index.html", "a..b.html", "-.html", " .html");
                    files.put(name, utf8(s));
                    log.add("copy of " + target + " named '" + name + "'");
                }
                case 12 -> {
                    files.put("sitemap.xml", sitemap(r));
                    log.add("random sitemap.xml");
                }
                case 13 -> {
                    files.put("_redirects", redirects(r));
                    log.add("random _redirects");
                }
                case 14 -> {
                    int k = 150 + r.nextInt(300);
                    StringBuilder sb = new StringBuilder("<main>");
                    for (int j = 0; j < k; j++) {
                        sb.append("<a id=\"dup\" href=\"/guides/espresso.html#dup\">Espresso ").append(j % 3).append("</a>");
                    }
                    files.put(target, utf8(insertInBody(r, s, sb + "</main>")));
                    log.add(k + " links and duplicate ids in " + target);
                }
                case 15 -> {
                    files.put(target, utf8(s.replace("<title>", "<title>" + repeat(r, 1 + r.nextInt(20_000)))
                            .replace("<h1>", "<h1>" + pick(r, "", "<h1>", "</h1>", "&#0;", "&#x202E;", "&bogus;", "&#99999999;", "&amp"))));
                    log.add("huge title and odd entity in h1 of " + target);
                }
                default -> {
                    files.put(target, new byte[0]);
                    log.add(target + " emptied");
                }
            }
        }
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path p = site.resolve(e.getKey());
            try {
                Files.createDirectories(p.getParent());
                Files.write(p, e.getValue());
            } catch (IOException ex) {
                log.add("could not write '" + e.getKey() + "': " + ex.getMessage());
            }
        }
        if (r.nextInt(4) == 0) {
            plantSymlinks(r, site, outside, log);
        }
        if (r.nextInt(5) == 0) {
            Files.writeString(dir.resolve("linker.yml"), config(r, log));
        }
        List<Path> locked = new ArrayList<>();
        if (r.nextInt(15) == 0) {
            lockSomething(r, site, log, locked);
        }
        return new Case(seed, index, dir, site, log, locked);
    }

    /** A folder or page nobody may read (chmod 000). No effect when the tests run as root, as they may in CI. */
    private static void lockSomething(Random r, Path site, List<String> log, List<Path> locked) throws IOException {
        try (Stream<Path> walk = Files.walk(site)) {
            List<Path> all = walk.filter(p -> !p.equals(site) && !Files.isSymbolicLink(p)).sorted().toList();
            if (all.isEmpty()) {
                return;
            }
            Path p = all.get(r.nextInt(all.size()));
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
            locked.add(p);
            log.add("chmod 000 " + site.relativize(p) + ("root".equals(System.getProperty("user.name")) ? " (no effect as root)" : ""));
        }
    }

    private static void plantSymlinks(Random r, Path site, Path outside, List<String> log) throws IOException {
        String[][] links = {
                {"leak.html", "s.html"}, {"guides/leak.html", "s.html"}, {"leakdir", "."}, {"sitemap.xml", "s.xml"},
                {"_redirects", "s.txt"}, {"blog/leak.htm", "s.html"}, {"index2.html", "s.txt"}};
        int k = 1 + r.nextInt(links.length);
        List<String> done = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            String[] l = links[r.nextInt(links.length)];
            Path link = site.resolve(l[0]);
            if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(link);
            }
            Files.createDirectories(link.getParent());
            // Relative targets as a site generator would leave them, and absolute ones as a careless deploy would.
            Path target = l[1].equals(".") ? outside : outside.resolve(l[1]);
            Files.createSymbolicLink(link, r.nextBoolean() ? link.getParent().relativize(target) : target.toAbsolutePath());
            done.add(l[0]);
        }
        if (r.nextBoolean()) {
            Files.createSymbolicLink(site.resolve("loop"), Path.of("."));
            done.add("loop -> .");
        }
        if (r.nextBoolean()) {
            Files.createSymbolicLink(site.resolve("dangling.html"), Path.of("nowhere/missing.html"));
            done.add("dangling.html");
        }
        log.add("symlinks to outside the site: " + done);
    }

    private static String tagSoup(Random r, String s) {
        String[] junk = {"<", "</", "<<>>", "<div", "</div>", "</main>", "<main>", "<a href=", "<a href=\"", "</a>", "<!--",
                "-->", "<script>", "</script>", "<![CDATA[", "]]>", "<?xml", "&", "&#", "&#x", "<table><tr><td>", "<svg><a href=\"/a\">",
                "<math><mi><a>", "<template><a href=/b>", "<noscript>", "<title>", "</title>", "<base href=\"http://other.example/\">",
                "<base href=\"javascript:\">", "<iframe src=/x>", "<frameset>", "\"", "'", "<a href='/about.html'", "<h1>", "</h1>",
                "<nav><a href=/>", "<style>", "<textarea>", "<plaintext>", "<xmp>", "<select><a>", "<body>", "</html>", "<html>"};
        StringBuilder sb = new StringBuilder(s);
        int k = 1 + r.nextInt(40);
        for (int i = 0; i < k; i++) {
            sb.insert(r.nextInt(sb.length() + 1), junk[r.nextInt(junk.length)]);
        }
        return sb.toString();
    }

    private static String hostileHref(Random r) {
        return pick(r, "javascript:alert(1)", "../../../../../outside/s.html", "/../outside/s.html", "..%2f..%2foutside%2fs.html",
                "%00", "/%zz", "http://[::1", "http://exa mple.com/", "//", "///", "#", "#\u0000", "?q=\u202E", "file:///etc/passwd",
                "mailto:", "/guides/espresso.html#" + "f".repeat(3000), "/" + "a/".repeat(500), "\u00fc\u00f1\u00ee/", "/blog/../../..",
                "http://brewguide.example:99999/", "https://brewguide.example/%", "tel:+1", "data:,x", "\t\n/about.html\n",
                "/about.html?" + "x=1&".repeat(200), "C:\\Windows\\win.ini", "\\\\server\\share", "/leakdir/s.html", "leak.html",
                "https://brewguide.example/blog/../../../outside/s.html", "/.", "/..", "..", ".", "/index.html#%E2%80%AE");
    }

    private static byte[] sitemap(Random r) {
        StringBuilder sb = new StringBuilder();
        int kind = r.nextInt(6);
        if (kind == 0) { // a small entity bomb: a few levels, never a real billion laughs
            sb.append("<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">")
                    .append("<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;\">]><urlset><url><loc>/&c;</loc></url></urlset>");
        } else if (kind == 1) { // external entities must never be read
            sb.append("<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY x SYSTEM \"../../outside/s.txt\"><!ENTITY y SYSTEM \"file:///etc/hostname\">]>")
                    .append("<urlset><url><loc>/&x;</loc></url><url><loc>&y;</loc></url></urlset>");
        } else {
            sb.append(pick(r, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "", "<?xml"))
                    .append("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
            int n = r.nextInt(30);
            for (int i = 0; i < n; i++) {
                sb.append("<url><loc>").append(pick(r, "https://brewguide.example/", " https://brewguide.example/about.html ",
                        "https://brewguide.example/ missing page.html", "::::", "http://", "/relative.html", "relative.html", "",
                        "https://other.example/x", "https://brewguide.example/" + "y".repeat(r.nextInt(20000)), "javascript:alert(1)",
                        "https://brewguide.example/%zz", "https://brewguide.example/\u0000", "https://brewguide.example/\u202E",
                        "https://brewguide.example/../../outside/s.html", "<![CDATA[/guides/]]>", "&lt;/loc&gt;", "http://[::1",
                        "https://brewguide.example/gone.html", "https://brewguide.example/guides/espresso.html#x"))
                        .append(r.nextInt(10) == 0 ? "" : "</loc></url>");
            }
            if (r.nextBoolean()) {
                sb.append("</urlset>");
            }
        }
        byte[] b = utf8(sb.toString());
        if (kind == 5) { // non-UTF-8 bytes
            b = concat(b, new byte[]{(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xFE, 0});
        }
        return b;
    }

    private static byte[] redirects(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(25);
        for (int i = 0; i < n; i++) {
            sb.append(pick(r, "/old /about.html 301", "/a /b", "/b /a", "/about.html /about.html", "/loop/ /loop/ 302",
                    "/* /index.html 200", "/x/:id /y/:id", "garbage", "# comment", "", "/only-one", "/gone.html javascript:alert(1)",
                    "/ext https://other.example/ 301!", "/blog/ /blog/decaf.html", "/\u0000 /\u202E", "/spaces in path /about.html",
                    "/" + "z".repeat(r.nextInt(20000)) + " /", "/q?x=1 /about.html", "https://brewguide.example/abs /about.html",
                    "/guides/espresso.html /guides/missing.html 301", "/c /../../outside/s.html", "\t/t\t/about.html\t", "/x /y 999999999999"))
                    .append(r.nextBoolean() ? "\n" : "\r\n");
        }
        byte[] b = utf8(sb.toString());
        return r.nextInt(5) == 0 ? concat(b, new byte[]{(byte) 0xFF, (byte) 0xC0, 0x0A}) : b;
    }

    private static String config(Random r, List<String> log) {
        // Paths stay inside the case folder: a config may point anywhere, but the fuzz must not audit the disk.
        String[] keys = {"baseUrl", "entry", "contentSelector", "boilerplateSelector", "failOn", "baseline", "formats",
                "briefs", "git", "ignorePages", "maxPageSizeMb", "checks", "changedOnly", "since", "sources", "site",
                "fail_on", "maxpagesizemb", "\u202Ekey", "checks.orphan", "", "null", "0"};
        String[] values = {"0", "-1", "1e308", "-1e308", "NaN", ".nan", ".inf", "-.inf", "99999999999999999999999", "true", "false",
                "null", "~", "[]", "{}", "''", "'x'", "[1, 2]", "{a: 1}", "error", "warning", "never", "sometimes", "'main['",
                "'main, article'", "'*'", "'https://brewguide.example/'", "'::::'", "'http://[::1'", "site", "missing.json",
                "[text, pdf]", "[json, sarif]", "'/tags/**'", "['[', '**/*']", "0x10", "1.5", "!!binary aGk=", "&a x", "*a",
                "'\u0000'", "\"\\u202E\"", "|\n  multi\n  line", "{orphan: off}", "{deep-page: {maxDepth: -5}}",
                "{deep-page: {maxDepth: 1e12}}", "{too-many-links: {max: -1}}", "{too-many-links: {max: 'many'}}",
                "{broken-link: {checkFragments: 'yes'}}", "{nope: off}", "{orphan: {severity: fatal}}", "{reciprocal: [1]}",
                "{stale-anchor: {minWords: 0}}", "{stale-anchor: {minWords: 2147483648}}", "{generic-anchor: {extraPhrases: [1, {}]}}",
                "{orphan: {enabled: 'no'}}", "{deep-page: {maxDepth: 2.5}}", "{too-many-links: {max: 1e400}}", "{content: /}"};
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(6);
        for (int i = 0; i < n; i++) {
            sb.append(keys[r.nextInt(keys.length)]).append(": ").append(values[r.nextInt(values.length)]).append('\n');
        }
        if (r.nextInt(6) == 0) {
            sb.append("checks:\n  deep-page:\n    maxDepth: ").append(pick(r, "-1", "0", "2147483648", "1e9", "'4'"))
                    .append("\n  too-many-links:\n    max: ").append(pick(r, "-1", "0", "1e18", "NaN", "[]")).append('\n');
        }
        if (r.nextInt(8) == 0) {
            sb.setLength(0);
            sb.append(pick(r, "- a\n- b\n", "[unclosed", "key: [", "\t\ttabs: 1", "a: b: c", "%YAML 9.9\n---\nx: 1",
                    "maxPageSizeMb: 0.000001\n", "maxPageSizeMb: -3\n", "maxPageSizeMb: 1e300\n", "---\n---\n", "\u0000"));
        }
        log.add("linker.yml: " + sb.toString().replace("\n", "\\n"));
        return sb.toString();
    }

    private static List<String> options(Random r, Case c) {
        List<String> o = new ArrayList<>(List.of("--no-git"));
        if (r.nextBoolean()) { // half the cases keep to plain options, so most runs get as far as the reports
            if (r.nextBoolean()) {
                o.addAll(List.of("--base-url", "https://brewguide.example/"));
            }
            c.log().add("options: " + o);
            return o;
        }

        if (r.nextInt(3) == 0) {
            o.addAll(List.of("--base-url", pick(r, "https://brewguide.example/", "https://brewguide.example/sub/", "::::", "http://",
                    "", "ftp://x", "https://brewguide.example:99999/", "javascript:alert(1)", "https://\u202E.example/")));
        }
        if (r.nextInt(5) == 0) {
            o.addAll(List.of("--entry", pick(r, "index.html", "/", "../outside/s.html", "/../../outside/s.html", "missing.html",
                    "", "\u0000", "/guides/", "leak.html", "%2e%2e/")));
        }
        if (r.nextInt(5) == 0) {
            o.addAll(List.of("--content-selector", pick(r, "main", "article", "*", "div > p", "main[", ":has(", "a", "body",
                    "main, article, section", "[role=main]", "::before", "#\u0000")));
        }
        if (r.nextInt(6) == 0) {
            o.addAll(List.of("--boilerplate-selector", pick(r, "nav", ".toc", "*", "a", "nav[", "")));
        }
        if (r.nextInt(4) == 0) {
            o.addAll(List.of("--fail-on", pick(r, "error", "warning", "never", "", "ERROR", "sometimes")));
        }
        if (r.nextInt(5) == 0) {
            o.addAll(List.of("--max-annotations", pick(r, "0", "-1", "1", "2147483647", "99999999999", "x")));
        }
        if (r.nextInt(6) == 0) {
            o.addAll(List.of("--ignore", pick(r, "/tags/**", "**", "[", "/blog/*", "{a,b}", "\\", "***")));
        }
        if (r.nextInt(6) == 0) {
            o.addAll(List.of("--disable", pick(r, "orphan", "nope", "", ",", "orphan,broken-link", "ORPHAN")));
        }
        if (r.nextInt(10) == 0) {
            Path b = c.dir().resolve("baseline.json");
            try {
                Files.writeString(b, pick(r, "", "{", "[]", "{\"findings\": 3}", "{\"version\": 99, \"findings\": [{}]}", "null", "\u0000"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            o.addAll(List.of("--baseline", b.toString()));
        }
        if (r.nextInt(10) == 0) {
            o.addAll(List.of("--write-baseline", c.dir().resolve("new-baseline.json").toString()));
        }
        if (r.nextInt(8) == 0) {
            o.addAll(List.of("--briefs", frontMatterFiles(r, c.dir().resolve("briefs"), true, c.log()).toString()));
        }
        if (r.nextInt(8) == 0) {
            Path src = frontMatterFiles(r, c.dir().resolve("content"), false, c.log());
            o.addAll(List.of("--sources", src + pick(r, "", "=/", "=/docs/", "=", "=//", "=../", "=\u202E/")));
        }
        if (r.nextBoolean()) {
            o.add("-q");
        }
        c.log().add("options: " + o);
        return o;
    }

    /** Briefs (url, query, requiredLinks) or source files (permalink, url, slug) with hostile front matter. */
    private static Path frontMatterFiles(Random r, Path dir, boolean briefs, List<String> log) {
        String[] values = {"/guides/espresso.html", "/about.html", "/missing/", "", "~", "null", "[]", "{}", "1e999", "-1",
                "'/../../outside/s.html'", "javascript:alert(1)", "'\u202E/x'", "\"\\u0000\"", "'" + "x".repeat(5000) + "'",
                "https://brewguide.example/guides/", "'::::'", "[/a, /b]", "{url: /x}", "&a x", "*a", "!!binary aGk=", "true", "'%zz'"};
        try {
            Files.createDirectories(dir);
            int n = 1 + r.nextInt(4);
            for (int i = 0; i < n; i++) {
                StringBuilder sb = new StringBuilder(r.nextInt(10) == 0 ? "" : "---\n");
                for (String key : briefs ? new String[]{"url", "slug", "query", "title", "requiredLinks"}
                        : new String[]{"permalink", "url", "slug", "title", "date"}) {
                    if (r.nextInt(3) == 0) {
                        continue;
                    }
                    sb.append(key).append(": ");
                    if (key.equals("requiredLinks") && r.nextBoolean()) {
                        sb.append('\n');
                        for (int k = r.nextInt(4); k >= 0; k--) {
                            sb.append("  - url: ").append(pick(r, values)).append('\n');
                            if (r.nextBoolean()) {
                                sb.append("    anchor: ").append(pick(r, values)).append('\n');
                            }
                        }
                    } else {
                        sb.append(pick(r, values)).append('\n');
                    }
                }
                sb.append(r.nextInt(8) == 0 ? "" : "---\n").append(pick(r, "Body text.", "", "# Title\n[link](/about.html)", "\u0000"));
                String name = pick(r, "a.md", "b.markdown", "index.md", "_index.md", "c.html", "d.txt", "sub/e.md", "\u00fc.md", "README.md");
                Path f = dir.resolve(name);
                Files.createDirectories(f.getParent());
                byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
                Files.write(f, r.nextInt(10) == 0 ? concat(bytes, new byte[]{(byte) 0xFF, (byte) 0xFE}) : bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log.add((briefs ? "briefs" : "source files") + " with random front matter");
        return dir;
    }

    // ---- small helpers ------------------------------------------------------------------------------------------

    private static Map<String, byte[]> readExample() throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(EXAMPLE)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                m.put(EXAMPLE.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        }
        assertTrue(m.containsKey("index.html") && m.size() > 5, "the example site is where it was: " + EXAMPLE.toAbsolutePath());
        return m;
    }

    private static String insertInBody(Random r, String s, String what) {
        int body = s.indexOf("<body>");
        int end = s.lastIndexOf("</body>");
        if (body < 0 || end < body) {
            return s + what;
        }
        int at = body + 6 + r.nextInt(end - body - 6 + 1);
        return s.substring(0, at) + what + s.substring(at);
    }

    private static String repeat(Random r, int len) {
        String unit = pick(r, "a", "\u00e9", "&amp;", "\u202E", " ", "/", "%", "\"", "'", "x y ", "\uD83D\uDE00");
        return unit.repeat(Math.max(1, len / unit.length()));
    }

    private static Charset pickCharset(Random r) {
        return Charset.forName(pick(r, "UTF-8", "UTF-8", "UTF-16BE", "UTF-16LE", "ISO-8859-1", "windows-1252", "Shift_JIS", "UTF-32"));
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return clip(nl < 0 ? s : s.substring(0, nl), 160);
    }

    /** The message with its case-specific parts (quoted values, numbers) blanked, so one bug is one class. */
    private static String kindOf(String err) {
        String line = err.lines().filter(l -> l.contains("error")).findFirst().orElse(firstLine(err));
        return firstLine(line).replaceAll("'[^']*'", "'…'").replaceAll("\\d+", "N");
    }

    private static String exceptionLine(String s) {
        int i = s.indexOf("Exception");
        int start = s.lastIndexOf('\n', Math.max(0, i)) + 1;
        return firstLine(s.substring(i < 0 ? s.indexOf("\tat ") : start));
    }

    private static String clip(String s) {
        return clip(s, 2000);
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n) + "…";
    }

    private static String shellQuote(String a) {
        return a.matches("[A-Za-z0-9_./,=:-]+") ? a : "'" + a.replace("'", "'\\''") + "'";
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) { // walk does not follow symlinks: the outside stays
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
