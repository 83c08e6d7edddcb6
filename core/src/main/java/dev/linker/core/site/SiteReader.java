package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Crumb;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.Site;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.jsoup.select.Selector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a folder of built HTML into a {@link Site}: {@code SiteReader.read(ReadOptions.of(dir))}.
 *
 * <p>Bad pages never stop a read: a page that cannot be decoded or is too large is kept as a page (so links to it
 * are not broken) and listed in {@link Site#problems()}. A missing folder or a bad selector is a
 * {@link LinkerException} naming it.
 */
public final class SiteReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ReadOptions options;
    private final String baseHost;
    private final String basePath;
    /** Each page key, mapped to its one instance: links to a page share its key's string, not a copy each. */
    private Map<String, String> keys = Map.of();
    /**
     * Strings that repeat across pages — links' hrefs, texts and rels (every template link, and the anchors a page
     * is linked with from many pages), a page's lang — held once. The map goes with the reader, so a string that
     * does not repeat costs nothing after the read.
     */
    private Map<String, String> shared = new java.util.concurrent.ConcurrentHashMap<>();
    /** The real path of the site folder: no file whose real path is outside it is read. */
    private Path realRoot;

    private SiteReader(ReadOptions options) {
        this.options = options;
        if (options.baseUrl() != null && !options.baseUrl().isBlank()) {
            URI u;
            try {
                u = URI.create(options.baseUrl().strip());
            } catch (IllegalArgumentException e) {
                throw new LinkerException("base URL '" + options.baseUrl() + "' is not a valid URL: " + e.getMessage());
            }
            if (u.getHost() == null || u.getScheme() == null) {
                throw new LinkerException("base URL '" + options.baseUrl() + "' must be absolute, like https://www.example.com/");
            }
            baseHost = u.getHost();
            String p = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
            basePath = p.endsWith("/") ? p : p + "/";
        } else {
            baseHost = null;
            basePath = "/";
        }
    }

    public static Site read(ReadOptions options) {
        return new SiteReader(options).run();
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
        SiteReader r = new SiteReader(options);
        r.keys = new HashMap<>();
        r.realRoot = FolderFiles.realPath(file.toAbsolutePath().getParent());
        List<Site.Problem> problems = new ArrayList<>();
        Page page;
        try {
            page = r.readPage(file, file.getFileName().toString(), key, problems);
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
        SiteReader r = new SiteReader(options);
        r.keys = new HashMap<>();
        site.pages().keySet().forEach(k -> r.keys.put(k, k));
        Map<String, Page> pages = new TreeMap<>(site.pages());
        Map<String, String> redirects = new TreeMap<>(site.redirects());
        Set<String> changedKeys = new HashSet<>();
        List<Site.Problem> problems = new ArrayList<>();
        for (Map.Entry<String, Path> v : versions.entrySet()) {
            String key = r.keyInstance(PageKeys.ofFile(v.getKey()));
            changedKeys.add(key);
            Page now = pages.remove(key);
            if (now != null && now.redirectTo() != null && now.redirectTo().equals(redirects.get(key))) {
                redirects.remove(key);
            }
            if (v.getValue() == null) {
                continue;
            }
            r.realRoot = FolderFiles.realPath(v.getValue().toAbsolutePath().getParent());
            Page then;
            try {
                then = r.readPage(v.getValue(), v.getKey(), key, problems);
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
     * order, each as a whole-site read with text would have it (links resolve against the site's page keys). A page
     * whose file can no longer be read is returned as it was given.
     */
    public static java.util.function.UnaryOperator<List<Page>> withText(Site site, ReadOptions options) {
        ReadOptions o = options.withText();
        SiteReader r = new SiteReader(o);
        r.shared = null; // a reader kept for a whole site would otherwise hold every string it met
        r.keys = new HashMap<>(site.pages().size() * 2);
        site.pages().keySet().forEach(k -> r.keys.put(k, k));
        Path dir = o.dir();
        r.realRoot = FolderFiles.realPath(dir);
        return batch -> batch.parallelStream().map(p -> r.again(dir, p)).toList();
    }

    private Page again(Path dir, Page p) {
        if (p.file() == null || p.file().isEmpty()) {
            return p;
        }
        try {
            return readPage(dir.resolve(p.file()), p.file(), p.url(), new ArrayList<>(0));
        } catch (IOException | UncheckedIOException e) {
            return p;
        }
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

    private Site run() {
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
        realRoot = FolderFiles.realPath(dir);
        keys = new HashMap<>(htmlFiles.size() * 2);
        for (Path p : htmlFiles) {
            String k = PageKeys.ofFile(dir.relativize(p).toString());
            keys.putIfAbsent(k, k);
        }

        Map<String, Page> pages = new TreeMap<>();
        Map<String, String> redirects = new TreeMap<>();
        // Pages parse independently: use the cores there are, then assemble in file order so results are stable.
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        List<Parsed> parsed = htmlFiles.parallelStream().map(p -> {
            String rel = dir.relativize(p).toString().replace('\\', '/');
            String key = keyInstance(PageKeys.ofFile(rel));
            List<Site.Problem> own = new ArrayList<>(1);
            Page page;
            try {
                page = readPage(p, rel, key, own);
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
        readRedirectsFile(dir, redirects, problems);
        Set<String> sitemap = readSitemap(dir, problems);
        return new Site(dir.toString(), options.baseUrl(), pages, sitemap, redirects, otherFiles, problems);
    }

    private record Parsed(Page page, List<Site.Problem> problems) {
    }

    /** The text of UTF-8 bytes without a byte-order mark, or null when they are not valid UTF-8. */
    private static String utf8(byte[] bytes) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            return !s.isEmpty() && s.charAt(0) == '\uFEFF' ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private Page readPage(Path file, String rel, String key, List<Site.Problem> problems) throws IOException {
        long size = Files.size(file);
        if (size > options.maxPageBytes()) {
            problems.add(new Site.Problem(rel, key, String.format(Locale.ROOT,
                    "is %.1f MB, over the %.0f MB limit for one page; it was not parsed, so its links are not checked",
                    size / 1048576.0, options.maxPageBytes() / 1048576.0)));
            return Page.unread(key, rel);
        }
        byte[] bytes = Files.readAllBytes(file);
        Parser parser = Parser.htmlParser().setTrackPosition(true);
        Document doc;
        String html = utf8(bytes);
        if (html != null) {
            doc = Jsoup.parse(html, "", parser);
        } else {
            // Not UTF-8: let Jsoup use the charset the page declares; say so when it declares none.
            doc = Jsoup.parse(new java.io.ByteArrayInputStream(bytes), null, "", parser);
            if (doc.charset().equals(StandardCharsets.UTF_8)) {
                problems.add(new Site.Problem(rel, key,
                        "is not valid UTF-8 and declares no other charset; invalid bytes were replaced"));
            }
        }
        return toPage(doc, rel, key);
    }

    private Page toPage(Document doc, String rel, String key) {
        // One pass over the elements collects what a page needs; each select() would be another full traversal.
        List<Element> all = doc.getAllElements();
        Placements placements = new Placements(doc, all, options.contentSelector(), options.boilerplateSelector());
        Scan scan = new Scan(key);
        for (Element el : all) {
            scan.visit(el);
        }
        Element h1el = scan.h1 != null ? scan.h1 : scan.firstHeading;
        String h1 = h1el == null ? "" : collapse(h1el.text());
        List<Link> links = links(key, scan.anchors, placements);
        Element html = all.isEmpty() ? null : all.get(0).normalName().equals("#root") && all.size() > 1 ? all.get(1) : all.get(0);
        String lang = share(html != null && html.normalName().equals("html") ? html.attr("lang") : "");
        List<JsonNode> ld = parseJsonLd(scan.jsonLd);
        // The main text is the costliest part of a read; an audit needs neither it nor what only it tells.
        MainText.Result main = options.keepText() ? MainText.of(doc, placements) : NO_TEXT;
        return new Page(key, rel, scan.title, h1, scan.canonical, scan.noindex, scan.nofollow,
                breadcrumbs(ld, scan.crumbNav, key), main.text(), headings(scan.withId), links, scan.redirectTo, lang,
                meta(key, ld, scan.metaPublished, scan.itemPublished, scan.metaTags, links, main));
    }

    /** What one pass over a page's elements finds: title, headings, canonical, robots, refresh, links, JSON-LD, dates. */
    private final class Scan {
        final String key;
        String title = "";
        boolean titleSeen;
        Element h1;
        Element firstHeading;
        String canonical;
        boolean noindex;
        boolean nofollow;
        String redirectTo;
        final List<Element> anchors = new ArrayList<>();
        final List<Element> withId = new ArrayList<>();
        final List<Element> jsonLd = new ArrayList<>();
        Element crumbNav;
        String metaPublished;
        String itemPublished;
        final List<String> metaTags = new ArrayList<>();

        Scan(String key) {
            this.key = key;
        }

        void visit(Element el) {
            String n = el.normalName();
            if (itemPublished == null && el.attributesSize() > 0 && el.attr("itemprop").equals("datePublished")) {
                itemPublished = el.hasAttr("content") ? el.attr("content") : el.attr("datetime");
            }
            if ((el.attributesSize() > 0) && (el.hasAttr("id") || (n.equals("a") && el.hasAttr("name")))) {
                withId.add(el);
            }
            switch (n) {
                case "a", "area" -> {
                    if (el.hasAttr("href")) {
                        anchors.add(el);
                    }
                }
                case "title" -> {
                    if (!titleSeen) {
                        titleSeen = true;
                        title = collapse(el.text());
                    }
                }
                case "h1" -> {
                    if (h1 == null) {
                        h1 = el;
                    }
                    if (firstHeading == null) {
                        firstHeading = el;
                    }
                }
                case "h2", "h3", "h4", "h5", "h6" -> {
                    if (firstHeading == null) {
                        firstHeading = el;
                    }
                }
                case "link" -> {
                    if (canonical == null && el.attr("rel").equalsIgnoreCase("canonical") && el.hasAttr("href")) {
                        PageKeys.Target t = PageKeys.resolve(key, el.attr("href"), baseHost, basePath, keys.keySet());
                        canonical = t.external() ? el.attr("href") : t.key();
                    }
                }
                case "meta" -> meta(el);
                case "script" -> {
                    if (el.attr("type").equalsIgnoreCase("application/ld+json")) {
                        jsonLd.add(el);
                    }
                }
                default -> {
                }
            }
            if (crumbNav == null && (el.attributesSize() > 0) && (el.attr("aria-label").toLowerCase(Locale.ROOT).contains("breadcrumb")
                    || el.className().toLowerCase(Locale.ROOT).contains("breadcrumb")
                    || el.attr("itemtype").endsWith("BreadcrumbList"))) {
                crumbNav = el;
            }
        }

        private void meta(Element el) {
            String name = el.attr("name").toLowerCase(Locale.ROOT);
            String property = el.attr("property");
            if (property.equals("article:published_time") && metaPublished == null) {
                metaPublished = el.attr("content");
            } else if (property.equals("article:tag")) {
                metaTags.add(el.attr("content"));
            }
            if (name.equals("robots") || name.equals("googlebot")) {
                String c = el.attr("content").toLowerCase(Locale.ROOT);
                noindex |= c.contains("noindex") || c.contains("none");
                nofollow |= c.contains("nofollow") || c.contains("none");
            } else if (redirectTo == null && el.attr("http-equiv").equalsIgnoreCase("refresh")) {
                String c = el.attr("content");
                int i = c.toLowerCase(Locale.ROOT).indexOf("url=");
                if (i >= 0) {
                    String target = c.substring(i + 4).strip().replaceAll("^['\"]|['\"]$", "");
                    PageKeys.Target t = PageKeys.resolve(key, target, baseHost, basePath, keys.keySet());
                    redirectTo = t.external() ? target : t.key();
                }
            }
        }
    }

    private List<Link> links(String key, List<Element> anchors, Placements placements) {
        List<Link> links = new ArrayList<>(anchors.size());
        for (Element a : anchors) {
            String href = a.attr("href");
            PageKeys.Target t = PageKeys.resolve(key, href, baseHost, basePath, keys.keySet());
            String anchor = collapse(a.text());
            if (anchor.isEmpty()) {
                Element img = a.selectFirst("img[alt]");
                anchor = img != null ? collapse(img.attr("alt")) : collapse(a.attr("aria-label"));
            }
            var pos = a.sourceRange().start();
            String target = keyInstance(t.key());
            links.add(new Link(key, href.equals(target) ? target : share(href), target, share(t.fragment()),
                    share(anchor), share(a.attr("rel")), placements.of(a),
                    Math.max(pos.lineNumber(), 0), Math.max(pos.columnNumber(), 0)));
        }
        return links;
    }

    /** Fragment ids (id, or a's name) → the heading they belong to. */
    private static Map<String, String> headings(List<Element> withId) {
        Map<String, String> headings = new HashMap<>();
        for (Element el : withId) {
            String id = el.hasAttr("id") ? el.id() : el.attr("name");
            if (!id.isEmpty() && !headings.containsKey(id)) {
                headings.put(id, headingOf(el));
            }
            if (el.hasAttr("id") && el.hasAttr("name") && !headings.containsKey(el.attr("name"))) {
                headings.put(el.attr("name"), headingOf(el));
            }
        }
        return headings;
    }

    private static final MainText.Result NO_TEXT = new MainText.Result("", List.of(), null);

    /** The key's one instance when it names a page of the site, else the key itself. */
    private String keyInstance(String key) {
        if (key == null) {
            return null;
        }
        String k = keys.get(key);
        return k == null ? key : k;
    }

    /** The one instance of a string that repeats across pages. */
    private String share(String s) {
        if (s == null || s.isEmpty() || shared == null) {
            return s;
        }
        String before = shared.putIfAbsent(s, s);
        return before == null ? s : before;
    }

    /**
     * Date, tags and kind; for each, the first source found wins. Dates: JSON-LD datePublished of an article or
     * web page, meta article:published_time, itemprop=datePublished, the first time[datetime] in the main content.
     * Tags: JSON-LD keywords, meta article:tag, the text of content links with rel=tag. Metadata that does not parse
     * is skipped like a missing one: it is the site's to fix, and no reason to stop reading.
     */
    private static PageMeta meta(String key, List<JsonNode> ld, String metaPublished, String itemPublished,
                                 List<String> metaTags, List<Link> links, MainText.Result main) {
        JsonLdFacts facts = new JsonLdFacts();
        for (JsonNode n : ld) {
            facts.collect(n, true);
        }
        LocalDate published = facts.published;
        for (String s : new String[] {metaPublished, itemPublished, main.firstTime()}) {
            if (published == null) {
                published = Dates.parse(s);
            }
        }
        List<String> tags = facts.keywords;
        if (tags.isEmpty()) {
            tags = metaTags;
        }
        if (tags.isEmpty()) {
            tags = new ArrayList<>();
            for (Link l : links) {
                if (l.content() && hasToken(l.rel(), "tag")) {
                    tags.add(l.anchorText());
                }
            }
        }
        return new PageMeta(published, tags, Hubs.classify(key, facts.types, main.text(), main.regions()),
                main.regions());
    }

    private static boolean hasToken(String attr, String token) {
        for (String t : attr.toLowerCase(Locale.ROOT).split("\\s+")) {
            if (t.equals(token)) {
                return true;
            }
        }
        return false;
    }

    /** What the JSON-LD objects of a page say: their top-level types, datePublished and keywords. */
    private static final class JsonLdFacts {
        final Set<String> types = new LinkedHashSet<>();
        LocalDate published;
        List<String> keywords = new ArrayList<>();

        /** @param top whether the node is a top-level object (or an item of a top-level @graph) */
        void collect(JsonNode node, boolean top) {
            if (node == null) {
                return;
            }
            if (node.isArray()) {
                for (JsonNode n : node) {
                    collect(n, top);
                }
                return;
            }
            if (!node.isObject()) {
                return;
            }
            if (node.has("@graph")) {
                collect(node.get("@graph"), top);
            }
            List<String> own = types(node.path("@type"));
            if (top) {
                types.addAll(own);
            }
            if (own.stream().noneMatch(Dates::articleType)) {
                return;
            }
            if (published == null) {
                JsonNode d = node.path("datePublished");
                published = Dates.parse(d.isArray() ? d.path(0).asText(null) : d.asText(null));
            }
            if (keywords.isEmpty()) {
                JsonNode k = node.path("keywords");
                if (k.isArray()) {
                    for (JsonNode x : k) {
                        keywords.add(x.isObject() ? x.path("name").asText("") : x.asText(""));
                    }
                } else if (k.isTextual()) {
                    keywords.addAll(List.of(k.asText().split(",")));
                }
                keywords.removeIf(String::isBlank);
            }
        }

        /** "BlogPosting", ["Article", "BlogPosting"], "https://schema.org/BlogPosting" → the type names. */
        private static List<String> types(JsonNode t) {
            List<String> out = new ArrayList<>();
            for (JsonNode x : t.isArray() ? t : List.of(t)) {
                String s = x.asText("");
                int slash = s.lastIndexOf('/');
                s = slash >= 0 ? s.substring(slash + 1) : s;
                if (!s.isEmpty()) {
                    out.add(s);
                }
            }
            return out;
        }
    }

    private static List<JsonNode> parseJsonLd(List<Element> scripts) {
        List<JsonNode> out = new ArrayList<>(scripts.size());
        for (Element script : scripts) {
            try {
                JsonNode n = JSON.readTree(script.data());
                if (n != null) {
                    out.add(n);
                }
            } catch (IOException e) {
                // Broken JSON-LD is the site's problem, not a reason to stop: fall back to the markup.
            }
        }
        return out;
    }

    /** Text of the heading that names the section an id belongs to ("" when there is none). */
    private static String headingOf(Element el) {
        for (Element e = el; e != null && !e.normalName().equals("body"); e = e.parent()) {
            if (isHeading(e)) {
                return collapse(e.text());
            }
            if (e != el) {
                break; // only the element itself or its direct heading parent (an <a id> inside an <h2>)
            }
        }
        if (el.parent() != null && isHeading(el.parent())) {
            return collapse(el.parent().text());
        }
        // The section's own heading comes first inside it; a bounded look keeps pages with many ids linear.
        int budget = 64;
        for (Element d = el.firstElementChild(); d != null && budget-- > 0; ) {
            if (isHeading(d)) {
                return collapse(d.text());
            }
            Element next = d.firstElementChild();
            if (next == null) {
                next = d.nextElementSibling();
                Element up = d;
                while (next == null && (up = up.parent()) != null && up != el) {
                    next = up.nextElementSibling();
                }
            }
            d = next;
        }
        return "";
    }

    private static boolean isHeading(Element e) {
        String n = e.normalName();
        return n.length() == 2 && n.charAt(0) == 'h' && n.charAt(1) >= '1' && n.charAt(1) <= '6';
    }

    private List<Crumb> breadcrumbs(List<JsonNode> jsonLd, Element nav, String key) {
        for (JsonNode n : jsonLd) {
            List<Crumb> crumbs = fromJsonLd(n, key);
            if (!crumbs.isEmpty()) {
                return crumbs;
            }
        }
        if (nav == null) {
            return List.of();
        }
        List<Crumb> crumbs = new ArrayList<>();
        for (Element a : nav.getElementsByTag("a")) {
            if (a.hasAttr("href")) {
                PageKeys.Target t = PageKeys.resolve(key, a.attr("href"), baseHost, basePath, keys.keySet());
                crumbs.add(new Crumb(collapse(a.text()), t.external() ? a.attr("href") : t.key()));
            }
        }
        return crumbs;
    }

    private List<Crumb> fromJsonLd(JsonNode node, String key) {
        if (node == null) {
            return List.of();
        }
        if (node.isArray()) {
            for (JsonNode n : node) {
                List<Crumb> c = fromJsonLd(n, key);
                if (!c.isEmpty()) {
                    return c;
                }
            }
            return List.of();
        }
        if (node.has("@graph")) {
            return fromJsonLd(node.get("@graph"), key);
        }
        if (!"BreadcrumbList".equals(node.path("@type").asText()) || !node.path("itemListElement").isArray()) {
            return List.of();
        }
        Map<Integer, Crumb> byPos = new TreeMap<>();
        int i = 0;
        for (JsonNode item : node.get("itemListElement")) {
            i++;
            JsonNode target = item.path("item");
            String url = target.isTextual() ? target.asText() : target.path("@id").asText("");
            String name = item.path("name").asText(target.path("name").asText(""));
            String k = null;
            if (!url.isEmpty()) {
                PageKeys.Target t = PageKeys.resolve(key, url, baseHost, basePath, keys.keySet());
                k = t.external() ? url : t.key();
            }
            byPos.put(item.path("position").asInt(i), new Crumb(collapse(name), k));
        }
        return new ArrayList<>(byPos.values());
    }

    /**
     * Each run of whitespace (no-break space included) as one space, stripped: how the reader writes every text it
     * keeps (titles, headings, anchors).
     */
    public static String collapse(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == '\u00A0') {
                space = sb.length() > 0;
            } else {
                if (space) {
                    sb.append(' ');
                    space = false;
                }
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private void readRedirectsFile(Path dir, Map<String, String> redirects, List<Site.Problem> problems) {
        Path f = dir.resolve("_redirects");
        if (!Files.isRegularFile(f) || isOutside(f)) {
            return;
        }
        String text;
        try {
            byte[] bytes = Files.readAllBytes(f);
            text = utf8(bytes);
            if (text == null) {
                text = new String(bytes, StandardCharsets.UTF_8);
                problems.add(new Site.Problem("_redirects", null, "is not valid UTF-8; invalid bytes were replaced"));
            }
        } catch (IOException e) {
            problems.add(new Site.Problem("_redirects", null, "cannot read: " + e.getMessage()));
            return;
        }
        for (String line : text.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\\s+");
            if (parts.length < 2 || parts[0].contains("*") || parts[0].contains(":")) {
                continue; // splats and placeholders match many paths; not a single page
            }
            PageKeys.Target from = PageKeys.resolve("/", parts[0], baseHost, basePath, keys.keySet());
            PageKeys.Target to = PageKeys.resolve("/", parts[1], baseHost, basePath, keys.keySet());
            if (from.key() != null) {
                redirects.put(from.key(), to.external() ? parts[1] : to.key());
            }
        }
    }

    /** Whether a file the site declares (sitemap.xml, _redirects) is a link out of the site (the listing reports it). */
    private boolean isOutside(Path f) {
        return FolderFiles.outside(realRoot, f, "site folder") != null;
    }

    private Set<String> readSitemap(Path dir, List<Site.Problem> problems) {
        Path f = dir.resolve("sitemap.xml");
        Set<String> out = new TreeSet<>();
        if (!Files.isRegularFile(f) || isOutside(f)) {
            return out;
        }
        try {
            byte[] bytes = Files.readAllBytes(f);
            String text = utf8(bytes);
            Document xml;
            if (text != null) {
                xml = Jsoup.parse(text, "", Parser.xmlParser());
            } else {
                // Not UTF-8: the XML declaration may name the charset; say so when it names none.
                xml = Jsoup.parse(new java.io.ByteArrayInputStream(bytes), null, "", Parser.xmlParser());
                if (xml.charset().equals(StandardCharsets.UTF_8)) {
                    problems.add(new Site.Problem("sitemap.xml", null,
                            "is not valid UTF-8 and declares no other encoding; invalid bytes were replaced"));
                }
            }
            for (Element loc : xml.select("url > loc")) {
                String u = loc.text().strip();
                String path = u;
                try {
                    URI uri = URI.create(u);
                    if (uri.getHost() != null) {
                        path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
                        if (basePath.length() > 1 && path.startsWith(basePath)) {
                            path = "/" + path.substring(basePath.length());
                        }
                    }
                } catch (IllegalArgumentException e) {
                    String why = e.getCause() instanceof java.net.URISyntaxException x
                            ? ": " + x.getReason().toLowerCase(Locale.ROOT) + " (character " + (x.getIndex() + 1) + ")" : "";
                    problems.add(new Site.Problem("sitemap.xml", null, "has an invalid <loc> '" + u + "'" + why));
                    continue;
                }
                PageKeys.Target t = PageKeys.resolve("/", path.startsWith("/") ? path : "/" + path, null, "/", keys.keySet());
                if (t.key() != null) {
                    out.add(t.key());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            problems.add(new Site.Problem("sitemap.xml", null, "cannot read: " + e.getMessage()));
        }
        return out;
    }

}
