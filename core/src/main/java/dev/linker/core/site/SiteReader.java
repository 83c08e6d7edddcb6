package dev.linker.core.site;

import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import org.jsoup.select.Selector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Reads a folder of built HTML into a {@link Site}: {@code SiteReader.read(ReadOptions.of(dir))}.
 *
 * <p>Bad pages never stop a read: a page that cannot be decoded or is too large is kept as a page (so links to it
 * are not broken) and listed in {@link Site#problems()}. A missing folder or a bad selector is a
 * {@link LinkerException} naming it.
 *
 * <p>This class walks the folder and assembles the site; {@link PageReader} reads each page, {@link LinkTargets}
 * resolves its links, {@link DeclaredFiles} reads the redirects and the sitemap.
 */
public final class SiteReader {
    private SiteReader() {
    }

    public static Site read(ReadOptions options) {
        return run(options, LinkTargets.Base.of(options.baseUrl()), null);
    }

    /**
     * One HTML file read as the page {@code key} of a site would be (title, H1, main text, metadata, by the same rules
     * and selectors): for a page that arrives alone, such as a CMS hook's. Its links are read but resolve to no page.
     * A file that is missing, too large or not readable as it is is a {@link LinkerException} naming it.
     */
    public static Page readFile(Path file, String key, ReadOptions options) {
        if (!Files.isRegularFile(file)) {
            throw new LinkerException(file + ": no such file");
        }
        checkSelector("content selector", options.contentSelector());
        checkSelector("boilerplate selector", options.boilerplateSelector());
        PageReader reader = new PageReader(options,
                new LinkTargets(LinkTargets.Base.of(options.baseUrl()), new HashMap<>(), true));
        resolvable(file.toAbsolutePath().getParent());
        List<Site.Problem> problems = new ArrayList<>();
        Page page;
        try {
            page = reader.read(file, file.getFileName().toString(), key, problems);
        } catch (IOException | UncheckedIOException e) {
            throw new LinkerException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (!problems.isEmpty()) {
            throw new LinkerException(file + " " + problems.get(0).message());
        }
        return page;
    }

    /**
     * {@code site} as it was with some of its HTML files in another version (the merge base's, in changed-only mode):
     * {@code versions} maps a file, relative to the site folder as {@link Page#file()} has it, to a copy of its other
     * version, or to null where that version has no such file. Every other page is the one already read, so only
     * the files given are parsed; links resolve against the site's own page keys. For a change that only edits and
     * adds pages: a page it deleted would change how other pages' links resolve, so that needs a full read.
     */
    public static Site withVersions(Site site, ReadOptions options, Map<String, Path> versions) {
        LinkTargets.Base base = LinkTargets.Base.of(options.baseUrl());
        Map<String, String> keys = new HashMap<>();
        site.pages().keySet().forEach(k -> keys.put(k, k));
        LinkTargets targets = new LinkTargets(base, keys, true);
        PageReader reader = new PageReader(options, targets);
        Map<String, Page> pages = new TreeMap<>(site.pages());
        Map<String, String> redirects = new TreeMap<>(site.redirects());
        Set<String> changedKeys = new HashSet<>();
        List<Site.Problem> problems = new ArrayList<>();
        for (Map.Entry<String, Path> v : versions.entrySet()) {
            String key = targets.key(PageKeys.ofFile(v.getKey()));
            changedKeys.add(key);
            Page now = pages.remove(key);
            if (now != null && now.redirectTo() != null && now.redirectTo().equals(redirects.get(key))) {
                redirects.remove(key);
            }
            if (v.getValue() == null) {
                continue;
            }
            resolvable(v.getValue().toAbsolutePath().getParent());
            Page then;
            try {
                then = reader.read(v.getValue(), v.getKey(), key, problems);
            } catch (IOException | UncheckedIOException e) {
                problems.add(new Site.Problem(v.getKey(), key, "cannot read: " + e.getMessage()));
                then = Page.unread(key, v.getKey());
            }
            pages.put(key, then);
            if (then.redirectTo() != null) {
                redirects.putIfAbsent(key, then.redirectTo());
            }
        }
        for (Site.Problem p : site.problems()) {
            if (p.key() == null || !changedKeys.contains(p.key())) {
                problems.add(p);
            }
        }
        return new Site(site.root(), site.baseUrl(), pages, site.sitemapUrls(), redirects, site.files(), problems);
    }

    /**
     * Reads pages of {@code site}, which was read without text ({@link ReadOptions#withoutText()}), once more with
     * their text: for a door that needs each page's text once, in turn, and cannot hold every page's text at once (the
     * index of a catalogue). The returned function reads a batch of pages in parallel and returns them in the same
     * order, each as a whole-site read with text would have it. Its links are the page's as given, which were
     * resolved against the same page keys: they are not worked out again. A page whose file can no longer be read is
     * returned as it was given.
     */
    public static UnaryOperator<List<Page>> withText(Site site, ReadOptions options) {
        UnaryOperator<Page> again = again(site, options);
        return batch -> batch.parallelStream().map(again).toList();
    }

    /** A read of a site without its text, and what gives its pages back with their text: {@link #readForText}. */
    public record TextRead(Site site, UnaryOperator<List<Page>> withText) {
    }

    /**
     * As {@link #read} of {@code options.withoutText()}, for a door that then takes each page's text once, in turn
     * (the index of a catalogue), with what gives a batch of its pages back with their text, as {@link #withText}
     * does. Each page's main text is read in the same pass and kept aside in a temporary file rather than in memory,
     * so no page is parsed twice. Where that file cannot be written (no temporary folder, a full disk), the pages it
     * lacks are read again.
     */
    public static TextRead readForText(ReadOptions options) {
        ReadOptions o = options.withoutText();
        TextSpill spill = TextSpill.open();
        Site site = run(o, LinkTargets.Base.of(o.baseUrl()), spill);
        if (spill == null) {
            return new TextRead(site, withText(site, options));
        }
        Spilled spilled = new Spilled(site, options, spill);
        spill.closeWhenUnreachable(spilled);
        return new TextRead(site, spilled::fill);
    }

    /**
     * Pages given back from a spill, and read again where it lacks one. It keeps the spill alive: the spill's file
     * goes once this is unreachable.
     */
    private static final class Spilled {
        private final Site site;
        private final ReadOptions options;
        private final TextSpill spill;
        /** What reads a page again, made the first time the spill lacks one. */
        private UnaryOperator<Page> again;

        Spilled(Site site, ReadOptions options, TextSpill spill) {
            this.site = site;
            this.options = options;
            this.spill = spill;
        }

        List<Page> fill(List<Page> batch) {
            return batch.parallelStream().map(p -> {
                Page f = spill.filled(p);
                return f != null ? f : again().apply(p);
            }).toList();
        }

        private synchronized UnaryOperator<Page> again() {
            if (again == null) {
                again = SiteReader.again(site, options);
            }
            return again;
        }
    }

    /** What reads one page of {@code site} (read without text) again, with its text. */
    private static UnaryOperator<Page> again(Site site, ReadOptions options) {
        ReadOptions o = options.withText();
        LinkTargets.Base base = LinkTargets.Base.of(o.baseUrl());
        Map<String, String> keys = new HashMap<>(site.pages().size() * 2);
        site.pages().keySet().forEach(k -> keys.put(k, k));
        // No strings shared: a reader kept for a whole site would otherwise hold every string it met.
        PageReader reader = new PageReader(o, new LinkTargets(base, keys, false));
        Path dir = o.dir();
        resolvable(dir);
        return p -> again(reader, dir, p);
    }

    private static Page again(PageReader reader, Path dir, Page p) {
        if (p.file() == null || p.file().isEmpty()) {
            return p;
        }
        try {
            return reader.read(dir.resolve(p.file()), p.file(), p.url(), new ArrayList<>(0), p.links());
        } catch (IOException | UncheckedIOException e) {
            return p;
        }
    }

    /** A folder pages are read from must resolve to a real path: else a {@link LinkerException} naming it. */
    private static void resolvable(Path folder) {
        FolderFiles.realPath(folder);
    }

    /** Validates a CSS selector up front, so a typo is reported as such and not as "no content found". */
    public static void checkSelector(String what, String css) {
        if (css == null) {
            return;
        }
        try {
            Selector.evaluatorOf(css);
        } catch (Selector.SelectorParseException | IllegalArgumentException e) {
            throw new LinkerException(what + " '" + css + "' is not a valid CSS selector: " + e.getMessage());
        }
    }

    private static Site run(ReadOptions options, LinkTargets.Base base, TextSpill spill) {
        Path dir = options.dir();
        if (dir == null) {
            throw new LinkerException("no site folder given");
        }
        if (!Files.isDirectory(dir)) {
            throw new LinkerException("site folder '" + dir + "' " + (Files.exists(dir) ? "is not a folder" : "does not exist")
                    + " — build the site first, or pass the folder of built HTML");
        }
        checkSelector("content selector", options.contentSelector());
        checkSelector("boilerplate selector", options.boilerplateSelector());

        List<Path> htmlFiles = new ArrayList<>();
        Set<String> otherFiles = new HashSet<>();
        List<Site.Problem> problems = new ArrayList<>();
        FolderFiles.Listing listing = FolderFiles.list(dir, "site folder",
                rel -> rel.equals(".git") || rel.endsWith("/.git") || rel.equals("node_modules"));
        for (FolderFiles.Skipped s : listing.skipped()) {
            problems.add(new Site.Problem(s.rel(), null, s.why()));
        }
        for (Path p : listing.files()) {
            String rel = dir.relativize(p).toString().replace('\\', '/');
            String lower = rel.toLowerCase(Locale.ROOT);
            if (lower.endsWith(".html") || lower.endsWith(".htm")) {
                htmlFiles.add(p);
            } else {
                otherFiles.add("/" + rel);
            }
        }
        Path realRoot = FolderFiles.realPath(dir);
        Map<String, String> keys = new HashMap<>(htmlFiles.size() * 2);
        for (Path p : htmlFiles) {
            String k = PageKeys.ofFile(dir.relativize(p).toString());
            keys.putIfAbsent(k, k);
        }
        LinkTargets targets = new LinkTargets(base, keys, true);
        PageReader reader = new PageReader(options, targets, spill);

        Map<String, Page> pages = new TreeMap<>();
        Map<String, String> redirects = new TreeMap<>();
        // Pages parse independently: use the cores there are, then assemble in file order so results are stable.
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        List<Parsed> parsed = htmlFiles.parallelStream().map(p -> {
            String rel = dir.relativize(p).toString().replace('\\', '/');
            String key = targets.key(PageKeys.ofFile(rel));
            List<Site.Problem> own = new ArrayList<>(1);
            Page page;
            try {
                page = reader.read(p, rel, key, own);
            } catch (IOException | UncheckedIOException e) {
                own.add(new Site.Problem(rel, key, "cannot read: " + e.getMessage()));
                page = Page.unread(key, rel);
            }
            int n = done.incrementAndGet();
            synchronized (options.listener()) {
                options.listener().progress(n, htmlFiles.size());
            }
            return new Parsed(page, own);
        }).toList();
        for (Parsed x : parsed) {
            Page page = x.page();
            problems.addAll(x.problems());
            Page previous = pages.putIfAbsent(page.url(), page);
            if (previous != null) {
                problems.add(new Site.Problem(page.file(), page.url(), "is the same page as " + previous.file() + " (both are "
                        + page.url() + "); only " + previous.file() + " was read"));
            }
            if (page.redirectTo() != null) {
                redirects.put(page.url(), page.redirectTo());
            }
        }
        DeclaredFiles declared = new DeclaredFiles(targets, realRoot);
        declared.readRedirects(dir, redirects, problems);
        Set<String> sitemap = declared.readSitemap(dir, problems);
        return new Site(dir.toString(), options.baseUrl(), pages, sitemap, redirects, otherFiles, problems);
    }

    private record Parsed(Page page, List<Site.Problem> problems) {
    }

    /**
     * Each run of whitespace (no-break space included) as one space, stripped: how the reader writes every text it
     * keeps (titles, headings, anchors).
     */
    public static String collapse(String s) {
        return Texts.collapse(s);
    }
}
