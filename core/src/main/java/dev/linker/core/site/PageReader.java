package dev.linker.core.site;

import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.Site;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads one HTML file into a {@link Page}: title, H1, links, breadcrumbs, section headings, main text and metadata,
 * by the options' selectors, with links resolved by {@link LinkTargets}. Safe to use from several threads at once.
 */
final class PageReader {
    private static final MainText.Result NO_TEXT = new MainText.Result("", List.of(), null);

    private final ReadOptions options;
    private final LinkTargets targets;
    /** Where a read without text keeps each page's text aside, or null. */
    private final TextSpill spill;

    PageReader(ReadOptions options, LinkTargets targets) {
        this(options, targets, null);
    }

    /** A reader that, reading without text, writes each page's text and what only it tells to {@code spill}. */
    PageReader(ReadOptions options, LinkTargets targets, TextSpill spill) {
        this.options = options;
        this.targets = targets;
        this.spill = options.keepText() ? null : spill;
    }

    /**
     * The page {@code key} in {@code file} ({@code rel} in the site folder). A file over the size limit is kept as
     * an unread page, and one that is not UTF-8 and declares no charset is read with its invalid bytes replaced; each
     * adds a problem.
     */
    Page read(Path file, String rel, String key, List<Site.Problem> problems) throws IOException {
        return read(file, rel, key, problems, null);
    }

    /**
     * As {@link #read(Path, String, String, List)}, with the page's links when they are known (a second read of the
     * page for its text, against the same page keys): they are not resolved again.
     */
    Page read(Path file, String rel, String key, List<Site.Problem> problems, List<Link> known) throws IOException {
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
        String html = Texts.utf8(bytes);
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
        return toPage(doc, rel, key, known);
    }

    private Page toPage(Document doc, String rel, String key, List<Link> known) {
        // One pass over the elements collects what a page needs; each select() would be another full traversal.
        List<Element> all = doc.getAllElements();
        Placements placements = new Placements(doc, all, options.contentSelector(), options.boilerplateSelector());
        PageScan scan = new PageScan(key, targets);
        for (Element el : all) {
            scan.visit(el);
        }
        Element h1el = scan.h1 != null ? scan.h1 : scan.firstHeading;
        String h1 = h1el == null ? "" : Texts.collapse(h1el.text());
        List<Link> links = known != null ? known : links(key, scan.anchors, placements);
        Element html = all.isEmpty() ? null : all.get(0).normalName().equals("#root") && all.size() > 1 ? all.get(1) : all.get(0);
        String lang = targets.share(html != null && html.normalName().equals("html") ? html.attr("lang") : "");
        List<JsonNode> ld = PageMetaReader.parseJsonLd(scan.jsonLd);
        // The main text is the costliest part of a read; an audit needs neither it nor what only it tells.
        MainText.Result main = options.keepText() ? MainText.of(doc, placements) : NO_TEXT;
        if (spill != null) {
            MainText.Result text = MainText.of(doc, placements);
            spill.put(rel, text.text(), meta(key, scan, ld, links, text));
        }
        return new Page(key, rel, new Page.Titles(scan.title, h1),
                new Page.Indexing(scan.canonical, scan.noindex, scan.nofollow, scan.redirectTo),
                Breadcrumbs.of(ld, scan.crumbNav, key, targets),
                new Page.Body(main.text(), FragmentHeadings.of(scan.withId), lang), links,
                meta(key, scan, ld, links, main));
    }

    private static PageMeta meta(String key, PageScan scan, List<JsonNode> ld, List<Link> links,
                                 MainText.Result main) {
        return PageMetaReader.meta(key, ld, scan.metaPublished, scan.itemPublished, scan.metaTags, links, main);
    }

    private List<Link> links(String key, List<Element> anchors, Placements placements) {
        List<Link> links = new ArrayList<>(anchors.size());
        for (Element a : anchors) {
            String href = a.attr("href");
            PageKeys.Target t = targets.resolve(key, href);
            String anchor = Texts.collapse(a.text());
            if (anchor.isEmpty()) {
                Element img = a.selectFirst("img[alt]");
                anchor = img != null ? Texts.collapse(img.attr("alt")) : Texts.collapse(a.attr("aria-label"));
            }
            var pos = a.sourceRange().start();
            String target = targets.key(t.key());
            links.add(new Link(key, href.equals(target) ? target : targets.share(href), target,
                    targets.share(t.fragment()), targets.share(anchor), targets.share(a.attr("rel")), placements.of(a),
                    new Link.Position(Math.max(pos.lineNumber(), 0), Math.max(pos.columnNumber(), 0))));
        }
        return links;
    }
}
