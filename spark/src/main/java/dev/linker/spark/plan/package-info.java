/**
 * {@code linker plan} on Spark ({@link dev.linker.spark.plan.PlanJob}): the site's links, authority and roles computed
 * across the cluster, candidates found per block by linker plan's own code on an index of the block, the caps met in
 * rounds, anchors chosen per block. Built for Java 21 (Lucene 10); the rest of the job jar runs on 17.
 */
package dev.linker.spark.plan;
