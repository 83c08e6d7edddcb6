/**
 * Linker's jobs on Apache Spark: {@link dev.linker.spark.EmbedJob} embeds a site's pages with the model and windowing
 * {@code linker index} uses, one model session per executor JVM; {@code dev.linker.spark.plan.PlanJob} makes the link
 * plan {@code linker plan} makes; {@link dev.linker.spark.LinkerSpark} is the command line ({@code bin/linker-spark}, or the main class for {@code spark-submit}).
 */
package dev.linker.spark;
