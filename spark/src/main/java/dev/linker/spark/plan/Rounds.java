package dev.linker.spark.plan;

import dev.linker.index.plan.PlanSettings;
import dev.linker.index.plan.PlannedLink;
import dev.linker.index.plan.Planner;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.asc;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.desc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

/**
 * The caps met across the cluster, in rounds over the candidate links ({@code donor, acceptor, score, similarity},
 * plus the acceptor's {@code inbound} for equal), nothing collected on the driver ({@link #onDriver} for a few). The
 * links are the set {@link Planner#greedy} or {@link Planner#equal} takes from the same candidates (the rule each
 * follows is in its javadoc); a round only takes links that rule takes and only drops candidates it refuses.
 *
 * <p>Greedy: a round takes every candidate that is among the best (remaining capacity) remaining candidates of both
 * its donor and its acceptor: nothing ahead of it in {@link Planner#ORDER} can fill either page first, so
 * {@code Planner.greedy} takes it too. Candidates of pages then full are dropped. Each round takes at least the best
 * remaining candidate; in practice a round takes most of what is left.
 *
 * <p>Equal: each pass of {@link Planner#equal} (every acceptor with room, in turn, takes its best candidate whose donor
 * still has room) is found by deferred acceptance, whose result is the pass's when every donor prefers the same
 * acceptors (those whose turn comes first). In a round every acceptor with room points at its best remaining
 * candidate; a candidate whose donor has as many pointers from acceptors of earlier turns as it has room is refused
 * (that donor is full when the pass ends) and dropped. A round that refuses no pointer ends the pass: its pointers are
 * taken. A pass takes one round more than its longest chain of refusals (an acceptor refused moves on and may push
 * out one of a later turn).
 */
final class Rounds {
    private Rounds() {
    }

    /** The links taken ({@code donor, acceptor, score, similarity}) and the rounds it took. */
    record Assigned(Dataset<Row> links, int rounds) {
    }

    /** Candidates the driver assigns itself, at most: fewer than a round's fixed costs repay (tens of MB). */
    static final long ON_DRIVER = 200_000;

    /**
     * The same set by {@code linker plan}'s own pass ({@link Planner#greedy}, {@link Planner#equal}) on the driver, for
     * a few candidates: each round costs a dozen Spark stages, which a small site feels as seconds per round.
     */
    static Assigned onDriver(Dataset<Row> candidates, PlanSettings ps, Consumer<String> log) {
        List<PlannedLink> pairs = new ArrayList<>();
        Map<String, Integer> inbound = new HashMap<>();
        for (Row r : candidates.select("donor", "acceptor", "score", "similarity", "inbound").collectAsList()) {
            pairs.add(new PlannedLink(r.getAs("donor"), null, r.getAs("acceptor"), r.<Double>getAs("score"), null,
                    r.<Double>getAs("similarity")));
            inbound.put(r.getAs("acceptor"), (int) r.<Long>getAs("inbound").longValue());
        }
        List<PlannedLink> taken = ps.algorithm() == PlanSettings.Algorithm.GREEDY ? Planner.greedy(pairs, ps)
                : Planner.equal(pairs, ps, inbound::get);
        List<Row> rows = new ArrayList<>(taken.size());
        for (PlannedLink l : taken) {
            rows.add(RowFactory.create(l.donor(), l.acceptor(), l.score(), l.similarity()));
        }
        log.accept(String.format(java.util.Locale.ROOT, "assignment on the driver (%,d candidates, at most %,d go "
                + "there): %,d links", pairs.size(), ON_DRIVER, rows.size()));
        StructType schema = candidates.select("donor", "acceptor", "score", "similarity").schema();
        return new Assigned(candidates.sparkSession().createDataFrame(rows, schema), 0);
    }

