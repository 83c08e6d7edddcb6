package dev.linker.spark.plan;

import dev.linker.index.plan.PlanSettings;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.storage.StorageLevel;

import java.util.List;
import java.util.function.Consumer;

import static org.apache.spark.sql.functions.asc;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.desc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.row_number;

/**
 * The caps met across the cluster, in rounds over the candidate links ({@code donor, acceptor, score, similarity},
 * plus the acceptor's {@code inbound} for equal), nothing collected on the driver.
 *
 * <p>Greedy: a round takes every candidate that is among the best (remaining capacity) candidates of both its donor
 * and its acceptor, then drops the candidates of pages that are full. Each link taken is one {@code linker plan}'s
 * greedy pass (best score first) takes too, and each dropped one it refuses, so the result is the same plan; each
 * round takes at least the best remaining candidate, and in practice a round takes most of what is left.
 *
 * <p>Equal: acceptors take turns as in {@code linker plan} (fewest inbound links first): in each round every acceptor
 * with room asks for its best remaining donor with room, and a donor asked by more acceptors than it has room for
 * takes those whose turn comes first. Within one turn {@code linker plan} lets a refused acceptor go on to its next
 * donor at once, here it asks again next round, so a few links may differ.
 */
final class Rounds {
    private Rounds() {
    }

    /** The links taken ({@code donor, acceptor, score, similarity}) and the rounds it took. */
    record Assigned(Dataset<Row> links, int rounds) {
    }

    static Assigned assign(Dataset<Row> candidates, PlanSettings ps, Consumer<String> log) {
        var sc = candidates.sparkSession().sparkContext();
        Dataset<Row> left = candidates;
        Dataset<Row> taken = candidates.select("donor", "acceptor", "score", "similarity").limit(0);
        boolean equal = ps.algorithm() == PlanSettings.Algorithm.EQUAL;
        int round = 0;
        while (true) {
            round++;
            sc.setJobDescription("assign links under the caps: round " + round);
            Dataset<Row> usedD = taken.groupBy("donor").agg(count(lit(1)).as("nd"));
            Dataset<Row> usedA = taken.groupBy("acceptor").agg(count(lit(1)).as("na"));
            Dataset<Row> w = left.join(usedD, seq("donor"), "left_outer").join(usedA, seq("acceptor"), "left_outer")
                    .withColumn("remD", lit(ps.maxDonorLinks()).minus(coalesce(col("nd"), lit(0L))))
                    .withColumn("remA", lit(ps.maxAcceptorLinks()).minus(coalesce(col("na"), lit(0L))))
                    .filter(col("remD").gt(0).and(col("remA").gt(0))).drop("nd", "na");
            Column take;
            if (equal) {
                // Each acceptor's best remaining donor; a donor takes the acceptors whose turn comes first.
                w = w.withColumn("ra", row_number().over(Window.partitionBy("acceptor")
                        .orderBy(desc("score"), asc("donor"))));
                w = w.withColumn("turn", org.apache.spark.sql.functions.when(col("ra").equalTo(1),
                        row_number().over(Window.partitionBy(col("donor"), col("ra").equalTo(1))
                                .orderBy(asc("inbound"), asc("acceptor")))));
                take = col("ra").equalTo(1).and(col("turn").leq(col("remD")));
            } else {
                w = w.withColumn("rd", row_number().over(Window.partitionBy("donor")
                                .orderBy(desc("score"), asc("acceptor"))))
                        .withColumn("ra", row_number().over(Window.partitionBy("acceptor")
                                .orderBy(desc("score"), asc("donor"))));
                take = col("rd").leq(col("remD")).and(col("ra").leq(col("remA")));
            }
            Dataset<Row> marked = w.withColumn("take", take).drop("remD", "remA", "rd", "ra", "turn")
                    .persist(StorageLevel.MEMORY_AND_DISK());
            long remaining = marked.count();
            if (remaining == 0) {
                marked.unpersist();
                break;
            }
            Dataset<Row> now = marked.filter(col("take")).select("donor", "acceptor", "score", "similarity");
            // Checkpoints cut the lineage, which would otherwise grow by a join each round.
            Dataset<Row> next = taken.union(now).localCheckpoint();
            long total = next.count();
            Dataset<Row> rest = marked.filter(not(col("take"))).drop("take").localCheckpoint();
            long restCount = rest.count();
            marked.unpersist();
            log.accept(String.format(java.util.Locale.ROOT, "assignment round %d: %,d links so far, %,d candidates "
                    + "left", round, total, restCount));
            taken = next;
            left = rest;
        }
        return new Assigned(taken, round - 1);
    }

    static scala.collection.immutable.Seq<String> seq(String... names) {
        return scala.jdk.javaapi.CollectionConverters.asScala(List.of(names)).toSeq();
    }
}
