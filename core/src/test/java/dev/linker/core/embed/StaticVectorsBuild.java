package dev.linker.core.embed;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealVector;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The build step of {@link StaticEmbedder}'s table ({@code bench/static-vectors.sh} runs it): every word piece of the
 * bundled model's vocabulary through the model, PCA to {@value StaticEmbedder#DIMENSION} dimensions, SIF weights
 * from Zipf's law over the vocabulary's order, 8-bit rows. About a minute on one core. The same model gives the same
 * table; ONNX Runtime on another CPU may differ in the last bits, which {@code StaticEmbedderTest} allows.
 */
public final class StaticVectorsBuild {
    /** SIF's {@code a}, as Model2Vec's default. */
    static final double SIF = 1e-4;

    private StaticVectorsBuild() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StaticVectorsBuild OUT.bin");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        long t0 = System.nanoTime();
        StaticEmbedder.Table table;
        try (LocalMiniLmEmbedder model = LocalMiniLmEmbedder.load(0)) {
            table = build(model, p -> System.err.println("static-vectors: " + p));
        }
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            table.write(o);
        }
        System.err.printf("static-vectors: wrote %s (%,d bytes) in %.0f s%n", out, Files.size(out),
                (System.nanoTime() - t0) / 1e9);
    }

    /** The table from the model's vector of every word piece. */
    static StaticEmbedder.Table build(LocalMiniLmEmbedder model, java.util.function.Consumer<String> progress) {
        WordPieceTokenizer tok = model.tokenizer();
        int rows = tok.vocabularySize();
        int source = LocalMiniLmEmbedder.DIMENSION;
        float[][] x = new float[rows][];
        int step = 4096;
        for (int from = 0; from < rows; from += step) {
            int to = Math.min(rows, from + step);
            @SuppressWarnings("unchecked")
            List<int[]>[] windows = new List[to - from];
            for (int id = from; id < to; id++) {
                windows[id - from] = List.of(new int[] {tok.clsId(), id, tok.sepId()});
            }
            List<float[]> v = model.vectors(windows);
            for (int id = from; id < to; id++) {
                x[id] = v.get(id - from);
            }
            progress.accept(to + " of " + rows + " word pieces through the model");
        }
        float[] mean = new float[source];
        double[] sum = new double[source];
        for (float[] r : x) {
            for (int j = 0; j < source; j++) {
                sum[j] += r[j];
            }
        }
        for (int j = 0; j < source; j++) {
            mean[j] = (float) (sum[j] / rows);
        }
        float[][] components = principalComponents(x, mean, StaticEmbedder.DIMENSION);
        float[] weights = sifWeights(rows);
        float[] scales = new float[rows];
        byte[] values = new byte[rows * StaticEmbedder.DIMENSION];
        for (int id = 0; id < rows; id++) {
            float[] y = project(x[id], mean, components);
            float max = 0;
            for (int j = 0; j < y.length; j++) {
                y[j] *= weights[id];
                max = Math.max(max, Math.abs(y[j]));
            }
            float scale = max / 127f;
            scales[id] = scale;
            for (int j = 0; j < y.length; j++) {
                values[id * y.length + j] = (byte) (scale == 0 ? 0 : Math.round(y[j] / scale));
            }
        }
        return new StaticEmbedder.Table((float) SIF, mean, components, scales, values);
    }

    /** {@code (v - mean) · componentsᵀ}: the model's vector in the table's dimensions, before weighting. */
    static float[] project(float[] v, float[] mean, float[][] components) {
        float[] y = new float[components.length];
        for (int i = 0; i < components.length; i++) {
            double s = 0;
            for (int j = 0; j < v.length; j++) {
                s += (v[j] - mean[j]) * (double) components[i][j];
            }
            y[i] = (float) s;
        }
        return y;
    }

    /**
     * SIF weights {@code a / (a + p)} with each piece's probability {@code p} estimated by Zipf's law from its place
     * in the vocabulary ({@code 1 / (id + 2)}, normalised), as Model2Vec does.
     */
    static float[] sifWeights(int rows) {
        double total = 0;
        for (int id = 0; id < rows; id++) {
            total += 1.0 / (id + 2);
        }
        float[] w = new float[rows];
        for (int id = 0; id < rows; id++) {
            double p = 1.0 / (id + 2) / total;
            w[id] = (float) (SIF / (SIF + p));
        }
        return w;
    }

    /**
     * The {@code k} eigenvectors of the covariance of {@code x} with the largest eigenvalues, largest first, each
     * signed so that its largest entry is positive (an eigenvector's sign is arbitrary; this makes it reproducible).
     */
    static float[][] principalComponents(float[][] x, float[] mean, int k) {
        int d = mean.length;
        double[][] cov = new double[d][d];
        double[] c = new double[d];
        for (float[] r : x) {
            for (int j = 0; j < d; j++) {
                c[j] = r[j] - mean[j];
            }
            for (int i = 0; i < d; i++) {
                double ci = c[i];
                double[] row = cov[i];
                for (int j = i; j < d; j++) {
                    row[j] += ci * c[j];
                }
            }
        }
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                cov[i][j] /= x.length - 1;
                cov[j][i] = cov[i][j];
            }
        }
        EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(cov, false));
        double[] values = eigen.getRealEigenvalues();
        Integer[] order = new Integer[d];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -values[i]));
        List<float[]> out = new ArrayList<>(k);
        for (int n = 0; n < k; n++) {
            RealVector v = eigen.getEigenvector(order[n]);
            int top = 0;
            for (int j = 1; j < d; j++) {
                if (Math.abs(v.getEntry(j)) > Math.abs(v.getEntry(top))) {
                    top = j;
                }
            }
            double sign = Math.signum(v.getEntry(top));
            float[] f = new float[d];
            for (int j = 0; j < d; j++) {
                f[j] = (float) (sign * v.getEntry(j));
            }
            out.add(f);
        }
        return out.toArray(new float[0][]);
    }
}