    static Assigned assign(Dataset<Row> candidates, PlanSettings ps, Consumer<String> log) {
        var sc = candidates.sparkSession().sparkContext();
        // What is taken grows by a union each round: kept in the job's partitions, not in the sum of every round's.
        int parts = Integer.parseInt(candidates.sparkSession().conf().get(ShufflePartitions.KEY).trim());
        Dataset<Row> left = candidates;
        Dataset<Row> taken = candidates.select("donor", "acceptor", "score", "similarity").limit(0);
        long links = 0;
        int round = 0;
        while (true) {
            round++;
            sc.setJobDescription("assign links under the caps: round " + round);
            Dataset<Row> marked = marked(withRoom(left, taken, ps), ps).persist(StorageLevel.MEMORY_AND_DISK());
            Row seen = marked.agg(count(lit(1)), max("goesOn")).first();
            if (seen.getLong(0) == 0) {
                marked.unpersist();
                break;
            }
            boolean passGoesOn = seen.getBoolean(1);
            // Checkpoints cut the lineage, which would otherwise grow by a join each round.
            if (!passGoesOn) {
                taken = taken.union(marked.filter(col("take")).select("donor", "acceptor", "score", "similarity"))
                        .coalesce(parts).localCheckpoint();
                links = taken.count();
            }
            Column gone = passGoesOn ? col("refused") : col("take").or(col("refused"));
            left = marked.filter(not(gone)).drop("take", "refused", "goesOn").localCheckpoint();
            long leftCount = left.count();
            marked.unpersist();
            log.accept(String.format(java.util.Locale.ROOT, "assignment round %d: %,d links so far, %,d candidates "
                    + "left%s", round, links, leftCount, passGoesOn ? " (the pass goes on)" : ""));
        }
        return new Assigned(taken, round - 1);
    }

    /** The candidates whose donor and acceptor both have room, with that room ({@code remD}, {@code remA}). */
    private static Dataset<Row> withRoom(Dataset<Row> left, Dataset<Row> taken, PlanSettings ps) {
        Dataset<Row> usedD = taken.groupBy("donor").agg(count(lit(1)).as("nd"));
        Dataset<Row> usedA = taken.groupBy("acceptor").agg(count(lit(1)).as("na"));
        return left.join(usedD, seq("donor"), "left_outer").join(usedA, seq("acceptor"), "left_outer")
                .withColumn("remD", lit(ps.maxDonorLinks()).minus(coalesce(col("nd"), lit(0L))))
                .withColumn("remA", lit(ps.maxAcceptorLinks()).minus(coalesce(col("na"), lit(0L))))
                .filter(col("remD").gt(0).and(col("remA").gt(0))).drop("nd", "na");
    }

    /**
     * A round's decision on each candidate: {@code take} it, {@code refused} (dropped), and {@code goesOn}: a pointer
     * refused, so the equal pass goes on and nothing is taken this round.
     */
    private static Dataset<Row> marked(Dataset<Row> w, PlanSettings ps) {
        w = w.withColumn("ra", row_number().over(Window.partitionBy("acceptor").orderBy(desc("score"), asc("donor"))));
        if (ps.algorithm() == PlanSettings.Algorithm.GREEDY) {
            return w.withColumn("rd", row_number().over(Window.partitionBy("donor")
                            .orderBy(desc("score"), asc("acceptor"))))
                    .withColumn("take", col("rd").leq(col("remD")).and(col("ra").leq(col("remA"))))
                    .withColumn("refused", lit(false)).withColumn("goesOn", lit(false))
                    .drop("remD", "remA", "rd", "ra");
        }
        Column pointer = col("ra").equalTo(1);
        // Pointers at the same donor from acceptors whose turn comes first.
        Column ahead = sum(when(pointer, 1).otherwise(0)).over(Window.partitionBy("donor")
                .orderBy(asc("inbound"), asc("acceptor")).rowsBetween(Window.unboundedPreceding(), -1));
        return w.withColumn("refused", coalesce(ahead, lit(0L)).geq(col("remD")))
                .withColumn("take", pointer.and(not(col("refused"))))
                .withColumn("goesOn", pointer.and(col("refused"))).drop("remD", "remA", "ra");
    }

    static scala.collection.immutable.Seq<String> seq(String... names) {
        return scala.jdk.javaapi.CollectionConverters.asScala(List.of(names)).toSeq();
    }
}
