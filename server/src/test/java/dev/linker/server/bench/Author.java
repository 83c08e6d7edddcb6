package dev.linker.server.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A virtual author writing a draft on one topic of the synthetic site: 300–2,000 words in paragraphs of 40–160
 * words, Markdown, mentioning a few pages of the topic by title (one of them already linked). {@link #edit()} changes
 * one word of one paragraph, as typing between two widget requests does.
 */
final class Author {
    private final SyntheticSite site;
    private final Random r;
    private final int cluster;
    private final String title;
    private final List<String> paragraphs = new ArrayList<>();
    private final int words;

    Author(SyntheticSite site, long seed) {
        this.site = site;
        this.r = new Random(seed);
        this.cluster = r.nextInt(site.clusters);
        WordModel w = site.words;
        this.title = WordModel.capital(w.topic(cluster, r.nextInt(WordModel.TOPIC_WORDS))) + " and "
                + w.topic(cluster, r.nextInt(WordModel.TOPIC_WORDS)) + ": a practical guide";
        this.words = 300 + r.nextInt(1701);
        int base = cluster * SyntheticSite.PAGES_PER_CLUSTER;
        int n = 0;
        while (n < words) {
            int len = Math.min(words - n, 40 + r.nextInt(121));
            String p = w.paragraph(r, cluster, Math.max(len, 8));
            if (r.nextDouble() < 0.35) { // name a page of the topic, as writers do
                int j = Math.min(site.n - 1, base + r.nextInt(SyntheticSite.PAGES_PER_CLUSTER));
                p = p + " This is where " + site.title(j).toLowerCase(java.util.Locale.ROOT) + " matters.";
            }
            paragraphs.add(p);
            n += p.split(" ").length;
        }
        int j = Math.min(site.n - 1, base + r.nextInt(SyntheticSite.PAGES_PER_CLUSTER));
        paragraphs.set(0, paragraphs.get(0) + " We covered [" + site.title(j) + "](" + site.url(j) + ") before.");
    }

    /** Replaces or inserts one word in one paragraph. */
    void edit() {
        int p = r.nextInt(paragraphs.size());
        String[] t = paragraphs.get(p).split(" ", -1);
        int at = r.nextInt(t.length);
        String w = site.words.word(r, cluster);
        if (r.nextBoolean() && !t[at].endsWith(".") && !t[at].contains("](")) {
            t[at] = w;
            paragraphs.set(p, String.join(" ", t));
        } else {
            paragraphs.set(p, String.join(" ", java.util.Arrays.copyOf(t, at)) + (at == 0 ? "" : " ") + w + " "
                    + String.join(" ", java.util.Arrays.copyOfRange(t, at, t.length)));
        }
    }

    /**
     * {@code n} replacement words drawn as {@link #edit()} draws them, for load generators that edit outside Java
     * (wrk). Advances this author's random state.
     */
    String[] wordPool(int n) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            out[i] = site.words.word(r, cluster);
        }
        return out;
    }

    List<String> paragraphs() {
        return java.util.Collections.unmodifiableList(paragraphs);
    }

    String title() {
        return title;
    }

    String text() {
        return String.join("\n\n", paragraphs);
    }

    int paragraphCount() {
        return paragraphs.size();
    }

    int words() {
        return words;
    }
}
