package dev.linker.spark.plan;

import dev.linker.index.IndexSettings;
import dev.linker.core.result.LinkerException;
import dev.linker.core.score.ScoreWeights;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.plan.CrawlLog;
import dev.linker.index.plan.PlanCsv;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.RankFeature;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TreeModel;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.spark.EmbedderSpec;
import dev.linker.spark.LocalSpark;
import dev.linker.spark.PlanOptions;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plan job in Spark local mode (two cores) against linker plan's own result for the same pages and links. */
public class PlanJobTest {
    static final Path PAGES = Path.of("src/test/resources/coffee/pages.csv");
    static final Path LINKS = Path.of("src/test/resources/coffee/links.jsonl");
    static SparkSession spark;
    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("PlanJobTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** linker plan's defaults. */
    public static PlanOptions options(Path pages, Path links, Path vectors, Path out) {
        return PlanOptions.of(PlanOptions.Inputs.of(pages.toString(), links == null ? null : links.toString(),
                vectors == null ? null : vectors.toString(), out.toString()), PlanOptions.Settings.DEFAULT,
                PlanOptions.Work.DEFAULT);
    }

    static PlanOptions.Result plan(PlanOptions o) {
        return new PlanJob().run(spark, o, m -> System.out.println("plan job: " + m));
    }

    /**
     * What {@code linker index PAGES --links LINKS} then {@code linker plan -o} write, with the vectors of an embed
     * output (so both sides rank the same vectors).
     */
    public static String linkerPlan(SparkSession spark, Path pages, Path links, Path vectors, PlanSettings ps,
                                    SuggestSettings settings) {
        return linkerPlan(spark, SourceLoader.of(pages).withLinks(links).records(), vectors, ps, settings, Map.of());
    }

    /** As above, for records made by {@code linker index} with any of its inputs, and a crawl log's hits. */
    static String linkerPlan(SparkSession spark, List<PageRecord> records, Path vectors, PlanSettings ps,
                             SuggestSettings settings, Map<String, Integer> crawl) {
        return linkerPlan(spark, records, vectors, ps, settings, crawl, EmbedderSpec.local());
    }

    /** As above, with the vectors of {@code embedder}. */
    static String linkerPlan(SparkSession spark, List<PageRecord> records, Path vectors, PlanSettings ps,
                             SuggestSettings settings, Map<String, Integer> crawl, EmbedderSpec embedder) {
        try (PageIndex index = PageIndex.inMemory(embedder.shared(), IndexSettings.DEFAULT)) {
            index.sync(records, true, null, PlanJobLearningTest.vectors(spark, vectors));
            List<String> live = index.urls(true);
            Set<String> acceptors = Planner.underLinked(index, settings.targets().hubTargets());
            // linker plan reads the index without a model: no anchor is chosen by embedding spans.
            Planner.Result r = Planner.plan(new Suggester(index, settings.withAnchorSpans(0)), index, live, acceptors,
                    ps, crawl, List.of(), null);
            StringWriter s = new StringWriter();
            PlanCsv.write(r.links(), new PrintWriter(s));
            return s.toString();
        }
    }

    static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void the_plan_on_spark_is_the_plan_linker_plan_makes_row_for_row() throws IOException {
        Path out = tmp.resolve("coffee-plan");
        PlanOptions o = options(PAGES, LINKS, null, out);
        // A low similarity bar, so the small site plans enough links to compare.
        PlanOptions.Result r = plan(o.with(PlanOptions.Settings.of(5, 5, 0.3, "greedy")));
        List<String> got = lines(out.resolve("plan.csv"));
        String want = linkerPlan(spark, PAGES, LINKS, out.resolve("vectors"), new PlanSettings(5, 5, 0.3,
                PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05), SuggestSettings.DEFAULT);
        assertTrue(r.links() >= 5, "the coffee site plans some links: " + r.links());
        assertEquals(r.links(), got.size() - 1);
        assertEquals(PlanCsv.HEADER, got.getFirst());
        assertEquals(List.of(want.split("\\R")), got);
        assertEquals(r.links(), spark.read().parquet(out.resolve("plan.parquet").toString()).count());
    }

    @Test
    void with_the_static_embedder_the_plan_on_spark_is_the_plan_linker_plan_makes_with_it() throws IOException {
        Path out = tmp.resolve("coffee-plan-static");
        EmbedderSpec table = new EmbedderSpec("static", null, null, 0);
        PlanOptions.Work d = PlanOptions.Work.DEFAULT;
        PlanOptions o = options(PAGES, LINKS, null, out).with(new PlanOptions.Work(d.embed(), table, d.blockPages(),
                d.partitions(), d.shufflePartitions()));
        PlanOptions.Result r = plan(o.with(PlanOptions.Settings.of(5, 5, 0.3, "greedy")));
        List<String> got = lines(out.resolve("plan.csv"));
        assertEquals("static:all-minilm-l6-v2-q-pca256", spark.read().parquet(out.resolve("vectors").toString())
                .select("embedder").distinct().as(org.apache.spark.sql.Encoders.STRING()).collectAsList().get(0));
        String want = linkerPlan(spark, SourceLoader.of(PAGES).withLinks(LINKS).records(), out.resolve("vectors"),
                new PlanSettings(5, 5, 0.3, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05), SuggestSettings.DEFAULT,
                Map.of(), table);
        assertTrue(r.links() >= 5, "the coffee site plans some links: " + r.links());
        assertEquals(List.of(want.split("\\R")), got);
    }

    @Test
    void in_equal_mode_too_the_plan_on_spark_is_the_plan_linker_plan_makes() throws IOException {
        // One link per donor, three per acceptor: acceptors compete for donors, and their turns decide. (Before Spark
        // found each pass by deferred acceptance, its plan of the coffee site differed here.)
        Path out = tmp.resolve("coffee-equal");
        PlanOptions o = options(PAGES, LINKS, null, out);
        PlanOptions.Result r = plan(o.with(PlanOptions.Settings.of(1, 3, 0.2, "equal")));
        String want = linkerPlan(spark, PAGES, LINKS, out.resolve("vectors"), new PlanSettings(1, 3, 0.2,
                PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05), SuggestSettings.DEFAULT);
        assertTrue(r.links() >= 5, "the coffee site plans some links: " + r.links());
        assertEquals(List.of(want.split("\\R")), lines(out.resolve("plan.csv")));
    }

    @Test
    void the_ranker_linker_index_learned_ranks_the_plan_as_it_ranks_linker_plan() throws IOException {
        // A one-split model (pages whose text the donor's words match best first), kept in an index folder as
        // linker index keeps what it learned.
        LearnedRanker learned = new LearnedRanker(RankFeatures.VERSION, new TreeModel(0, List.of(new TreeModel.Tree(
                new int[] {RankFeature.LEXICAL.ordinal(), 0, 0}, new float[] {0.5f, 0, 0}, new int[] {1, -1, -1},
                new int[] {2, -1, -1}, new boolean[] {true, false, false}, new float[] {0, -1, 1}))),
                new LearnedRanker.Report(true, "test", new LearnedRanker.Report.Sample(40, 100, 100, 1000),
                        new LearnedRanker.Report.HeldOut(5, 0.5, 0.6, 0, 0.01), false, "f", 1,
                        LearnedRanker.Report.LEARNED));
        Path rankerIndex = tmp.resolve("ranker-index");
        try (PageIndex index = PageIndex.open(rankerIndex, EmbedderSpec.local().shared(), IndexSettings.DEFAULT)) {
            index.setRanker(learned);
        }
        Path out = tmp.resolve("coffee-ranker");
        List<String> logged = new java.util.ArrayList<>();
        new PlanJob().run(spark, options(PAGES, LINKS, null, out).with(PlanOptions.Settings.of(5, 5, 0.3, "greedy"))
                .withRanker(rankerIndex.toString()), logged::add);
        PlanSettings ps = new PlanSettings(5, 5, 0.3, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
        String want = linkerPlan(spark, PAGES, LINKS, out.resolve("vectors"), ps,
                SuggestSettings.DEFAULT.withRanking(Ranking.of(learned)));
        assertEquals(List.of(want.split("\\R")), lines(out.resolve("plan.csv")));
        assertTrue(logged.contains(learned.report().summary()), logged.toString());
        assertFalse(want.equals(linkerPlan(spark, PAGES, LINKS, out.resolve("vectors"), ps,
                SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS))), "the ranker is not the weights");
    }

    @Test
    void a_ranker_that_lost_to_the_weights_leaves_the_plan_to_them_as_linker_plan_does() throws IOException {
        LearnedRanker lost = new LearnedRanker(RankFeatures.VERSION, new TreeModel(0, List.of(new TreeModel.Tree(
                new int[] {RankFeature.LEXICAL.ordinal(), 0, 0}, new float[] {0.5f, 0, 0}, new int[] {1, -1, -1},
                new int[] {2, -1, -1}, new boolean[] {true, false, false}, new float[] {0, -1, 1}))),
                new LearnedRanker.Report(false, "held out: no better",
                        new LearnedRanker.Report.Sample(40, 100, 100, 1000),
                        new LearnedRanker.Report.HeldOut(5, 0.5, 0.4, 0, 0.01), false, "f", 1,
                        LearnedRanker.Report.WEIGHTS));
        Path rankerIndex = tmp.resolve("lost-ranker-index");
        try (PageIndex index = PageIndex.open(rankerIndex, EmbedderSpec.local().shared(), IndexSettings.DEFAULT)) {
            index.setRanker(lost);
        }
        Path out = tmp.resolve("coffee-lost-ranker");
        new PlanJob().run(spark, options(PAGES, LINKS, null, out).with(PlanOptions.Settings.of(5, 5, 0.3, "greedy"))
                .withRanker(rankerIndex.toString()), s -> { });
        PlanSettings ps = new PlanSettings(5, 5, 0.3, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
        String want = linkerPlan(spark, PAGES, LINKS, out.resolve("vectors"), ps,
                SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS));
        assertEquals(List.of(want.split("\\R")), lines(out.resolve("plan.csv")));
    }

    @Test
    void search_console_crawl_log_safety_classes_exclusions_and_weights_shape_the_plan_as_they_shape_linker_plans()
            throws IOException {
        Path coffee = PAGES.getParent();
        Path out = tmp.resolve("coffee-signals");
        List<String> forbid = List.of("caffeine=health");
        List<String> exclude = List.of(".*/gear/scales\\.html$");
        ScoreWeights weights = ScoreWeights.DEFAULT.with("authority", 0.3);
        PlanOptions o = options(PAGES, LINKS, null, out).with(PlanOptions.Settings.of(5, 5, 0.3, "greedy"))
                .with(new PlanOptions.Signals(coffee.resolve("search-console.csv").toString(),
                        coffee.resolve("access.log").toString(), coffee.resolve("safety.csv").toString()))
                .with(new PlanOptions.Rules(forbid, exclude, weights, false));
        List<String> logged = new java.util.ArrayList<>();
        PlanOptions.Result r = new PlanJob().run(spark, o, logged::add);
        List<String> got = lines(out.resolve("plan.csv"));

        Set<String> pages = new java.util.HashSet<>();
        SourceLoader.of(PAGES).records().forEach(p -> pages.add(p.url()));
        List<PageRecord> records = SourceLoader.of(PAGES).withLinks(LINKS)
                .withSearchConsole(coffee.resolve("search-console.csv")).records().stream()
                .map(SourceLoader.safety(coffee.resolve("safety.csv"), pages::contains)).toList();
        String want = linkerPlan(spark, records, out.resolve("vectors"), new PlanSettings(5, 5, 0.3,
                PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05), SuggestSettings.DEFAULT.withWeights(weights)
                .withTargets(t -> t.withExcludes(SuggestSettings.excludes(exclude))
                        .withForbiddenSafety(SuggestSettings.forbiddenSafety(forbid))),
                CrawlLog.read(coffee.resolve("access.log")));
        assertEquals(List.of(want.split("\\R")), got);

        assertTrue(r.links() >= 5, "links planned: " + r.links());
        List<PlannedLink> plan = PlanCsv.read(out.resolve("plan.csv"));
        for (PlannedLink l : plan) {
            assertFalse(l.acceptor().endsWith("/gear/scales.html"), "an excluded acceptor: " + l);
            assertFalse(l.donor().contains("/guides/") && l.acceptor().endsWith("/decaf.html"),
                    "a link the safety classes forbid: " + l);
        }
        // The inputs change the plan: without them it is another one.
        Path plain = tmp.resolve("coffee-signals-plain");
        new PlanJob().run(spark, PlanOptions.of(PlanOptions.Inputs.of(o.inputs().pages(), o.inputs().links(),
                out.resolve("vectors").toString(), plain.toString()), o.settings(), o.work()), m -> { });
        assertFalse(lines(plain.resolve("plan.csv")).equals(got), "the same plan without the inputs");
        assertTrue(logged.stream().anyMatch(m -> m.contains("1 of 6 URLs") && m.contains("retired-page.html")),
                "the export's URL that is no page is said: " + logged);
    }

    @Test
    void a_crawl_log_with_no_log_line_and_a_malformed_safety_line_are_errors_naming_the_file() throws IOException {
        Path log = tmp.resolve("not-a-log.txt");
        Files.writeString(log, "hello\nworld\n");
        Path safety = tmp.resolve("bad-safety.csv");
        Files.writeString(safety, "url,class\nhttps://brew.example/beans/decaf.html\n");
        PlanOptions o = options(PAGES, LINKS, null, tmp.resolve("bad-signals"));
        Throwable e = linkerError(() -> plan(o.with(new PlanOptions.Signals(null, log.toString(), null))));
        assertTrue(e.getMessage().contains("not-a-log.txt") && e.getMessage().contains("combined log format"),
                e.getMessage());
        e = linkerError(() -> plan(o.with(new PlanOptions.Signals(null, null, safety.toString()))));
        assertTrue(e.getMessage().contains("bad-safety.csv") && e.getMessage().contains("decaf.html"),
                e.getMessage());
        e = linkerError(() -> plan(o.with(new PlanOptions.Rules(List.of(), List.of("(["), null, false))));
        assertTrue(e.getMessage().startsWith("--exclude '(['"), e.getMessage());
    }

    @Test
    void a_category_bound_plans_each_category_in_a_block_of_its_own_and_keeps_links_inside_the_bound()
            throws IOException {
        Path first = tmp.resolve("coffee-plan-vectors");
        plan(options(PAGES, LINKS, null, first));
        Path out = tmp.resolve("coffee-plan-bound");
        PlanOptions o = options(PAGES, LINKS, first.resolve("vectors"), out);
        o = o.with(new PlanOptions.Settings(2, 2, 0.3, "greedy", 0, false, 100));
        PlanOptions.Result r = plan(o);
        // The home page's bound is the whole site; guides, gear and beans are blocks of their own.
        assertEquals(4, r.blocks());
        List<PlannedLink> plan = PlanCsv.read(out.resolve("plan.csv"));
        assertTrue(plan.size() >= 5, "links planned: " + plan.size());
        for (PlannedLink l : plan) {
            String donorFolder = l.donor().substring(0, l.donor().lastIndexOf('/') + 1);
            assertTrue(l.acceptor().startsWith(donorFolder), "a link out of the donor's category: " + l);
        }
    }

    @Test
    void split_blocks_keep_the_caps_and_never_plan_a_link_that_exists() throws IOException {
        Path out = tmp.resolve("coffee-split");
        PlanOptions o = options(PAGES, LINKS, null, out);
        o = o.with(PlanOptions.Settings.of(1, 1, 0.2, "equal")).with(PlanOptions.Work.DEFAULT.withBlockPages(4));
        PlanOptions.Result r = plan(o);
        assertTrue(r.blocks() >= 3, "11 pages in blocks of about 2: " + r.blocks());
        List<PlannedLink> plan = PlanCsv.read(out.resolve("plan.csv"));
        assertFalse(plan.isEmpty());
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        Map<String, PageRecord> records = new HashMap<>();
        for (PageRecord p : SourceLoader.of(PAGES).withLinks(LINKS).records()) {
            records.put(p.url(), p);
        }
        for (PlannedLink l : plan) {
            assertEquals(1, perDonor.merge(l.donor(), 1, Integer::sum), "one link per donor: " + l);
            assertEquals(1, perAcceptor.merge(l.acceptor(), 1, Integer::sum), "one link per acceptor: " + l);
            assertFalse(records.get(l.donor()).allLinks().contains(l.acceptor()), "an existing link: " + l);
            assertFalse(l.donor().equals(l.acceptor()));
        }
    }

    @Test
    void the_plan_files_are_byte_for_byte_the_same_on_one_partition_and_on_seven() throws IOException {
        PlanOptions o = options(PAGES, LINKS, null, tmp.resolve("coffee-partitions-1"));
        // Blocks of about 5 pages, so the candidates come from several tasks and the rounds shuffle between them.
        PlanOptions split = o.with(PlanOptions.Settings.of(2, 2, 0.2, "greedy"))
                .with(PlanOptions.Work.DEFAULT.withBlockPages(5));
        List<String> logged = new java.util.ArrayList<>();
        PlanOptions.Result one = new PlanJob().run(spark, split.with(split.work().withShufflePartitions(1)),
                logged::add);
        Path seven = tmp.resolve("coffee-partitions-7");
        PlanOptions.Result r7 = plan(split.with(PlanOptions.Inputs.of(split.inputs().pages(), split.inputs().links(),
                null, seven.toString())).with(split.work().withShufflePartitions(7)));
        assertTrue(one.links() >= 5, "links planned: " + one.links());
        assertEquals(one, r7);
        byte[] csv = Files.readAllBytes(tmp.resolve("coffee-partitions-1").resolve("plan.csv"));
        assertEquals(new String(csv, StandardCharsets.UTF_8),
                new String(Files.readAllBytes(seven.resolve("plan.csv")), StandardCharsets.UTF_8));
        assertEquals(Set.copyOf(spark.read().parquet(o.inputs().out() + "/plan.parquet").collectAsList()),
                Set.copyOf(spark.read().parquet(seven.resolve("plan.parquet").toString()).collectAsList()));
        assertTrue(logged.contains("shuffle partitions: 1 (--shuffle-partitions); adaptive query execution off, with "
                + "one partition to each shuffle (spark.sql.adaptive.enabled to choose)"), logged.toString());
        // The session's own setting is left as it was.
        assertEquals("2", spark.conf().get("spark.sql.shuffle.partitions"));
    }

    @Test
    void an_acceptor_list_naming_no_page_is_an_error_naming_the_file_and_the_url() throws IOException {
        Path list = tmp.resolve("acceptors.txt");
        Files.writeString(list, "url\nhttps://brew.example/guides/espresso.html\nhttps://brew.example/nowhere.html\n");
        PlanOptions o = options(PAGES, LINKS, null, tmp.resolve("bad-acceptors"));
        PlanOptions bad = o.with(new PlanOptions.Inputs(o.inputs().pages(), o.inputs().links(), null,
                o.inputs().out(), list.toString(), null));
        LinkerException e = assertThrows(LinkerException.class, () -> plan(bad));
        assertTrue(e.getMessage().contains("acceptors.txt") && e.getMessage().contains("nowhere.html"),
                e.getMessage());
    }

    @Test
    void a_links_line_that_is_not_json_is_an_error_naming_the_file() throws IOException {
        Path links = tmp.resolve("broken-links.jsonl");
        Files.writeString(links, "{\"source\": \"index.html\", \"targets\": []}\n{not json\n");
        Throwable e = linkerError(() -> plan(options(PAGES, links, null, tmp.resolve("bad-links"))));
        assertTrue(e.getMessage().contains("broken-links.jsonl") && e.getMessage().contains("not JSON"),
                e.getMessage());
    }

    /** The error a run stops with, as the launcher reports it: raised on an executor, Spark wraps it. */
    static Throwable linkerError(org.junit.jupiter.api.function.Executable run) {
        Throwable e = assertThrows(Exception.class, run);
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof LinkerException) {
                return c;
            }
        }
        throw new AssertionError("not a LinkerException: " + e, e);
    }
}
