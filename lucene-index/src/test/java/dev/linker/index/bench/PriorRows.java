package dev.linker.index.bench;

import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import dev.linker.index.PageIndex;
import dev.linker.index.eval.Evaluator;
import dev.linker.index.eval.Learning;
import dev.linker.index.rank.RankFeatures;
import dev.linker.index.rank.TrainingSet;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The rows a prior learns from and is judged on, a site at a time: gathered as {@code linker index} gathers them
 * (openings included, as of each page's date on a dated site), and kept in {@code -Dlinker.prior.cache} (default
 * /tmp/linker-prior-rows) keyed by the index folder's name and the features' version. {@code -Dlinker.prior.sites=
 * GROUP=IX,GROUP=IX,…} names the indexes (made by {@code linker index --no-learn}) and the group each belongs to.
 */
final class PriorRows {
    private PriorRows() {
    }

    /** One site's rows: to train on (as linker index learns), and to judge all dates and as of the date. */
    record Site(String group, String name, Path dir, Map<String, Set<String>> gold, boolean dated,
                List<TrainingSet.Group> train, List<TrainingSet.Group> judged, List<TrainingSet.Group> judgedAsOf) {
    }

    /** The sites {@code -Dlinker.prior.sites} names, their rows from the cache or gathered (and cached). */
    static List<Site> sites() {
        Path cache = Path.of(System.getProperty("linker.prior.cache", "/tmp/linker-prior-rows"));
        List<Site> sites = new ArrayList<>();
        try (Embedder e = LocalMiniLmEmbedder.load()) {
            for (String spec : System.getProperty("linker.prior.sites").split(",")) {
                String[] gd = spec.split("=", 2);
                sites.add(site(gd[0], Path.of(gd[1]), cache, e));
            }
        }
        return sites;
    }

    private static Site site(String group, Path dir, Path cache, Embedder e) {
        String name = dir.getFileName().toString();
        Path file = cache.resolve(name + ".v" + RankFeatures.VERSION + ".rows");
        if (Files.exists(file)) {
            return read(group, name, dir, file);
        }
        long t0 = System.nanoTime();
        try (PageIndex i = PageIndex.openReadOnly(dir, e)) {
            Evaluator.Gold g = Evaluator.gold(i);
            Map<String, Set<String>> sample = Learning.sample(g.links(), Learning.MAX_SOURCES);
            boolean dated = g.dated() > 0;
            Suggester s = new Suggester(i, SuggestSettings.DEFAULT.withRanking(Ranking.WEIGHTS)
                    .withTargets(t -> t.withAsOfSourceDate(dated)));
            TrainingSet train = Learning.rows(s, sample, true, null);
            List<TrainingSet.Group> judged = dated ? Learning.rows(s.with(s.settings().withTargets(
                    t -> t.withAsOfSourceDate(false))), sample, null).groups() : train.pages();
            Site site = new Site(group, name, dir, sample, dated, train.groups(), judged, dated ? train.pages() : List.of());
            write(site, file);
            System.err.printf("%s: %d pages with links, %d rows, %d positives in %.0f s%n", name, sample.size(),
                    train.rows(), train.positives(), (System.nanoTime() - t0) / 1e9);
            return site;
        }
    }

    private static void write(Site s, Path file) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                out.writeBoolean(s.dated());
                out.writeInt(s.gold().size());
                for (Map.Entry<String, Set<String>> en : s.gold().entrySet()) {
                    out.writeUTF(en.getKey());
                    out.writeInt(en.getValue().size());
                    for (String t : en.getValue()) {
                        out.writeUTF(t);
                    }
                }
                for (List<TrainingSet.Group> list : List.of(s.train(), s.judged(), s.judgedAsOf())) {
                    out.writeInt(list.size());
                    for (TrainingSet.Group g : list) {
                        out.writeUTF(g.source());
                        out.writeUTF(g.query());
                        out.writeInt(g.urls().size());
                        for (int i = 0; i < g.urls().size(); i++) {
                            out.writeUTF(g.urls().get(i));
                            out.writeBoolean(g.linked()[i]);
                            for (float f : g.features().get(i)) {
                                out.writeFloat(f);
                            }
                        }
                    }
                }
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static Site read(String group, String name, Path dir, Path file) {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            boolean dated = in.readBoolean();
            int n = in.readInt();
            Map<String, Set<String>> gold = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                String src = in.readUTF();
                int m = in.readInt();
                Set<String> t = new HashSet<>();
                for (int j = 0; j < m; j++) {
                    t.add(in.readUTF());
                }
                gold.put(src, t);
            }
            List<List<TrainingSet.Group>> lists = new ArrayList<>();
            for (int l = 0; l < 3; l++) {
                int groups = in.readInt();
                List<TrainingSet.Group> list = new ArrayList<>(groups);
                for (int gi = 0; gi < groups; gi++) {
                    String source = in.readUTF();
                    String query = in.readUTF();
                    int rows = in.readInt();
                    List<String> urls = new ArrayList<>(rows);
                    List<float[]> features = new ArrayList<>(rows);
                    boolean[] linked = new boolean[rows];
                    for (int r = 0; r < rows; r++) {
                        urls.add(in.readUTF());
                        linked[r] = in.readBoolean();
                        float[] x = new float[RankFeatures.COUNT];
                        for (int f = 0; f < x.length; f++) {
                            x[f] = in.readFloat();
                        }
                        features.add(x);
                    }
                    list.add(new TrainingSet.Group(source, query, urls, features, linked));
                }
                lists.add(list);
            }
            return new Site(group, name, dir, gold, dated, lists.get(0), lists.get(1), lists.get(2));
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
