package dev.linker.core.site;

import dev.linker.core.model.Site;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The files a site folder declares beside its pages: its redirects ({@code _redirects}) and {@code sitemap.xml}. */
final class DeclaredFiles {
    private final LinkTargets targets;
    /** The real path of the site folder: no file whose real path is outside it is read. */
    private final Path realRoot;

    DeclaredFiles(LinkTargets targets, Path realRoot) {
        this.targets = targets;
        this.realRoot = realRoot;
    }

    /** Adds the single-page redirects of {@code dir}'s {@code _redirects} to {@code redirects}. */
    void readRedirects(Path dir, Map<String, String> redirects, List<Site.Problem> problems) {
        Path f = dir.resolve("_redirects");
        if (!Files.isRegularFile(f) || isOutside(f)) {
            return;
        }
        String text;
        try {
            byte[] bytes = Files.readAllBytes(f);
            text = Texts.utf8(bytes);
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
            PageKeys.Target from = targets.resolve("/", parts[0]);
            PageKeys.Target to = targets.resolve("/", parts[1]);
            if (from.key() != null) {
                redirects.put(from.key(), to.external() ? parts[1] : to.key());
            }
        }
    }

    /** Whether a file the site declares (sitemap.xml, _redirects) is a link out of the site (the listing reports it). */
    private boolean isOutside(Path f) {
        return FolderFiles.outside(realRoot, f, "site folder") != null;
    }

    /**
     * The text of the {@code <loc>} of each {@code <url>} of a sitemap, in order, read with the JDK's streaming XML
     * reader (StAX; no DTD, no external entities): a sitemap of a million entries never stands whole in memory as a
     * DOM, and reading it is linear. Null when it is not well-formed XML: jsoup's lenient parser reads it then.
     */
    private static List<String> locs(String xml) {
        javax.xml.stream.XMLInputFactory f = javax.xml.stream.XMLInputFactory.newFactory();
        f.setProperty(javax.xml.stream.XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(javax.xml.stream.XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(javax.xml.stream.XMLInputFactory.IS_COALESCING, true);
        List<String> out = new ArrayList<>();
        try {
            javax.xml.stream.XMLStreamReader r = f.createXMLStreamReader(new java.io.StringReader(xml));
            try {
                int depth = 0;
                int urlDepth = -1; // the depth of the <url> being read, -1 outside one
                StringBuilder loc = null; // the text of a <loc> child of that <url>, while it is read
                while (r.hasNext()) {
                    switch (r.next()) {
                        case javax.xml.stream.XMLStreamConstants.START_ELEMENT -> {
                            depth++;
                            if (r.getLocalName().equals("url")) {
                                urlDepth = depth;
                                loc = null;
                            } else if (depth == urlDepth + 1 && urlDepth > 0 && r.getLocalName().equals("loc")) {
                                loc = new StringBuilder();
                            }
                        }
                        case javax.xml.stream.XMLStreamConstants.CHARACTERS,
                             javax.xml.stream.XMLStreamConstants.CDATA -> {
                            if (loc != null) {
                                loc.append(r.getText());
                            }
                        }
                        case javax.xml.stream.XMLStreamConstants.END_ELEMENT -> {
                            if (loc != null && depth == urlDepth + 1) {
                                out.add(WHITESPACE.matcher(loc).replaceAll(" ").strip()); // as jsoup's text()
                                loc = null;
                            } else if (depth == urlDepth) {
                                urlDepth = -1;
                            }
                            depth--;
                        }
                        default -> {
                        }
                    }
                }
            } finally {
                r.close();
            }
        } catch (javax.xml.stream.XMLStreamException | RuntimeException e) {
            return null;
        }
        return out;
    }

    private static final java.util.regex.Pattern WHITESPACE = java.util.regex.Pattern.compile("\\s+");

    /** The page keys {@code dir}'s {@code sitemap.xml} lists (its URLs' paths, under the base URL's path). */
    Set<String> readSitemap(Path dir, List<Site.Problem> problems) {
        Path f = dir.resolve("sitemap.xml");
        Set<String> out = new TreeSet<>();
        if (!Files.isRegularFile(f) || isOutside(f)) {
            return out;
        }
        try {
            byte[] bytes = Files.readAllBytes(f);
            String text = Texts.utf8(bytes);
            List<String> locs = text == null ? null : locs(text);
            if (locs == null) {
                Document xml;
                if (text != null) { // not well-formed: jsoup reads what it can, as a browser would
                    xml = Jsoup.parse(text, "", Parser.xmlParser());
                } else {
                    // Not UTF-8: the XML declaration may name the charset; say so when it names none.
                    xml = Jsoup.parse(new java.io.ByteArrayInputStream(bytes), null, "", Parser.xmlParser());
                    if (xml.charset().equals(StandardCharsets.UTF_8)) {
                        problems.add(new Site.Problem("sitemap.xml", null,
                                "is not valid UTF-8 and declares no other encoding; invalid bytes were replaced"));
                    }
                }
                locs = xml.select("url > loc").stream().map(Element::text).toList();
            }
            for (String loc : locs) {
                addLoc(loc, out, problems);
            }
        } catch (IOException | UncheckedIOException e) {
            problems.add(new Site.Problem("sitemap.xml", null, "cannot read: " + e.getMessage()));
        }
        return out;
    }

    /** Adds the key of the page a sitemap's {@code <loc>} names to {@code out}, or a problem when it is no URL. */
    private void addLoc(String loc, Set<String> out, List<Site.Problem> problems) {
        String basePath = targets.base().path();
        String u = loc.strip();
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
            return;
        }
        PageKeys.Target t = PageKeys.resolve("/", path.startsWith("/") ? path : "/" + path, null, "/", targets.keys());
        if (t.key() != null) {
            out.add(targets.key(t.key())); // the page's key itself, not a copy for each sitemap entry
        }
    }
}
