import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A synthetic built site of any size, seeded, with known numbers of orphans, broken links and links through
 * redirects, so an audit's findings can be checked (catalogue-scale benchmark, issue 13). Run without a build:
 *
 * <pre>java bench/SiteGenerator.java OUT_DIR PAGES [SEED]</pre>
 *
 * Layout: {@code index.html} (its content links every section), sections {@code s<k>/index.html} of up to 1,000
 * pages {@code s<k>/p<i>.html}. Every page: a header navigation of 20 links (home and the first sections), 12
 * paragraphs of prose each with one content link, a footer; about 8 KB. Content links: the first paragraph links the
 * next page of the site (a ring, so every page but the orphans has an inbound content link), the others random pages.
 * One page in 1,000 is an orphan (listed in sitemap.xml, linked by nothing), one in 500 carries a link to a missing
 * page, one in 400 a link through a redirect of {@code _redirects}. The numbers are written to {@code expected.properties}.
 */
public final class SiteGenerator {
    private static final String[] WORDS = ("internal links decide how authority flows through a site whether pages get "
            + "crawled and whether readers find related content catalogue product category brand colour size material "
            + "delivery return warranty review guide compare choose best price offer season collection outdoor kitchen "
            + "garden travel camera phone laptop shoe jacket lamp chair table bottle filter").split(" ");

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java bench/SiteGenerator.java OUT_DIR PAGES [SEED]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int pages = Integer.parseInt(args[1]);
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 20261124L;
        Files.createDirectories(out);
        Random rnd = new Random(seed);
        int sections = (pages + 999) / 1000;
        boolean[] orphan = new boolean[pages];
        int orphans = 0;
        for (int i = 999; i < pages; i += 1000) {
            orphan[i] = true;
            orphans++;
        }
        int broken = 0;
        int redirected = 0;
        StringBuilder redirects = new StringBuilder();
        long t0 = System.nanoTime();
        for (int i = 0; i < pages; i++) {
            Path dir = out.resolve("s" + i / 1000);
            if (i % 1000 == 0) {
                Files.createDirectories(dir);
            }
            StringBuilder b = new StringBuilder(9000);
            head(b, "Product page " + i + " " + WORDS[i % WORDS.length], sections);
            b.append("<main><article><h1>Product page ").append(i).append("</h1>\n");
            for (int k = 0; k < 12; k++) {
                b.append("<p>");
                for (int w = 0; w < 90; w++) {
                    b.append(WORDS[rnd.nextInt(WORDS.length)]).append(' ');
                }
                String href;
                if (k == 0) {
                    href = url(nextLinked(i, orphan));
                } else if (k == 1 && i % 500 == 1) {
                    href = "/missing/m" + i + ".html";
                    broken++;
                } else if (k == 2 && i % 400 == 2) {
                    href = "/old/o" + i + ".html";
                    redirects.append("/old/o").append(i).append(".html ").append(url(nextLinked(i + 7, orphan)))
                            .append(" 301\n");
                    redirected++;
                } else {
                    int t = rnd.nextInt(pages);
                    while (orphan[t] || t == i) {
                        t = (t + 1) % pages;
                    }
                    href = url(t);
                }
                b.append("<a href=\"").append(href).append("\">related ").append(WORDS[rnd.nextInt(WORDS.length)])
                        .append(' ').append(k).append("</a>.</p>\n");
            }
            b.append("</article></main>\n");
            foot(b);
            Files.writeString(dir.resolve("p" + i + ".html"), b, StandardCharsets.UTF_8);
            if (i > 0 && i % 100_000 == 0) {
                System.err.printf("generated %,d pages (%.0f s)%n", i, (System.nanoTime() - t0) / 1e9);
            }
        }
        for (int s = 0; s < sections; s++) {
            StringBuilder b = new StringBuilder();
            head(b, "Section " + s, sections);
            b.append("<main><h1>Section ").append(s).append("</h1><ul class=\"listing\">\n");
            for (int i = s * 1000; i < Math.min(pages, s * 1000 + 1000); i++) {
                if (!orphan[i]) {
                    b.append("<li><a href=\"").append(url(i)).append("\">Product page ").append(i).append("</a></li>\n");
                }
            }
            b.append("</ul></main>\n");
            foot(b);
            Files.writeString(out.resolve("s" + s).resolve("index.html"), b, StandardCharsets.UTF_8);
        }
        StringBuilder home = new StringBuilder();
        head(home, "Catalogue", sections);
        home.append("<main><h1>Catalogue</h1><ul>\n");
        for (int s = 0; s < sections; s++) {
            home.append("<li><a href=\"/s").append(s).append("/\">Section ").append(s).append("</a></li>\n");
        }
        home.append("</ul></main>\n");
        foot(home);
        Files.writeString(out.resolve("index.html"), home, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("_redirects"), redirects, StandardCharsets.UTF_8);
        try (Writer w = Files.newBufferedWriter(out.resolve("sitemap.xml"), StandardCharsets.UTF_8)) {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for (int i = 0; i < pages; i++) {
                w.write("<url><loc>https://shop.example" + url(i) + "</loc></url>\n");
            }
            w.write("</urlset>\n");
        }
        int total = pages + sections + 1;
        String expected = "pages=" + total + "\norphans=" + orphans + "\nbroken=" + broken + "\nredirectLinks=" + redirected
                + "\nseed=" + seed + "\n";
        Files.writeString(out.resolve("expected.properties"), expected, StandardCharsets.UTF_8);
        System.err.printf("generated %s: %,d pages (%d sections, %d orphans, %d broken links, %d links through redirects)"
                + " in %.1f s%n", out, total, sections, orphans, broken, redirected, (System.nanoTime() - t0) / 1e9);
    }

    /** The next page of the ring that is no orphan. */
    private static int nextLinked(int i, boolean[] orphan) {
        int t = (i + 1) % orphan.length;
        while (orphan[t]) {
            t = (t + 1) % orphan.length;
        }
        return t;
    }

    private static String url(int i) {
        return "/s" + i / 1000 + "/p" + i + ".html";
    }

    private static void head(StringBuilder b, String title, int sections) {
        b.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(title)
                .append(" — Shop</title></head>\n<body><header><a href=\"/\">Shop</a><nav>");
        for (int s = 0; s < Math.min(19, sections); s++) {
            b.append("<a href=\"/s").append(s).append("/\">Section ").append(s).append("</a> ");
        }
        b.append("</nav></header>\n");
    }

    private static void foot(StringBuilder b) {
        b.append("<footer><a href=\"/\">Home</a> · <a href=\"/sitemap.xml\">Sitemap</a></footer></body></html>\n");
    }
}
