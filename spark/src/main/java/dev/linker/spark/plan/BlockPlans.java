package dev.linker.spark.plan;

import dev.linker.index.IndexSettings;
import dev.linker.core.result.LinkerException;
import dev.linker.core.embed.Embedder;
import dev.linker.core.model.Page;
import dev.linker.core.score.CategoryPath;
import dev.linker.core.site.CsvSiteReader;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.suggest.Ranking;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import dev.linker.spark.PlanOptions;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A block's part of the plan, on an executor: the block's pages go into a Lucene index of their own (in a temporary
 * folder, with the vectors the job computed), and {@code linker plan}'s own code runs on it: {@link Planner#candidates}
 * for the block's donors, then, once links are assigned, {@link Planner#withAnchors} for the planned ones.
 */
final class BlockPlans {
    /** A candidate link: what the assignment ranks. */
    static final StructType CANDIDATE = new StructType().add("donor", DataTypes.StringType, false)
            .add("acceptor", DataTypes.StringType, false).add("score", DataTypes.DoubleType, false)
            .add("similarity", DataTypes.DoubleType, false);
    /** A planned link with its anchor: the plan's row. */
    static final StructType LINK = new StructType().add("donor_url", DataTypes.StringType, false)
            .add("anchor_text", DataTypes.StringType, false).add("acceptor_url", DataTypes.StringType, false)
            .add("score", DataTypes.DoubleType, false).add("sentence", DataTypes.StringType, false)
            .add("anchor_in_text", DataTypes.BooleanType, false).add("similarity", DataTypes.DoubleType, false);

    private BlockPlans() {
    }

    /**
     * The index record of a page row ({@code url, title, h1, content, date, tags, links, names, inbound, authority}),
     * as {@code linker index} makes it from a CSV row and the site's links.
     */
    static PageRecord record(Row r) {
        String url = r.<String>getAs("url").trim();
        Page p;
        try {
            p = CsvSiteReader.page(url, r.getAs("title"), r.getAs("h1"), r.getAs("content"),
                    CsvSiteReader.published(r.getAs("date")), r.getAs("tags"));
        } catch (LinkerException e) {
            throw new LinkerException(url + ": date " + e.getMessage());
        }
        int li = r.fieldIndex("links");
        List<String> links = r.isNullAt(li) ? List.of() : r.getList(li);
        int ni = r.fieldIndex("names");
        List<String[]> names = new ArrayList<>();
        if (!r.isNullAt(ni)) {
            for (Row n : r.<Row>getList(ni)) {
                names.add(new String[] {n.getString(0), n.getString(1)});
            }
        }
        int ii = r.fieldIndex("inbound");
        int inbound = r.isNullAt(ii) ? 0 : (int) r.getLong(ii);
        List<String[]> queries = new ArrayList<>();
        int qi = fieldIndex(r, "queries");
        if (qi >= 0 && !r.isNullAt(qi)) {
            for (Row q : r.<Row>getList(qi)) {
                queries.add(new String[] {q.getString(0), Long.toString(q.getLong(1))});
            }
        }
        int si = fieldIndex(r, "safety");
        String safety = si < 0 || r.isNullAt(si) ? "" : r.getString(si);
        return new PageRecord(p.url(), new PageRecord.Text(p.title(), p.h1(), p.text()), CategoryPath.of(p), safety,
                new PageRecord.Standing(Status.LIVE, null, r.<Double>getAs("authority"), inbound), p.meta(),
                new PageRecord.Outbound(links, links, List.of()), new PageRecord.KnownAs(names, queries));
    }

    /**
     * linker plan's settings. Its anchors come from the acceptor's names and distinctive words only: linker plan reads
     * the index without a model, so the rule that embeds spans of the donor to find the closest in meaning is off.
     */
    static SuggestSettings settings(PlanOptions o) {
        List<java.util.regex.Pattern> excludes;
        Map<String, Set<String>> forbidden;
        try {
            excludes = SuggestSettings.excludes(o.rules().excludes());
        } catch (LinkerException e) {
            throw new LinkerException("--exclude " + e.getMessage());
        }
        try {
            forbidden = SuggestSettings.forbiddenSafety(o.rules().forbidSafety());
        } catch (LinkerException e) {
            throw new LinkerException("--forbid-safety " + e.getMessage());
        }
        return SuggestSettings.DEFAULT.withWeights(o.rules().weights())
                .withTargets(t -> t.withExcludes(excludes).withForbiddenSafety(forbidden)
                        .withCategoryLevels(o.settings().categoryLevels()).withHubTargets(o.settings().hubTargets()))
                .withCandidates(c -> c.withDepth(o.settings().depth(), o.settings().depth())).withAnchorSpans(0)
                .withRanking(o.ranker() == null ? Ranking.WEIGHTS : Ranking.of(LearnedRanker.fromJson(o.ranker())));
    }

    /**
     * The options with the learned ranker kept in the index folder {@code o.ranker()} names, as JSON for the
     * executors, or with none when it learned none. Whether its model ranks (it beat the weights) is {@link Ranking}'s
     * decision on the executors, the one {@code linker plan --index} on that folder makes.
     */
    static PlanOptions withRanker(PlanOptions o, java.util.function.Consumer<String> log) {
        if (o.ranker() == null) {
            return o;
        }
        LearnedRanker r;
        try (PageIndex index = PageIndex.openReadOnly(Path.of(o.ranker()), null)) {
            r = index.ranker();
        }
        log.accept(r == null ? "--ranker " + o.ranker() + ": that index has learned no ranker; planning with the weights"
                : r.report().summary());
        return o.withRanker(r == null ? null : r.toJson());
    }

