package dev.linker.spark.plan;

import dev.linker.index.eval.Learning;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Prior;
import dev.linker.index.rank.TrainingSet;
import dev.linker.spark.PlanOptions;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The ranker {@code linker index} learns, learned by the plan job from the links it reads: each block's executor
 * samples its pages with links as {@code linker index} samples a site (a block's share of {@link Learning#MAX_SOURCES})
 * and gathers their candidates' rows on the block's index ({@link Learning#read}); the driver fits the model on all
 * the rows, measures it on held-out pages and decides whether it ranks ({@link Learning#fit}). A site of one block
 * learns what {@code linker index} learns from the same pages and links.
 */
final class BlockLearning {
    /** One query's candidates, as a row: the block, its place there, and the {@link TrainingSet.Group}. */
    static final StructType ROW = new StructType().add("block", DataTypes.StringType, false)
            .add("seq", DataTypes.IntegerType, false).add("source", DataTypes.StringType, false)
            .add("query", DataTypes.StringType, false)
            .add("urls", DataTypes.createArrayType(DataTypes.StringType, false), false)
            .add("features", DataTypes.BinaryType, false)
            .add("linked", DataTypes.createArrayType(DataTypes.BooleanType, false), false)
            .add("gold", DataTypes.createArrayType(DataTypes.StringType, false), true)
            .add("dated", DataTypes.BooleanType, false)
            .add("content", DataTypes.IntegerType, false).add("datedContent", DataTypes.IntegerType, false);

    private BlockLearning() {
    }

    /** On an executor: the rows of a block's sampled pages with links (at most {@code maxSources} of them). */
    static final class Rows implements FlatMapGroupsFunction<String, Row, Row> {
        private final PlanOptions o;
        private final int maxSources;

        Rows(PlanOptions o, int maxSources) {
            this.o = o;
            this.maxSources = maxSources;
        }

        @Override
        public Iterator<Row> call(String block, Iterator<Row> rows) {
            Learning.Reading read = BlockPlans.withIndex(rows, o,
                    s -> roles -> Learning.read(s.index(), maxSources, true, null));
            List<Row> out = new ArrayList<>();
            if (read.rows() == null) {
                return out.iterator();
            }
            int seq = 0;
            for (TrainingSet.Group g : read.rows().groups()) {
                Set<String> gold = g.source().equals(g.query()) ? read.sample().get(g.source()) : null;
                out.add(RowFactory.create(block, seq++, g.source(), g.query(), g.urls().toArray(new String[0]),
                        pack(g.features()), box(g.linked()), gold == null ? null : gold.toArray(new String[0]),
                        read.dated(), read.census().content(), read.census().dated()));
            }
            return out.iterator();
        }
    }

    /**
     * On the driver: the ranker learned from every block's rows ({@code rows}, {@link #ROW}), or none with the reason
     * when the site has too few links.
     */
    static LearnedRanker fit(Dataset<Row> rows, Consumer<String> log) {
        long started = System.nanoTime();
        List<Row> all = new ArrayList<>(rows.collectAsList());
        all.sort(Comparator.comparing((Row r) -> r.<String>getAs("block"))
                .thenComparingInt(r -> r.<Integer>getAs("seq")));
        TrainingSet set = new TrainingSet();
        Map<String, Set<String>> sample = new LinkedHashMap<>();
        boolean dated = false;
        Map<String, String> blockOf = new java.util.HashMap<>();
        // The site's census, block by block (a page in two blocks, an acceptor beside another category's donors, is
        // counted in each): whether the prior serves the site.
        Map<String, Prior.Census> census = new java.util.TreeMap<>();
        for (Row r : all) {
            census.putIfAbsent(r.getAs("block"), new Prior.Census(r.<Integer>getAs("content"),
                    r.<Integer>getAs("datedContent")));
            // A page in several blocks (an acceptor beside other categories' donors) is learned from once: in the
            // first block that sampled it.
            if (!blockOf.computeIfAbsent(r.getAs("source"), k -> r.getAs("block")).equals(r.getAs("block"))) {
                continue;
            }
            List<String> urls = r.getList(r.fieldIndex("urls"));
            List<Boolean> linked = r.getList(r.fieldIndex("linked"));
            boolean[] l = new boolean[linked.size()];
            for (int i = 0; i < l.length; i++) {
                l[i] = linked.get(i);
            }
            set.add(new TrainingSet.Group(r.getAs("source"), r.getAs("query"), List.copyOf(urls),
                    unpack(r.getAs("features"), urls.size()), l));
            int gi = r.fieldIndex("gold");
            if (!r.isNullAt(gi)) {
                sample.put(r.getAs("source"), Set.copyOf(r.<String>getList(gi)));
            }
            dated |= r.<Boolean>getAs("dated");
        }
        // Rows were gathered only where a block had pages with links; none at all is the same as too few.
        Learning.Reading read = new Learning.Reading(sample, dated, "", all.isEmpty() ? null : set,
                census.values().stream().reduce(new Prior.Census(0, 0), Prior.Census::plus));
        return Learning.fit(read, started, log);
    }

    /** A share of {@link Learning#MAX_SOURCES} for each of {@code blocks} blocks: all of it for a site of one. */
    static int maxSources(long blocks) {
        return (int) Math.max(1, (Learning.MAX_SOURCES + blocks - 1) / Math.max(1, blocks));
    }

    private static byte[] pack(List<float[]> features) {
        int dims = features.isEmpty() ? 0 : features.getFirst().length;
        ByteBuffer b = ByteBuffer.allocate(features.size() * dims * Float.BYTES);
        for (float[] f : features) {
            b.asFloatBuffer().put(f);
            b.position(b.position() + f.length * Float.BYTES);
        }
        return b.array();
    }

    private static List<float[]> unpack(byte[] bytes, int n) {
        List<float[]> out = new ArrayList<>(n);
        if (n == 0) {
            return out;
        }
        int dims = bytes.length / Float.BYTES / n;
        ByteBuffer b = ByteBuffer.wrap(bytes);
        for (int i = 0; i < n; i++) {
            float[] f = new float[dims];
            b.asFloatBuffer().get(f);
            b.position(b.position() + dims * Float.BYTES);
            out.add(f);
        }
        return out;
    }

    private static Boolean[] box(boolean[] b) {
        Boolean[] out = new Boolean[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i];
        }
        return out;
    }
}
