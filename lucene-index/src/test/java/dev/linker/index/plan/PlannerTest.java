package dev.linker.index.plan;

import dev.linker.core.result.LinkerException;
import dev.linker.index.Fixtures;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlannerTest {
    static PageIndex index;
    static Suggester suggester;
    static final PlanSettings LOOSE = new PlanSettings(2, 2, 0.0, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);

    @BeforeAll
    static void build() {
        index = Fixtures.coffeeIndex();
        suggester = new Suggester(index, SuggestSettings.DEFAULT);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    static Planner.Result plan(PlanSettings ps, List<PlannedLink> previous, Map<String, Integer> crawl) {
        List<String> all = index.urls(true);
        return Planner.plan(suggester, index, all, new HashSet<>(all), ps, crawl, previous, null);
    }

    @Test
    void a_plan_never_contains_an_existing_link_and_keeps_within_both_caps() {
        Planner.Result r = plan(LOOSE, null, null);
        assertFalse(r.links().isEmpty());
        Map<String, Integer> perDonor = new HashMap<>();
        Map<String, Integer> perAcceptor = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (PlannedLink l : r.links()) {
            PageRecord donor = index.get(l.donor());
            assertFalse(donor.links().contains(l.acceptor()), l + " already exists");
            assertFalse(l.donor().equals(l.acceptor()));
            assertTrue(seen.add(l.donor() + " " + l.acceptor()), "planned twice: " + l);
            perDonor.merge(l.donor(), 1, Integer::sum);
            perAcceptor.merge(l.acceptor(), 1, Integer::sum);
        }
        assertTrue(perDonor.values().stream().allMatch(n -> n <= 2), perDonor.toString());
        assertTrue(perAcceptor.values().stream().allMatch(n -> n <= 2), perAcceptor.toString());
    }

    @Test
    void the_equal_algorithm_reaches_at_least_as_many_acceptors_as_greedy() {
        PlanSettings one = new PlanSettings(1, 3, 0.0, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
        PlanSettings eq = new PlanSettings(1, 3, 0.0, PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05);
        long greedy = plan(one, null, null).links().stream().map(PlannedLink::acceptor).distinct().count();
        long equal = plan(eq, null, null).links().stream().map(PlannedLink::acceptor).distinct().count();
        assertTrue(equal >= greedy, equal + " vs " + greedy);
    }

    @Test
    void in_an_equal_pass_an_acceptor_a_full_donor_refuses_takes_its_next_donor_before_a_later_turn_does() {
        // Turns: a1, a2, a3 (fewest inbound links first). d1 has room for one link, which a1's turn takes first.
        List<PlannedLink> pairs = List.of(new PlannedLink("d1", null, "a1", 0.9, null, 0.7),
                new PlannedLink("d1", null, "a2", 0.9, null, 0.7), new PlannedLink("d2", null, "a2", 0.5, null, 0.7),
                new PlannedLink("d2", null, "a3", 0.9, null, 0.7));
        Map<String, Integer> inbound = Map.of("a1", 0, "a2", 1, "a3", 2);
        PlanSettings eq = new PlanSettings(1, 1, 0.0, PlanSettings.Algorithm.EQUAL, 20, 0.2, 0.05);
        assertEquals(List.of("d1 a1", "d2 a2"), Planner.equal(pairs, eq, inbound::get).stream()
                .map(l -> l.donor() + " " + l.acceptor()).toList());
        // Greedy takes the better pair for d2.
        PlanSettings greedy = new PlanSettings(1, 1, 0.0, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.05);
        assertEquals(List.of("d1 a1", "d2 a3"), Planner.greedy(pairs, greedy).stream()
                .map(l -> l.donor() + " " + l.acceptor()).toList());
    }

    @Test
    void previous_links_stay_unless_a_candidate_is_twenty_percent_better_and_replacements_are_capped() {
        List<PlannedLink> fresh = plan(LOOSE, null, null).links();
        // A previous plan made of the weakest possible choices: every link still valid but scored low.
        List<PlannedLink> previous = new ArrayList<>();
        for (PlannedLink l : fresh) {
            previous.add(new PlannedLink(l.donor(), l.anchor(), l.acceptor(), l.score(), l.sentence(), l.similarity()));
        }
        Planner.Result same = plan(LOOSE, previous, null);
        assertEquals(fresh.size(), same.kept(), "an unchanged site keeps its plan");
        assertEquals(0, same.replaced());

        // One slot per donor, held by a weak previous link: a candidate 20 % better replaces it, unless capped.
        PlanSettings share0 = new PlanSettings(1, 5, 0.0, PlanSettings.Algorithm.GREEDY, 20, 0.2, 0.0);
        PlanSettings share1 = new PlanSettings(1, 5, 0.0, PlanSettings.Algorithm.GREEDY, 20, 0.2, 1.0);
        PlannedLink best = plan(share1, null, null).links().get(0);
        String weakTarget = index.urls(true).stream().filter(u -> !u.equals(best.donor()) && !u.equals(best.acceptor())
                && !index.get(best.donor()).links().contains(u)).findFirst().orElseThrow();
        List<PlannedLink> weak = List.of(new PlannedLink(best.donor(), "x", weakTarget, best.score() / 2, "", Double.NaN));
        Planner.Result frozen = plan(share0, weak, null);
        assertEquals(0, frozen.replaced());
        assertTrue(frozen.links().stream().anyMatch(l -> l.donor().equals(best.donor()) && l.acceptor().equals(weakTarget)));
        Planner.Result swapped = plan(share1, weak, null);
        assertEquals(1, swapped.replaced());
        assertTrue(swapped.links().stream().anyMatch(l -> l.donor().equals(best.donor()) && l.acceptor().equals(best.acceptor())));
        // A previous link whose current score is within 20 % of its donor's best candidate stays.
        String donor = null;
        String second = null;
        for (String d : index.urls(true)) {
            // As the plan sees them: its pass's pool of candidates per donor, best first.
            var c = suggester.planPass(new HashSet<>(index.urls(true)),
                    p -> p.candidates(d, share1.candidatesPerDonor()));
            if (c.size() >= 2 && c.get(0).score() < 1.2 * c.get(1).score()) {
                donor = d;
                second = c.get(1).url();
                break;
            }
        }
        assertTrue(donor != null, "the fixture has a donor with two close candidates");
        String d = donor;
        String t = second;
        Planner.Result stable = plan(share1, List.of(new PlannedLink(d, "x", t, 0.0, "", Double.NaN)), null);
        assertEquals(0, stable.replaced(), "less than 20 % better is not enough to churn a link");
        assertTrue(stable.links().stream().anyMatch(l -> l.donor().equals(d) && l.acceptor().equals(t)));
    }

    @Test
    void a_previous_link_that_now_exists_is_dropped() {
        PlannedLink existing = new PlannedLink("https://brew.example/guides/espresso.html", "burr grinder",
                "https://brew.example/gear/burr-grinder.html", 1.0, "", Double.NaN);
        Planner.Result r = plan(LOOSE, List.of(existing), null);
        assertEquals(1, r.dropped());
        assertTrue(r.links().stream().noneMatch(l -> l.donor().equals(existing.donor())
                && l.acceptor().equals(existing.acceptor())));
    }

    @Test
    void crawler_hits_are_counted_per_path_for_search_engine_bots_only() {
        Map<String, Integer> hits = CrawlLog.read(Fixtures.site("../logs/access.log"));
        assertEquals(Map.of("/guides/espresso.html", 2, "/beans/storage.html", 1), hits);
        assertEquals(2, CrawlLog.hitsOf(hits, "https://brew.example/guides/espresso.html"));
        Planner.Result r = plan(LOOSE, null, hits);
        assertFalse(r.links().isEmpty());
    }

    @Test
    void a_file_that_is_not_an_access_log_is_named(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "hello\nworld\n");
        LinkerException e = assertThrows(LinkerException.class, () -> CrawlLog.read(f));
        assertTrue(e.getMessage().contains("notes.txt: no line is in combined log format"), e.getMessage());
    }

    @Test
    void a_plan_round_trips_through_its_csv(@TempDir Path dir) throws Exception {
        List<PlannedLink> links = plan(LOOSE, null, null).links();
        Path f = dir.resolve("plan.csv");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(f))) {
            PlanCsv.write(links, w);
        }
        assertTrue(Files.readAllLines(f).get(0).equals(PlanCsv.HEADER));
        List<PlannedLink> back = PlanCsv.read(f);
        assertEquals(links.size(), back.size());
        for (int i = 0; i < links.size(); i++) {
            assertEquals(links.get(i).donor(), back.get(i).donor());
            assertEquals(links.get(i).anchor(), back.get(i).anchor());
            assertEquals(links.get(i).sentence(), back.get(i).sentence());
            assertEquals(links.get(i).score(), back.get(i).score(), 1e-4);
        }
    }

    @Test
    void pairs_through_the_vector_index_are_exactly_the_pairs_above_the_threshold() {
        StringWriter sw = new StringWriter();
        long n = Pairs.write(index, 0.5, new PrintWriter(sw));
        Set<String> got = new HashSet<>(List.of(sw.toString().split("\n")).subList(1, (int) n + 1));
        Set<String> expected = new HashSet<>();
        List<String> urls = index.urls(true);
        for (String a : urls) {
            for (String b : urls) {
                if (a.compareTo(b) < 0) {
                    float[] x = index.storedVector(a);
                    float[] y = index.storedVector(b);
                    double d = 0;
                    for (int i = 0; i < x.length; i++) {
                        d += x[i] * y[i];
                    }
                    if (d >= 0.5) {
                        expected.add(a + "," + b);
                    }
                }
            }
        }
        Set<String> gotPairs = new HashSet<>();
        for (String line : got) {
            gotPairs.add(line.substring(0, line.lastIndexOf(',')));
        }
        assertFalse(expected.isEmpty());
        assertEquals(expected, gotPairs);
    }

    @Test
    void the_plan_pass_offers_a_donor_the_same_acceptors_as_the_full_suggester() {
        List<String> all = index.urls(true);
        Set<String> acceptors = new HashSet<>(all.subList(0, all.size() / 2 + 1));
        suggester.planPass(acceptors, pass -> {
            for (String donor : all) {
                Set<String> full = new HashSet<>();
                suggester.candidates(donor, false, acceptors, 20, false).forEach(s -> full.add(s.url()));
                Set<String> fast = new HashSet<>();
                pass.candidates(donor, 20).forEach(s -> fast.add(s.url()));
                assertEquals(full, fast, "candidates of " + donor);
                assertTrue(acceptors.containsAll(fast), fast.toString());
            }
            return null;
        });
    }

    @Test
    void only_acceptors_receive_links_and_every_planned_link_has_its_anchor_in_its_sentence() {
        List<String> all = index.urls(true);
        Set<String> acceptors = new HashSet<>(all.subList(all.size() / 2, all.size()));
        Planner.Result r = Planner.plan(suggester, index, all, acceptors, LOOSE, null, null, null);
        assertFalse(r.links().isEmpty());
        for (PlannedLink l : r.links()) {
            assertTrue(acceptors.contains(l.acceptor()), l.toString());
            assertFalse(l.anchor().isBlank(), l.toString());
            String body = index.get(l.donor()).body();
            if (body.contains(l.anchor())) {
                assertTrue(l.sentence().contains(l.anchor()), l.toString());
            }
        }
        // Donors that name an acceptor get the name as anchor, in a sentence of their own text.
        assertTrue(r.links().stream().anyMatch(l -> index.get(l.donor()).body().contains(l.sentence())
                && l.sentence().contains(l.anchor())), r.links().toString());
    }

    @Test
    void a_category_bound_keeps_every_planned_link_inside_the_donors_category_tree() {
        Suggester bounded = new Suggester(index, SuggestSettings.DEFAULT.withTargets(t -> t.withCategoryLevels(0)));
        List<String> all = index.urls(true);
        Planner.Result r = Planner.plan(bounded, index, all, new HashSet<>(all), LOOSE, null, null, null);
        assertFalse(r.links().isEmpty());
        for (PlannedLink l : r.links()) {
            assertTrue(index.get(l.acceptor()).category().startsWith(index.get(l.donor()).category()), l.toString());
        }
        long unbounded = plan(LOOSE, null, null).links().stream()
                .filter(l -> !index.get(l.acceptor()).category().startsWith(index.get(l.donor()).category())).count();
        assertTrue(unbounded > 0, "the fixture must have cross-category candidates for this test to mean anything");
    }
}
