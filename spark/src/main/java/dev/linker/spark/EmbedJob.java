package dev.linker.spark;

import dev.linker.core.result.LinkerException;
import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.col;

/**
 * Embeds a site's pages on Spark: pages (CSV, JSON lines or Parquet, as {@link PagesInput} reads them) → Parquet of
 * {@code url, contentHash, embedder, embed, vector} (embed: what of the page was embedded), with the text {@code linker index} embeds ({@link EmbedText}) and the
 * same model, loaded once per executor JVM. Given a previous output, pages whose URL and content hash it holds for
 * the same embedder and embed mode keep their vector and are not embedded again.
 */
public final class EmbedJob {
    /** Texts embedded per call on an executor (the model runs them one by one; HTTP embedders batch them). */
    static final int BATCH = 32;
    /** Partitions per core at least, so one slow partition does not leave a core idle and progress shows. */
    static final int SPREAD = 4;

    /**
     * @param pages      the pages file or folder
     * @param out        the output folder (replaced)
     * @param previous   an earlier output whose vectors are reused where URL and content hash match (null: none)
     * @param mode       what of a page is embedded
     * @param embedder   which embedder
     * @param partitions partitions to embed in (0: as the input comes, but at least {@link #SPREAD} per core)
     */
    public record Options(String pages, String out, String previous, EmbedMode mode, EmbedderSpec embedder,
                          int partitions) {
    }

    /** What a run did. */
    public record Result(long pages, long embedded, long reused, String embedder, int dimension) {
    }

    private static final StructType HASHED = new StructType()
            .add("url", DataTypes.StringType, false).add("title", DataTypes.StringType, false)
            .add("h1", DataTypes.StringType, false).add("content", DataTypes.StringType, false)
            .add("contentHash", DataTypes.StringType, false);

    private EmbedJob() {
    }

    public static Result run(SparkSession spark, Options o, Consumer<String> log) {
        // The driver learns the embedder's id and vector length (and fails early on a bad setting). The embedder
        // stays loaded: in local mode the executors are this JVM and use it too.
        Embedder e = o.embedder().shared();
        String id = e.id();
        int dimension = e.dimension();
        var sc = spark.sparkContext();
        sc.setJobDescription("read the pages' columns");
        Dataset<Row> pages = PagesInput.read(spark, o.pages());
        // Embedding is the work: spread it over every core (a CSV of cells over several lines is one partition).
        int wanted = o.partitions() > 0 ? o.partitions()
                : Math.max(pages.rdd().getNumPartitions(), SPREAD * sc.defaultParallelism());
        if (wanted != pages.rdd().getNumPartitions()) {
            pages = pages.repartition(wanted);
        }
        Dataset<Row> hashed = pages.map((MapFunction<Row, Row>) EmbedJob::hashed, Encoders.row(HASHED)).cache();
        sc.setJobDescription("read and hash pages");
        long count = hashed.count();
        sc.setJobDescription("check that each address occurs once");
        PagesInput.requireUnique(hashed, o.pages());
        log.accept("read " + count + " pages from " + o.pages());
        Dataset<Row> joined;
        if (o.previous() != null) {
            Dataset<Row> before = spark.read().parquet(o.previous())
                    .filter(col("embedder").equalTo(id).and(col("embed").equalTo(o.mode().id())))
                    .select(col("url"), col("contentHash"), col("vector").as("previous"));
            joined = hashed.join(before, scala.jdk.javaapi.CollectionConverters.asScala(List.of("url", "contentHash"))
                    .toSeq(), "left_outer");
        } else {
            joined = hashed.withColumn("previous", org.apache.spark.sql.functions.lit(null)
                    .cast(DataTypes.createArrayType(DataTypes.FloatType)));
        }
        LongAccumulator embedded = sc.longAccumulator("embedded");
        LongAccumulator reused = sc.longAccumulator("reused");
        Dataset<VectorRow> vectors = joined.mapPartitions(
                new EmbedPartition(o.embedder(), o.mode(), id, dimension, embedded, reused),
                Encoders.bean(VectorRow.class));
        sc.setJobDescription(o.previous() == null ? "embed and write vectors"
                : "reuse vectors of unchanged pages, embed the rest, write vectors");
        // Uncompressed: vectors hardly compress, and linker index --vectors reads such Parquet without Hadoop's codecs.
        vectors.withColumn("embed", org.apache.spark.sql.functions.lit(o.mode().id()))
                .select("url", "contentHash", "embedder", "embed", "vector").write().mode(SaveMode.Overwrite)
                .option("compression", "none").parquet(o.out());
        sc.setJobDescription(null);
        hashed.unpersist();
        return new Result(count, embedded.value(), reused.value(), id, dimension);
    }

