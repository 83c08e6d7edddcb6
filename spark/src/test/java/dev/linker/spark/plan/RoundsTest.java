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
            assertSame(want, pairs(got.links()), "seed " + seed);
            assertTrue(got.rounds() >= 1 && got.rounds() < 50, "rounds: " + got.rounds());
        }
    }

    @Test
    void equal_rounds_take_exactly_the_links_the_one_machine_turns_take() {
        for (long seed = 7; seed <= 9; seed++) {
            List<PlannedLink> c = candidates(seed);
            Map<String, Integer> inbound = new HashMap<>();
            for (int a = 0; a < 150; a++) {
                inbound.put("a" + a, (int) ((a * seed) % 4));
            }
            // 400 donors with room for 1 to 3 links, 150 acceptors for 4: acceptors compete for the best donors.
            PlanSettings ps = new PlanSettings((int) seed - 6, 4, 0.6, PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05);
            Rounds.Assigned got = Rounds.assign(rows(c, inbound), ps, m -> { });
            assertSame(pairs(Planner.equal(c, ps, inbound::get)), pairs(got.links()), "seed " + seed);
            assertTrue(got.rounds() >= 1 && got.rounds() < 50, "rounds: " + got.rounds());
        }
    }

    @Test
    void an_acceptor_refused_by_its_best_donor_takes_its_next_one_before_a_later_turn_can() {
        // a1's turn comes first, then a2's, then a3's. a1 and a2 both want d1 (room for one); d1 takes a1, so a2
        // takes d2 in the same pass, before a3, whose only candidate is d2. Greedy gives d2 to a3, the better pair.
        List<PlannedLink> c = List.of(link("d1", "a1", 0.9), link("d1", "a2", 0.9), link("d2", "a2", 0.5),
                link("d2", "a3", 0.9));
        Map<String, Integer> inbound = Map.of("a1", 0, "a2", 1, "a3", 2);
        PlanSettings equal = new PlanSettings(1, 1, 0.6, PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05);
        assertEquals(Set.of("d1 -> a1", "d2 -> a2"), pairs(Planner.equal(c, equal, inbound::get)));
        assertEquals(Set.of("d1 -> a1", "d2 -> a2"), pairs(Rounds.assign(rows(c, inbound), equal, m -> { }).links()));
        PlanSettings greedy = new PlanSettings(1, 1, 0.6, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
        assertEquals(Set.of("d1 -> a1", "d2 -> a3"), pairs(Planner.greedy(c, greedy)));
        assertEquals(Set.of("d1 -> a1", "d2 -> a3"), pairs(Rounds.assign(rows(c, inbound), greedy, m -> { }).links()));
    }

    /** Equal sets, or a failure naming the links only one side has. */
    static void assertSame(Set<String> want, Set<String> got, String what) {
        Set<String> missing = new java.util.TreeSet<>(want);
        missing.removeAll(got);
        Set<String> extra = new java.util.TreeSet<>(got);
        extra.removeAll(want);
        assertTrue(missing.isEmpty() && extra.isEmpty(), what + ": " + want.size() + " links wanted, " + got.size()
                + " got; only wanted " + missing + ", only got " + extra);
    }

    static PlannedLink link(String donor, String acceptor, double score) {
        return new PlannedLink(donor, null, acceptor, score, null, 0.7);
    }
}
