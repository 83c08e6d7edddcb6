package dev.linker.index.rank;

import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fits boosted trees to a site's own links with XGBoost: one query per source page, its candidates the documents,
 * the pages it links the relevant ones.
 */
public final class Trainer {
    private Trainer() {
    }

    /**
     * XGBoost's settings for a ranker.
     *
     * @param objective {@code rank:ndcg} (LambdaMART) or {@code binary:logistic}
     * @param trees     how many trees are grown and how each may grow
     * @param sampling  which rows and features each tree sees, and how many models of other seeds are averaged
     */
    public record Params(String objective, Trees trees, Sampling sampling) {

        /**
         * How the boosted trees grow.
         *
         * @param eta            learning rate: how much of each tree is added
         * @param depth          the deepest a tree may be
         * @param rounds         how many trees are grown (boosting rounds)
         * @param minChildWeight the least weight (hessian) a leaf may have
         * @param lambda         L2 regularisation of the leaf weights
         */
        public record Trees(double eta, int depth, int rounds, double minChildWeight, double lambda) {
        }

        /**
         * Which rows and features each tree sees, and bagging.
         *
         * @param subsample share of the rows each tree is grown on
         * @param colsample share of the features each tree may split on
         * @param bags      models of other seeds averaged into one (1: no bagging)
         */
        public record Sampling(double subsample, double colsample, int bags) {
        }

        Map<String, Object> xgboost(int seed) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("objective", objective);
            p.put("eta", trees.eta());
            p.put("max_depth", trees.depth());
            p.put("min_child_weight", trees.minChildWeight());
            p.put("subsample", sampling.subsample());
            p.put("colsample_bytree", sampling.colsample());
            p.put("lambda", trees.lambda());
            p.put("tree_method", "hist");
            p.put("seed", 20261126 + seed);
            // One thread: a site's rows are few (thousands to a few hundred thousand), and XGBoost's OpenMP threads
            // spin at every barrier of every round; on a busy machine one descheduled thread stalls the others
            // (go-blog's six fits: 190 s on two shared cores with all threads, 4 s with one; the same trees).
            p.put("nthread", 1);
            p.put("verbosity", 0);
            if (objective.startsWith("rank:")) {
                p.put("eval_metric", "ndcg@5");
            }
            return p;
        }
    }

    /** Trains on the groups' rows; throws {@link TrainingException} when XGBoost cannot run here. */
    public static TreeModel train(List<TrainingSet.Group> groups, Params params) {
        int rows = 0;
        for (TrainingSet.Group g : groups) {
            rows += g.urls().size();
        }
        int cols = RankFeatures.COUNT;
        float[] data = new float[rows * cols];
        float[] labels = new float[rows];
        int[] sizes = new int[groups.size()];
        int r = 0;
        for (int gi = 0; gi < groups.size(); gi++) {
            TrainingSet.Group g = groups.get(gi);
            sizes[gi] = g.urls().size();
            for (int i = 0; i < g.urls().size(); i++) {
                System.arraycopy(g.features().get(i), 0, data, r * cols, cols);
                labels[r++] = g.linked()[i] ? 1 : 0;
            }
        }
        DMatrix m = null;
        try {
            m = new DMatrix(data, rows, cols, Float.NaN);
            m.setLabel(labels);
            m.setGroup(sizes);
            // Bagging: models of other seeds (other row and feature samples) averaged; an average of sums of trees
            // is one sum of trees, each leaf divided by their number.
            double base = 0;
            List<TreeModel.Tree> trees = new java.util.ArrayList<>();
            for (int bag = 0; bag < params.sampling().bags(); bag++) {
                TreeModel one = train(m, params, bag, data, cols);
                base += one.base() / params.sampling().bags();
                for (TreeModel.Tree t : one.trees()) {
                    trees.add(t.scaled(1.0f / params.sampling().bags()));
                }
            }
            return new TreeModel(base, List.copyOf(trees));
        } catch (XGBoostError | UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new TrainingException("XGBoost could not train here: " + e.getMessage(), e);
        } finally {
            if (m != null) {
                m.dispose();
            }
        }
    }

    /**
     * One booster, read into a {@link TreeModel} and checked against XGBoost's own margins on every training row: the
     * trees every door applies are the trees XGBoost fitted, or training fails.
     */
    private static TreeModel train(DMatrix m, Params params, int seed, float[] data, int cols) throws XGBoostError {
        Booster booster = XGBoost.train(m, params.xgboost(seed), params.trees().rounds(), new HashMap<>(), null, null);
        try {
            TreeModel withoutBase = TreeModel.fromXgboostJson(booster.toByteArray("json"), 0);
            float[][] margin = booster.predict(m, true, 0);
            float[] row = new float[cols];
            // The margin before the first tree, as the booster applies it: its prediction of a row less its trees.
            System.arraycopy(data, 0, row, 0, cols);
            TreeModel model = new TreeModel(margin[0][0] - withoutBase.margin(row), withoutBase.trees());
            for (int r = 0; r < margin.length; r++) {
                System.arraycopy(data, r * cols, row, 0, cols);
                double mine = model.margin(row);
                if (Math.abs(mine - margin[r][0]) > 1e-4 * Math.max(1, Math.abs(margin[r][0]))) {
                    throw new IllegalStateException("the trees read from XGBoost's model give " + mine + " for row " + r
                            + " where XGBoost gives " + margin[r][0]);
                }
            }
            return model;
        } finally {
            booster.dispose();
        }
    }

    /** XGBoost could not run (its native library did not load, or it failed). */
    public static final class TrainingException extends RuntimeException {
        TrainingException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
