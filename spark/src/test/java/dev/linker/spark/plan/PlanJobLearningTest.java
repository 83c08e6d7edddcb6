package dev.linker.spark.plan;

import dev.linker.index.IndexSettings;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.VectorSource;
import dev.linker.index.eval.Learning;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.spark.EmbedderSpec;
import dev.linker.spark.LocalSpark;
import dev.linker.spark.PlanOptions;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code linker-spark plan} learns, from the links it reads, the ranker {@code linker index} learns from the same pages
 * and links, and plans with it as {@code linker plan --index} does (issue 47, item 4).
 */
public class PlanJobLearningTest {
    static SparkSession spark;
    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("linker-plan-learning-test");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** Eight subjects of ten pages; each page links three of its subject's first seven: 240 links from 80 pages. */
    static Path[] site(Path dir) throws IOException {
        String[][] subjects = {
                {"espresso", "crema", "portafilter", "tamping", "ristretto"},
                {"sourdough", "starter", "levain", "crumb", "proofing"},
                {"bicycle", "derailleur", "cassette", "spokes", "saddle"},
                {"aquarium", "filtration", "cichlids", "substrate", "algae"},
                {"violin", "bowing", "rosin", "vibrato", "fingerboard"},
                {"compost", "nitrogen", "mulch", "earthworms", "humus"},
                {"telescope", "eyepiece", "aperture", "nebula", "collimation"},
                {"knitting", "purl", "yarn", "cables", "gauge"}};
        String[] extra = {"basics", "mistakes", "tools", "history", "advanced", "budget", "cleaning", "glossary",
                "troubleshooting", "seasons"};
        StringBuilder pages = new StringBuilder("Address,Title,H1,Content\n");
        StringBuilder links = new StringBuilder();
        for (int s = 0; s < subjects.length; s++) {
            String[] w = subjects[s];
            for (int i = 0; i < 10; i++) {
                String title = cap(w[0]) + " " + extra[i];
                pages.append("https://learn.example/").append(w[0]).append('/').append(extra[i]).append(".html,")
                        .append(title).append(',').append(title).append(",\"");
                for (int k = 0; k < 6; k++) {
                    pages.append("The ").append(extra[i]).append(" of ").append(w[0]).append(" start with ")
                            .append(w[1 + (i + k) % 4]).append(" and ").append(w[1 + (i + k + 1) % 4])
                            .append(", and our notes on ").append(extra[(i + k) % 10]).append(" explain why. ");
                }
                pages.append("\"\n");
                links.append("{\"source\": \"").append(w[0]).append('/').append(extra[i]).append(".html\", ")
                        .append("\"targets\": [");
                int[] to = {(i + 1) % 7, (i + 2) % 7, (i + 4) % 7}; // the last three pages have none: acceptors
                for (int t = 0; t < to.length; t++) {
                    links.append(t == 0 ? "" : ", ").append('"').append(w[0]).append('/').append(extra[to[t]])
                            .append(".html\"");
                }
                links.append("]}\n");
            }
        }
        Files.createDirectories(dir);
        Path p = dir.resolve("pages.csv");
        Path l = dir.resolve("links.jsonl");
        Files.writeString(p, pages, StandardCharsets.UTF_8);
        Files.writeString(l, links, StandardCharsets.UTF_8);
        return new Path[] {p, l};
    }

    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static PlanOptions learning(Path pages, Path links, Path out) {
        PlanOptions o = PlanJobTest.options(pages, links, null, out);
        return o.with(o.rules().withLearning(true));
    }