    static PlanSettings planSettings(PlanOptions o) {
        PlanOptions.Settings s = o.settings();
        return PlanSettings.of(s.maxDonorLinks(), s.maxAcceptorLinks(), s.minSimilarity(), s.algorithm(),
                PlanSettings.DEFAULT.maxReplaceShare());
    }

    /** The block's donors, acceptors and (for the anchor pass) planned links, as its rows said. */
    record Roles(List<String> donors, Set<String> acceptors, List<PlannedLink> planned,
                         Map<String, Double> bonus) {
    }

    /**
     * Indexes the block's rows (sorted as the site's pages are) in a temporary folder and runs {@code f} on the
     * suggester plans use. Vectors come from the rows; a page whose text no longer matches its vector is embedded.
     */
    static <T> T withIndex(Iterator<Row> rows, PlanOptions o, Function<Suggester, Function<Roles, T>> f) {
        Path dir;
        try {
            dir = Files.createTempDirectory("linker-plan-block");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for a block's index", e);
        }
        Embedder embedder = o.work().embedder().shared();
        Roles roles = new Roles(new ArrayList<>(), new HashSet<>(), new ArrayList<>(), new HashMap<>());
        Map<String, float[]> vectors = new HashMap<>();
        Map<String, String> hashes = new HashMap<>();
        Iterable<PageRecord> records = () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public PageRecord next() {
                Row r = rows.next();
                PageRecord rec = record(r);
                if (r.<Boolean>getAs("donor")) {
                    roles.donors().add(rec.url());
                    int bi = fieldIndex(r, "bonus");
                    if (bi >= 0 && !r.isNullAt(bi)) {
                        roles.bonus().put(rec.url(), r.getDouble(bi));
                    }
                }
                if (r.<Boolean>getAs("acceptor")) {
                    roles.acceptors().add(rec.url());
                }
                int pi = fieldIndex(r, "planned");
                if (pi >= 0 && !r.isNullAt(pi)) {
                    for (Row l : r.<Row>getList(pi)) {
                        roles.planned().add(new PlannedLink(rec.url(), null, l.getAs("acceptor"),
                                l.<Double>getAs("score"), null, l.<Double>getAs("similarity")));
                    }
                }
                List<Float> v = r.getList(r.fieldIndex("vector"));
                float[] f = new float[v.size()];
                for (int i = 0; i < f.length; i++) {
                    f[i] = v.get(i);
                }
                vectors.put(rec.url(), f);
                hashes.put(rec.url(), r.getAs("contentHash"));
                return rec;
            }
        };
        // Reproducible: the block's segments, and so what its approximate vector search finds, depend only on its
        // pages, not on how busy the executor is; the same input gives the same plan on any cluster.
        try (PageIndex index = PageIndex.open(dir, embedder,
                IndexSettings.DEFAULT.withEmbed(o.work().embed()).reproducible())) {
            index.sync(records, false, null, (url, hash) -> {
                float[] v = vectors.remove(url);
                return hash.equals(hashes.remove(url)) ? v : null;
            });
            return f.apply(Planner.forPlans(new Suggester(index, settings(o)))).apply(roles);
        } finally {
            delete(dir);
        }
    }

    /** The column's index, -1 when the row has none (the schema's own name map: no list built per row). */
    private static int fieldIndex(Row r, String name) {
        scala.Option<Object> i = r.schema().getFieldIndex(name);
        return i.isDefined() ? (Integer) i.get() : -1;
    }

    /** A pass of linker plan's code over each block's index: the links it finds there, a row each. */
    abstract static class Pass implements FlatMapGroupsFunction<String, Row, Row> {
        final PlanOptions o;

        Pass(PlanOptions o) {
            this.o = o;
        }

        /** The links this pass finds among the block's rows. */
        abstract List<PlannedLink> links(Iterator<Row> rows);

        /** A link found, as a row of this pass's output. */
        abstract Row row(PlannedLink l);

        @Override
        public Iterator<Row> call(String block, Iterator<Row> rows) {
            List<PlannedLink> links = links(rows);
            List<Row> out = new ArrayList<>(links.size());
            for (PlannedLink l : links) {
                out.add(row(l));
            }
            return out.iterator();
        }
    }

    /** Pass 1: each donor's candidates in its block ({@link #CANDIDATE} rows). */
    static final class Candidates extends Pass {
        Candidates(PlanOptions o) {
            super(o);
        }

        @Override
        List<PlannedLink> links(Iterator<Row> rows) {
            PlanSettings ps = planSettings(o);
            return withIndex(rows, o, s -> roles -> s.planPass(roles.acceptors(),
                    pass -> Planner.candidates(pass, roles.donors(), ps,
                            d -> roles.bonus().getOrDefault(d, 0.0), 1, null)));
        }

        @Override
        Row row(PlannedLink l) {
            return RowFactory.create(l.donor(), l.acceptor(), l.score(), l.similarity());
        }
    }

    /** Pass 2: anchors and sentences for the links planned from the block's donors ({@link #LINK} rows). */
    static final class Anchors extends Pass {
        Anchors(PlanOptions o) {
            super(o);
        }

        @Override
        List<PlannedLink> links(Iterator<Row> rows) {
            // In the plan's order, as linker plan hands them over: a donor's better links choose their phrase first.
            return withIndex(rows, o, s -> roles -> {
                roles.planned().sort(Planner.ORDER);
                return roles.planned().isEmpty() ? List.<PlannedLink>of()
                        : s.planPass(roles.acceptors(), pass -> Planner.withAnchors(pass, roles.planned(), 1));
            });
        }

        @Override
        Row row(PlannedLink l) {
            return RowFactory.create(l.donor(), l.anchor(), l.acceptor(), l.score(), l.sentence(), l.anchorInText(),
                    l.similarity());
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // the system's temporary folder is cleaned in time
                }
            });
        } catch (IOException e) {
            // as above
        }
    }
}
