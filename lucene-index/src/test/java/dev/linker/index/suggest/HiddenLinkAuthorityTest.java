package dev.linker.index.suggest;

import dev.linker.core.graph.LinkGraph;
import dev.linker.index.Fields;
import dev.linker.index.Status;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HiddenLinkAuthorityTest {
    /** A site of {@code n} pages, page i linking {@code links[i]} (content links: the first {@code content[i]}). */
    private static PageInfo[] site(int[][] links, int[] content) {
        PageInfo[] infos = new PageInfo[links.length];
        for (int i = 0; i < links.length; i++) {
            Set<String> all = new LinkedHashSet<>();
            Set<String> inContent = new LinkedHashSet<>();
            for (int j = 0; j < links[i].length; j++) {
                all.add("/p" + links[i][j]);
                if (j < content[i]) {
                    inContent.add("/p" + links[i][j]);
                }
            }
            infos[i] = new PageInfo("/p" + i, "P" + i, "P" + i, new PageInfo.Standing(Status.LIVE, false, 0, 0),
                    new PageInfo.Outbound(inContent, all), new PageFacts(null, "", 100, Fields.UNDATED, ""));
        }
        return infos;
    }

    private static Map<String, Integer> docs(int n) {
        Map<String, Integer> docs = new HashMap<>();
        for (int i = 0; i < n; i++) {
            docs.put("/p" + i, i);
        }
        return docs;
    }

    /** Link scores / 100 as the index stores them: a whole PageRank of {@code out}. */
    private static double[] authority(int[][] out) {
        double[] pr = LinkGraph.pageRank(out);
        double min = Arrays.stream(pr).min().orElseThrow();
        double max = Arrays.stream(pr).max().orElseThrow();
        return Arrays.stream(pr).map(p -> LinkGraph.linkScoreOf(p, min, max) / 100).toArray();
    }

    @Test
    void hiding_a_pages_links_moves_authority_as_a_whole_pagerank_without_them_does() {
        int n = 300;
        Random random = new Random(7);
        int[][] links = new int[n][];
        int[] content = new int[n];
        for (int i = 0; i < n; i++) {
            Set<Integer> t = new LinkedHashSet<>();
            t.add((i + 1) % n); // a chain keeps every page reachable
            while (t.size() < 2 + random.nextInt(8)) {
                // Some pages are far more popular than others, as on a real site.
                int to = (int) Math.min(n - 1, Math.abs(random.nextGaussian()) * n / 4);
                if (to != i) {
                    t.add(to);
                }
            }
            links[i] = t.stream().mapToInt(Integer::intValue).toArray();
            content[i] = 1 + random.nextInt(links[i].length);
        }
        PageInfo[] infos = site(links, content);
        Map<String, Integer> docs = docs(n);
        double[] stored = authority(links);
        HiddenLinkAuthority hidden = HiddenLinkAuthority.of(infos, docs, false);
        double worst = 0;
        int moved = 0;
        int targets = 0;
        for (int s = 0; s < n; s += 7) {
            int[][] without = links.clone();
            without[s] = Arrays.copyOfRange(links[s], content[s], links[s].length);
            Arrays.sort(without[s]);
            double[] whole = authority(without);
            HiddenLinkAuthority.View view = hidden.without(s, infos[s], docs, infos[s].links());
            for (int i = 0; i < n; i++) {
                worst = Math.max(worst, Math.abs(view.authority(i, stored[i]) - whole[i]));
            }
            for (int i = 0; i < content[s]; i++) {
                int t = links[s][i];
                moved += view.authority(t, stored[t]) < stored[t] ? 1 : 0;
                targets++;
            }
        }
        // Link scores have one decimal (0.001 here), rounded on both sides; the push stops at a thousandth of the
        // source's rank. Measured: 0.003 at most. Keeping the scale's weakest and strongest page as they were: 0.048.
        assertTrue(worst <= 0.004, "largest difference from a whole PageRank: " + worst);
        // Not all: a weakest page stays at 0, a page many others link loses less than a rounding step, and a new
        // weakest page lifts the rest of the scale (79 of 110 here).
        assertTrue(moved >= targets / 2, "hidden targets that lost authority: " + moved + " of " + targets);
    }

    /**
     * p0 links p5 in its content and p2 from its navigation; p1..p3 link each other, p3 links p4, p4 links p0; p5,
     * linked by p0 alone, links nothing; p6, linked by nobody, links p1.
     */
    private static final int[][] SMALL = {{5, 2}, {2, 3}, {1, 3}, {1, 2, 4}, {0}, {}, {1}};
    private static final int[] SMALL_CONTENT = {1, 2, 2, 3, 1, 0, 1};

    @Test
    void a_page_only_the_hidden_source_links_falls_to_the_sites_weakest() {
        PageInfo[] infos = site(SMALL, SMALL_CONTENT);
        Map<String, Integer> docs = docs(SMALL.length);
        double[] stored = authority(SMALL);
        HiddenLinkAuthority hidden = HiddenLinkAuthority.of(infos, docs, false);
        HiddenLinkAuthority.View view = hidden.without(0, infos[0], docs, infos[0].links());
        assertEquals(0, stored[6], "p6 is the weakest page");
        assertTrue(stored[5] > 0.2, "p5 has p0's link: " + stored[5]);
        assertEquals(0, view.authority(5, stored[5]), 0.01, "without it, nothing links p5");
        assertEquals(stored[2], view.authority(2, stored[2]), 0.01, "p0's navigation link to p2 stays");
        assertEquals(HiddenLinkAuthority.View.NONE, hidden.without(5, infos[5], docs, infos[5].links()),
                "p5 links nothing to hide");
    }

    @Test
    void with_search_console_clicks_the_link_part_is_sixty_percent_of_authority() {
        PageInfo[] infos = site(SMALL, SMALL_CONTENT);
        Map<String, Integer> docs = docs(SMALL.length);
        double plain = HiddenLinkAuthority.of(infos, docs, false).without(0, infos[0], docs, infos[0].links())
                .authority(5, 0.5) - 0.5;
        double blended = HiddenLinkAuthority.of(infos, docs, true).without(0, infos[0], docs, infos[0].links())
                .authority(5, 0.5) - 0.5;
        assertTrue(plain < -0.2, "p5 loses its only link: " + plain);
        assertEquals(0.6 * plain, blended, 1e-12);
    }
}