    @Test
    void the_job_learns_the_ranker_linker_index_learns_and_plans_as_linker_plan_plans_with_it() throws IOException {
        Path[] site = site(tmp.resolve("site"));
        Path out = tmp.resolve("learned");
        List<String> logged = new ArrayList<>();
        new PlanJob().run(spark, learning(site[0], site[1], out), logged::add);

        // linker index on the same pages, links and vectors: what it learns, and linker plan with it.
        LearnedRanker learned = learned(spark, site[0], site[1], out.resolve("vectors"));
        System.out.println(learned.report().summary());
        // learned, not too few links
        assertEquals(Learning.FOLDS, learned.report().heldOut().folds(), learned.report().summary());
        assertTrue(logged.contains(learned.report().summary()), "the job's ranker: " + logged);
        String want = PlanJobTest.linkerPlan(spark, site[0], site[1], out.resolve("vectors"), PlanSettings.DEFAULT,
                SuggestSettings.DEFAULT.withRanking(Ranking.of(learned)));
        assertEquals(List.of(want.split("\\R")), PlanJobTest.lines(out.resolve("plan.csv")));
        assertTrue(want.split("\\R").length > 20, "links are planned: " + want.split("\\R").length);
        String weights = PlanJobTest.linkerPlan(spark, site[0], site[1], out.resolve("vectors"),
                PlanSettings.DEFAULT, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
        assertNotEquals(weights, want, "the learned model plans otherwise than the weights: the test can tell");
    }

    @Test
    void split_into_blocks_the_site_is_learned_from_each_block_sampling_its_own_pages_once() throws IOException {
        Path[] site = site(tmp.resolve("site-blocks"));
        PlanOptions o = learning(site[0], site[1], tmp.resolve("learned-blocks"));
        List<String> logged = new ArrayList<>();
        PlanOptions.Result r = new PlanJob().run(spark, o.with(o.work().withBlockPages(40)), logged::add);
        assertTrue(r.blocks() > 1, "blocks: " + r.blocks());
        // A block's pages link only what the block holds: a link to another block's page is not learned from.
        Matcher m = logged.stream().map(Pattern.compile("^ranker: learned — learned from (\\d+) links of (\\d+) pages")
                ::matcher).filter(Matcher::find).findFirst().orElseThrow(() -> new AssertionError(logged));
        int links = Integer.parseInt(m.group(1));
        int pages = Integer.parseInt(m.group(2));
        assertTrue(pages <= 80 && pages >= 60 && links <= 240 && links >= 180,
                "most pages with links learned from, none twice: " + m.group());
        assertTrue(r.links() > 0, "links planned: " + r.links());
    }

    @Test
    void with_too_few_links_to_learn_from_the_job_says_so_and_plans_with_the_weights() throws IOException {
        Path out = tmp.resolve("coffee-learning");
        List<String> logged = new ArrayList<>();
        new PlanJob().run(spark, learning(PlanJobTest.PAGES, PlanJobTest.LINKS, out), logged::add);
        assertTrue(logged.stream().anyMatch(m -> m.startsWith("ranker: the weights (too few links to learn from")),
                logged.toString());
        String want = PlanJobTest.linkerPlan(spark, PlanJobTest.PAGES, PlanJobTest.LINKS, out.resolve("vectors"),
                PlanSettings.DEFAULT, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
        assertEquals(List.of(want.split("\\R")), PlanJobTest.lines(out.resolve("plan.csv")));
    }

    /** What {@code linker index PAGES --links LINKS} learns, with the vectors of an embed output. */
    public static LearnedRanker learned(SparkSession spark, Path pages, Path links, Path vectors) {
        List<PageRecord> records = SourceLoader.of(pages).withLinks(links).records();
        try (PageIndex index = PageIndex.inMemory(EmbedderSpec.local().shared(), IndexSettings.DEFAULT)) {
            index.sync(records, true, null, vectors(spark, vectors));
            return Learning.train(index, null, null);
        }
    }

    /** The vectors of an embed output, where the page's text is the one they were made from. */
    static VectorSource vectors(SparkSession spark, Path dir) {
        Map<String, Object[]> vec = new HashMap<>();
        for (Row r : spark.read().parquet(dir.toString()).collectAsList()) {
            List<Float> v = r.getList(r.fieldIndex("vector"));
            float[] f = new float[v.size()];
            for (int i = 0; i < f.length; i++) {
                f[i] = v.get(i);
            }
            vec.put(r.getString(r.fieldIndex("url")), new Object[] {r.getString(r.fieldIndex("contentHash")), f});
        }
        return (url, hash) -> {
            Object[] v = vec.get(url);
            return v != null && v[0].equals(hash) ? (float[]) v[1] : null;
        };
    }
}
