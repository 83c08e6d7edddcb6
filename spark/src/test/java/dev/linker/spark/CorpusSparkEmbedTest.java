package dev.linker.spark;

import dev.linker.core.embed.EmbedMode;
import dev.linker.index.plan.PlanCsv;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.spark.plan.PlanJob;
import dev.linker.spark.plan.PlanJobLearningTest;
import dev.linker.spark.plan.PlanJobTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The embed job on the PostgreSQL 15 corpus (pages.csv, 1,168 pages; runs when {@code -Dlinker.corpus.dir} is set, as .ci/run
 * does): for every page the job hashes exactly the text linker index reads from pages.csv, and the vector of every
 * fourth page matches the local model's on that text (cosine ≥ 0.9999, page by page; {@code -Dlinker.corpus.every=1}
 * checks all, each page embedded again costs about half a second of both cores here); with those vectors and
 * links.jsonl, the plan job plans what linker plan plans.
 */
class CorpusSparkEmbedTest {
    @Test
    void the_postgresql_corpus_embeds_as_linker_index_embeds_it_and_plans_as_linker_plan_plans_it()
            throws IOException {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank(), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path pages = Path.of(dir, "postgresql-15", "pages.csv");
        if (!Files.isRegularFile(pages)) {
            fail("linker.corpus.dir is set to " + dir + " but " + pages + " is missing");
        }
        int every = Integer.getInteger("linker.corpus.every", 4);
        assertTrue(every >= 1, "linker.corpus.every must be 1 or more: " + every); // before minutes of embedding
        EmbedJobTest.start();
        try {
            Path out = Path.of("target", "corpus-vectors");
            EmbedJob.Result r = EmbedJobTest.embed(pages.toString(), out, null, EmbedMode.BOTH);
            System.out.printf("Spark embed of %s: %d pages, %d embedded%n", pages, r.pages(), r.embedded());
            assertEquals(r.pages(), r.embedded());
            EmbedJobTest.assertSameAsIndex(pages, out, EmbedMode.BOTH, every);
            plansAsLinkerPlan(pages, pages.resolveSibling("links.jsonl"), out);
        } finally {
            EmbedJobTest.stop();
        }
    }

    /**
     * The plan job with the embed output's vectors against linker plan on an index of the same pages, links and
     * vectors, both with linker plan's defaults and the ranker learned from the links (by linker index, and by the job
     * itself): the same ranker, the same header, and the same donor → acceptor pairs (Jaccard ≥ 0.99).
     */
    private static void plansAsLinkerPlan(Path pages, Path links, Path vectors) throws IOException {
        Path out = Path.of("target", "corpus-plan");
        PlanOptions o = PlanJobTest.options(pages, links, vectors, out);
        List<String> logged = new ArrayList<>();
        PlanOptions.Result r = new PlanJob().run(EmbedJobTest.spark, o.with(o.rules().withLearning(true)), m -> {
            logged.add(m);
            System.out.println("plan job: " + m);
        });
        LearnedRanker learned = PlanJobLearningTest.learned(EmbedJobTest.spark, pages, links, vectors);
        System.out.println("linker index: " + learned.report().summary());
        String want = PlanJobTest.linkerPlan(EmbedJobTest.spark, pages, links, vectors, PlanSettings.DEFAULT,
                SuggestSettings.DEFAULT.withRanking(Ranking.of(learned)));
        Path wantFile = out.resolve("linker-plan.csv");
        Files.writeString(wantFile, want, StandardCharsets.UTF_8);
        List<String> got = Files.readAllLines(out.resolve("plan.csv"), StandardCharsets.UTF_8);
        assertEquals(PlanCsv.HEADER, got.getFirst());
        Set<String> a = pairs(PlanCsv.read(wantFile));
        Set<String> b = pairs(PlanCsv.read(out.resolve("plan.csv")));
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        Set<String> either = new HashSet<>(a);
        either.addAll(b);
        double jaccard = either.isEmpty() ? 1 : both.size() / (double) either.size();
        long sameRows = got.stream().filter(new HashSet<>(List.of(want.split("\\R")))::contains).count() - 1;
        System.out.printf("Spark plan of %s: %d links (linker plan: %d), Jaccard of pairs %.3f, %d rows identical%n",
                pages, r.links(), a.size(), jaccard, sameRows);
        assertTrue(a.size() > 100, "linker plan plans links on the corpus: " + a.size());
        assertTrue(logged.contains(learned.report().summary()), "the job learns what linker index learns: " + logged);
        assertTrue(jaccard >= 0.99, "Jaccard of donor -> acceptor pairs " + jaccard);
    }

    private static Set<String> pairs(List<PlannedLink> plan) {
        Set<String> out = new HashSet<>();
        for (PlannedLink l : plan) {
            out.add(l.donor() + " -> " + l.acceptor());
        }
        return out;
    }
}
