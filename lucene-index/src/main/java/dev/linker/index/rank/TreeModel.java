package dev.linker.index.rank;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Boosted regression trees, applied in plain Java: the model XGBoost trains, read from its JSON form into arrays, so
 * every door (the editor's server, {@code suggest}, plans on Spark executors, on any OS and Java 17) scores the same
 * way without native code. A node sends a row left when its feature is below the threshold (compared as floats, as
 * XGBoost does), or when the feature is missing (NaN) and the node's missing values go left.
 *
 * @param base  the margin every row starts from
 * @param trees the trees; their leaves' values add up to the margin
 */
public record TreeModel(@JsonProperty("base") double base, @JsonProperty("trees") List<Tree> trees) {

    /**
     * One tree as parallel arrays over its nodes (node 0 is the root). A leaf has {@code left[i] == -1} and its value
     * in {@code value[i]}.
     */
    public record Tree(@JsonProperty("feature") int[] feature, @JsonProperty("threshold") float[] threshold,
                       @JsonProperty("left") int[] left, @JsonProperty("right") int[] right,
                       @JsonProperty("missingLeft") boolean[] missingLeft, @JsonProperty("value") float[] value) {

        double eval(float[] x) {
            int n = 0;
            while (left[n] >= 0) {
                float v = x[feature[n]];
                n = Float.isNaN(v) ? (missingLeft[n] ? left[n] : right[n]) : v < threshold[n] ? left[n] : right[n];
            }
            return value[n];
        }

        int nodes() {
            return left.length;
        }

        /** This tree with every leaf's value times {@code f}. */
        Tree scaled(float f) {
            float[] v = value.clone();
            for (int i = 0; i < v.length; i++) {
                v[i] *= f;
            }
            return new Tree(feature, threshold, left, right, missingLeft, v);
        }
    }

    /** The raw score (margin) of one row: higher ranks first. */
    public double margin(float[] x) {
        double m = base;
        for (Tree t : trees) {
            m += t.eval(x);
        }
        return m;
    }

    /** The margin mapped to (0, 1), so it can be shown and compared as the weights' scores are. */
    public double score(float[] x) {
        return 1.0 / (1.0 + Math.exp(-margin(x)));
    }

    public int nodes() {
        return trees.stream().mapToInt(Tree::nodes).sum();
    }

    /** The highest feature number any split reads (a row must have more features than this). */
    public int maxFeature() {
        int max = -1;
        for (Tree t : trees) {
            for (int i = 0; i < t.feature.length; i++) {
                if (t.left[i] >= 0) {
                    max = Math.max(max, t.feature[i]);
                }
            }
        }
        return max;
    }

    /**
     * The trees of an XGBoost model saved as JSON ({@code Booster.toByteArray("json")}); {@code base} is the margin
     * before the first tree, as the booster reports it (its objective decides how its base score becomes one).
     */
    static TreeModel fromXgboostJson(byte[] json, double base) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Tree> trees = new ArrayList<>();
        for (JsonNode t : root.path("learner").path("gradient_booster").path("model").path("trees")) {
            JsonNode l = t.get("left_children");
            int n = l.size();
            int[] feature = new int[n];
            float[] threshold = new float[n];
            int[] left = new int[n];
            int[] right = new int[n];
            boolean[] missingLeft = new boolean[n];
            float[] value = new float[n];
            for (int i = 0; i < n; i++) {
                left[i] = l.get(i).asInt();
                right[i] = t.get("right_children").get(i).asInt();
                feature[i] = t.get("split_indices").get(i).asInt();
                float c = (float) t.get("split_conditions").get(i).asDouble();
                missingLeft[i] = t.get("default_left").get(i).asInt() != 0;
                // A leaf's value is in its split condition.
                if (left[i] < 0) {
                    value[i] = c;
                } else {
                    threshold[i] = c;
                }
            }
            trees.add(new Tree(feature, threshold, left, right, missingLeft, value));
        }
        return new TreeModel(base, List.copyOf(trees));
    }
}