    /** A page row as {@code linker index} takes it (address trimmed, title and H1 stripped), with its hash. */
    private static Row hashed(Row r) {
        String url = r.getString(0).trim();
        if (url.isEmpty()) {
            throw new LinkerException("a page has an empty address (title \"" + r.getString(1) + "\")");
        }
        String title = r.getString(1).strip();
        String h1 = r.getString(2).strip();
        String content = r.getString(3);
        return RowFactory.create(url, title, h1, content, EmbedText.contentHash(title, h1, content));
    }

    /** Embeds a partition's pages in batches; pages with a previous vector keep it. */
    static final class EmbedPartition implements MapPartitionsFunction<Row, VectorRow> {
        private final EmbedderSpec spec;
        private final EmbedMode mode;
        private final String id;
        private final int dimension;
        private final LongAccumulator embedded;
        private final LongAccumulator reused;

        EmbedPartition(EmbedderSpec spec, EmbedMode mode, String id, int dimension, LongAccumulator embedded,
                       LongAccumulator reused) {
            this.spec = spec;
            this.mode = mode;
            this.id = id;
            this.dimension = dimension;
            this.embedded = embedded;
            this.reused = reused;
        }

        @Override
        public Iterator<VectorRow> call(Iterator<Row> rows) {
            return new Iterator<>() {
                private final List<VectorRow> batch = new ArrayList<>(BATCH);
                private int at;

                @Override
                public boolean hasNext() {
                    if (at < batch.size()) {
                        return true;
                    }
                    fill();
                    return !batch.isEmpty();
                }

                @Override
                public VectorRow next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return batch.get(at++);
                }

                private void fill() {
                    batch.clear();
                    at = 0;
                    List<String> texts = new ArrayList<>();
                    List<VectorRow> todo = new ArrayList<>();
                    while (batch.size() < BATCH && rows.hasNext()) {
                        Row r = rows.next();
                        String url = r.getAs("url");
                        VectorRow v = new VectorRow(url, r.getAs("contentHash"), id, null);
                        int p = r.fieldIndex("previous");
                        if (!r.isNullAt(p)) {
                            List<Float> prev = r.getList(p);
                            float[] f = new float[prev.size()];
                            for (int i = 0; i < f.length; i++) {
                                f[i] = prev.get(i);
                            }
                            v.setVector(f);
                            reused.add(1);
                        } else {
                            texts.add(EmbedText.of(mode, url, r.getAs("title"), r.getAs("h1"), r.getAs("content")));
                            todo.add(v);
                        }
                        batch.add(v);
                    }
                    if (!texts.isEmpty()) {
                        List<float[]> got = spec.shared().embedAll(texts);
                        for (int i = 0; i < todo.size(); i++) {
                            float[] f = got.get(i);
                            if (f == null || f.length != dimension) {
                                throw new LinkerException("embedder " + id + " returned " + (f == null ? "nothing"
                                        : f.length + " dimensions") + " for " + todo.get(i).getUrl() + ", expected "
                                        + dimension);
                            }
                            todo.get(i).setVector(f);
                        }
                        embedded.add(todo.size());
                    }
                }
            };
        }
    }
}
