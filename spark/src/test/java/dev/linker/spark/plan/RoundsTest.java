package dev.linker.spark.plan;

import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import dev.linker.spark.LocalSpark;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The caps met in rounds on Spark against linker plan's one-machine assignment. */
class RoundsTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start("RoundsTest");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** 400 donors with 12 candidates each among 150 acceptors; scores on a coarse grid, so ties are common. */
    static List<PlannedLink> candidates(long seed) {
        Random rnd = new Random(seed);
        List<PlannedLink> out = new ArrayList<>();
        for (int d = 0; d < 400; d++) {
            Set<Integer> seen = new HashSet<>();
            while (seen.size() < 12) {
                int a = rnd.nextInt(150);
                if (seen.add(a)) {
                    out.add(new PlannedLink("d" + d, null, "a" + a, rnd.nextInt(40) / 40.0, null, 0.7));
                }
            }
        }
        return out;
    }

    static Dataset<Row> rows(List<PlannedLink> links, Map<String, Integer> inbound) {
        List<Row> rows = new ArrayList<>();
        for (PlannedLink l : links) {
            rows.add(RowFactory.create(l.donor(), l.acceptor(), l.score(), l.similarity(),
                    (long) inbound.getOrDefault(l.acceptor(), 0)));
        }
        return spark.createDataFrame(rows, BlockPlans.CANDIDATE.add("inbound", DataTypes.LongType, false));
    }

    static Set<String> pairs(List<PlannedLink> links) {
        Set<String> out = new HashSet<>();
        for (PlannedLink l : links) {
            out.add(l.donor() + " -> " + l.acceptor());
        }
        return out;
    }

    static Set<String> pairs(Dataset<Row> links) {
        Set<String> out = new HashSet<>();
        for (Row r : links.collectAsList()) {
            out.add(r.getString(0) + " -> " + r.getString(1));
        }
        return out;
    }

    @Test
    void greedy_rounds_take_exactly_the_links_the_one_machine_greedy_pass_takes() {
        for (long seed = 1; seed <= 3; seed++) {
            List<PlannedLink> c = candidates(seed);
            PlanSettings ps = new PlanSettings(2 + (int) seed, 3, 0.6, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
            Rounds.Assigned got = Rounds.assign(rows(c, Map.of()), ps, m -> { });
            Set<String> want = pairs(Planner.greedy(c, ps));
            assertEquals(want, pairs(got.links()), "seed " + seed);
            assertTrue(got.rounds() >= 1 && got.rounds() < 50, "rounds: " + got.rounds());
        }
    }

    @Test
    void equal_rounds_keep_both_caps_and_spread_links_over_acceptors() {
        List<PlannedLink> c = candidates(7);
        Map<String, Integer> inbound = new HashMap<>();
        for (int a = 0; a < 150; a++) {
            inbound.put("a" + a, a % 4);
        }
        PlanSettings ps = new PlanSettings(2, 4, 0.6, PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05);
        Dataset<Row> got = Rounds.assign(rows(c, inbound), ps, m -> { }).links();
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        for (Row r : got.collectAsList()) {
            perDonor.merge(r.getString(0), 1, Integer::sum);
            perAcceptor.merge(r.getString(1), 1, Integer::sum);
        }
        assertTrue(perDonor.values().stream().allMatch(n -> n <= 2), "donor cap");
        assertTrue(perAcceptor.values().stream().allMatch(n -> n <= 4), "acceptor cap");
        // 400 donors × 2 = 800 slots for 150 acceptors × 4 = 600: every acceptor with candidates gets some.
        assertEquals(150, perAcceptor.size());
        Set<String> sequential = pairs(Planner.equal(c, ps, inbound::get));
        Set<String> both = new HashSet<>(sequential);
        both.retainAll(pairs(got));
        Set<String> either = new HashSet<>(sequential);
        either.addAll(pairs(got));
        double jaccard = both.size() / (double) either.size();
        assertTrue(jaccard >= 0.5, "equal on Spark vs one machine, Jaccard " + jaccard);
    }
}
