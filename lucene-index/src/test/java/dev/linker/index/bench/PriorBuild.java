package dev.linker.index.bench;

import dev.linker.index.Parallel;
import dev.linker.index.bench.PriorRows.Site;
import dev.linker.index.eval.Learning;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.Trainer;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.rank.TreeModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Not a test: the build step of the prior Linker carries ({@link Prior}, {@code bench/prior-build.sh}). From the rows of
 * every site {@code -Dlinker.prior.sites} names ({@link PriorRows}): for each group, a prior learned without it
 * ({@code prior-without-GROUP.json.gz} in {@code -Dlinker.prior.without}, default {@code target/priors-without}, which
 * {@code linker eval --prior} judges on that group's sites) and its held-out figures; then the prior learned from all of them, with those figures, written to {@code -Dlinker.prior.out}
 * ({@code prior.json.gz}). Its drafts decision is {@code -Dlinker.prior.drafts} (true: drafts rank by it), which the
 * script sets from the drafts measured by {@link PriorExperiment}. XGBoost fits on one thread with a fixed seed, and the
 * rows are the same for the same indexes, so the same inputs write the same files.
 */
@EnabledIfSystemProperty(named = "linker.prior.out", matches = ".+")
class PriorBuild {
    /** Hashes of a site's paths kept to tell it again ({@link Prior#learnedFrom}). */
    static final int SKETCH = 64;

    @Test
    void build() throws IOException {
        Path out = Path.of(System.getProperty("linker.prior.out"));
        // The priors without a group are for judging, not for the jar: beside the build's output by default.
        Path dir = Path.of(System.getProperty("linker.prior.without", "target/priors-without"));
        boolean drafts = Boolean.parseBoolean(System.getProperty("linker.prior.drafts", "false"));
        List<Site> sites = PriorRows.sites();
        // -Dlinker.prior.quick=true: the prior alone, without the held-out ones and their figures (a trial build).
        List<String> groups = Boolean.getBoolean("linker.prior.quick") ? List.of()
                : sites.stream().map(Site::group).distinct().toList();
        TreeModel[] without = new TreeModel[groups.size()];
        Parallel.run("prior-fit", groups.size(), 2, gi -> without[gi] = Trainer.train(rows(sites, groups.get(gi)),
                Learning.PARAMS));
        List<Prior.HeldOut> heldOut = new ArrayList<>();
        for (int gi = 0; gi < groups.size(); gi++) {
            String g = groups.get(gi);
            List<Site> others = sites.stream().filter(s -> !s.group().equals(g)).toList();
            write(dir.resolve("prior-without-" + g + ".json.gz"),
                    new Prior(RankFeatures.VERSION, without[gi], drafts, described(others), List.of()));
            for (Site s : sites) {
                if (s.group().equals(g)) {
                    heldOut.add(heldOut(s, without[gi]));
                }
            }
        }
        TreeModel all = Trainer.train(rows(sites, null), Learning.PARAMS);
        write(out, new Prior(RankFeatures.VERSION, all, drafts, described(sites), heldOut));
        for (Prior.HeldOut h : heldOut) {
            System.err.printf(Locale.ROOT, "PRIOR-BUILD %-12s %-28s weights %.3f prior %.3f%s%n", h.group(), h.site(),
                    h.weights(), h.prior(), Double.isNaN(h.weightsAsOf()) ? "" : String.format(Locale.ROOT,
                            "   as of: weights %.3f prior %.3f", h.weightsAsOf(), h.priorAsOf()));
        }
        System.err.println("PRIOR-BUILD wrote " + out + " and " + groups.size() + " priors without a group in " + dir);
    }

    /** Every site's rows but those of {@code heldOut}'s group (null: all). */
    static List<TrainingSet.Group> rows(List<Site> sites, String heldOut) {
        List<TrainingSet.Group> train = new ArrayList<>();
        for (Site s : sites) {
            if (!s.group().equals(heldOut)) {
                train.addAll(s.train());
            }
        }
        return train;
    }

    private static Prior.HeldOut heldOut(Site s, TreeModel m) {
        double asOfW = s.dated() ? PriorExperiment.recall(null, s.judgedAsOf(), s.gold(), g -> g) : Double.NaN;
        double asOfP = s.dated() ? PriorExperiment.recall(m, s.judgedAsOf(), s.gold(), g -> g) : Double.NaN;
        return new Prior.HeldOut(s.name(), s.group(), round(PriorExperiment.recall(null, s.judged(), s.gold(), g -> g)),
                round(PriorExperiment.recall(m, s.judged(), s.gold(), g -> g)), round(asOfW), round(asOfP));
    }

    private static double round(double x) {
        return Double.isNaN(x) ? x : Math.round(x * 1000) / 1000.0;
    }

    /** What the prior learned from: each site with a sketch of its pages with links (their paths' smallest hashes). */
    private static List<Prior.Site> described(List<Site> sites) {
        List<Prior.Site> out = new ArrayList<>();
        for (Site s : sites) {
            long[] h = s.gold().keySet().stream().mapToLong(Prior::pathHash).sorted().distinct().toArray();
            int links = s.gold().values().stream().mapToInt(java.util.Set::size).sum();
            out.add(new Prior.Site(s.name(), s.group(), s.gold().size(), links,
                    Arrays.copyOf(h, Math.min(SKETCH, h.length))));
        }
        return out;
    }

    private static void write(Path file, Prior p) {
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(file)) {
                { def.setLevel(java.util.zip.Deflater.BEST_COMPRESSION); }
            }) {
                o.write(p.toJson());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
