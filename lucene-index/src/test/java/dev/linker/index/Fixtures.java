package dev.linker.index;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The small real sites under src/test/resources/sites and the real local embedder, loaded once per JVM. */
public final class Fixtures {
    private static Embedder local;

    private Fixtures() {
    }

    public static synchronized Embedder embedder() {
        if (local == null) {
            local = LocalMiniLmEmbedder.load();
        }
        return local;
    }

    public static Path site(String rel) {
        try {
            return Path.of(Fixtures.class.getResource("/sites/" + rel).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The coffee site: 11 pages, 9 of them with in-content links. */
    public static List<PageRecord> coffee() {
        return SourceLoader.of(site("coffee/pages.csv")).withLinks(site("coffee/links.jsonl")).records();
    }

    /**
     * The blog site of core's tests (built HTML: dated posts, tags, hubs, redirect stubs), read in place: one fixture
     * for the reader and the index.
     */
    public static Path blogSite() {
        Path p = Path.of("..", "core", "src", "test", "resources", "sites", "blog");
        if (!java.nio.file.Files.isDirectory(p)) {
            throw new IllegalStateException("no blog fixture at " + p.toAbsolutePath() + " (tests run from lucene-index/)");
        }
        return p;
    }

    public static List<PageRecord> blog() {
        return SourceLoader.of(blogSite()).records();
    }

    public static PageIndex blogIndex() {
        PageIndex idx = PageIndex.inMemory(embedder(), IndexSettings.DEFAULT);
        idx.sync(blog(), true, null);
        return idx;
    }

    public static PageIndex coffeeIndex() {
        PageIndex idx = PageIndex.inMemory(embedder(), IndexSettings.DEFAULT);
        idx.sync(coffee(), true, null);
        return idx;
    }

    /**
     * The coffee site grown into a reference of 61 pages: its 11 and 50 undated glossary pages, with the coffee site's
     * few links (a site the prior serves: {@link dev.linker.index.rank.Prior#MIN_CONTENT} content pages or more).
     */
    public static PageIndex glossaryIndex() {
        String[] words = {"acidity", "aroma", "bloom", "body", "crema", "dose", "extraction", "filter", "grind",
            "kettle", "milk", "ratio", "roast", "steam", "tamper", "water", "yield", "origin", "washed", "natural",
            "espresso", "burr", "scale", "temperature", "brew"};
        List<PageRecord> pages = new java.util.ArrayList<>(coffee());
        for (int i = 0; i < 50; i++) {
            String a = words[i % words.length];
            String b = words[(i * 7 + 3) % words.length];
            String title = "Glossary: " + a + " and " + b;
            String body = "This entry explains " + a + " in coffee brewing and how " + b + " changes the cup. "
                    + "Measure the " + a + " before you adjust the " + b + ", and note the result of entry " + i + ".";
            pages.add(new PageRecord("https://brew.example/glossary/" + a + "-" + b + "-" + i + ".html",
                    new PageRecord.Text(title, title, body), "glossary", "",
                    new PageRecord.Standing(Status.LIVE, null, 0.5, 0), null, null, null));
        }
        PageIndex idx = PageIndex.inMemory(embedder(), IndexSettings.DEFAULT);
        idx.sync(pages, true, null);
        return idx;
    }

    /** An embedder that is not the local model: words hashed into 16 dimensions (for embedder-mismatch tests). */
    public static Embedder hashing() {
        return new Embedder() {
            @Override
            public String id() {
                return "test:hashing-16";
            }

            @Override
            public int dimension() {
                return 16;
            }

            @Override
            public float[] embed(String text) {
                float[] v = new float[16];
                for (String w : text.toLowerCase().split("\\W+")) {
                    v[Math.floorMod(w.hashCode(), 16)] += 1;
                }
                double n = 0;
                for (float x : v) {
                    n += x * x;
                }
                n = Math.sqrt(n) == 0 ? 1 : Math.sqrt(n);
                for (int i = 0; i < 16; i++) {
                    v[i] = (float) (v[i] / n);
                }
                return v;
            }
        };
    }
}
