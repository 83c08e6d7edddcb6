package dev.linker.core.embed;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The static embedder, for catalogues: a vector for each word piece of the bundled model's vocabulary, looked up
 * rather than computed, so a page costs its tokenizing and a sum (microseconds) instead of a model run (milliseconds).
 * A text's vector is the sum of its word pieces' rows, normalised.
 *
 * <p>The rows are derived from the bundled model ({@link LocalMiniLmEmbedder}) by a build step
 * ({@code bench/static-vectors.sh}, as Model2Vec distils a sentence model): each word piece alone,
 * {@code [CLS] piece [SEP]}, is run through the model and mean-pooled; the vectors are reduced to
 * {@value #DIMENSION} dimensions by PCA over the whole vocabulary, weighted by an estimate of how rare the piece is
 * (Zipf's law over the vocabulary's order, with SIF weighting {@code a / (a + p)}: frequent pieces count less), and
 * stored as 8-bit integers with one scale a row. The table ({@value #RESOURCE}, about 8 MB) also keeps the PCA's
 * mean and components, so a test can recompute any row from the model. Nothing is downloaded.
 *
 * <p>It reads no word order and no context: it finds pages about the same things, not pages that say the same.
 * BENCHMARKS.md compares its recall with the model's. Thread-safe; the table is read once per class loader.
 */
public final class StaticEmbedder implements Embedder {

    public static final String ID = "static:all-minilm-l6-v2-q-pca256";
    public static final int DIMENSION = 256;
    /** The table, a resource of this package. */
    public static final String RESOURCE = "static-minilm-pca256.bin";
    /** Word pieces read per text: as many as the model's {@value LocalMiniLmEmbedder#MAX_WINDOWS} windows hold. */
    public static final int MAX_PIECES = LocalMiniLmEmbedder.MAX_WINDOWS * (LocalMiniLmEmbedder.MAX_WINDOW_TOKENS - 2);

    private static volatile StaticEmbedder loaded;

    private final WordPieceTokenizer tokenizer;
    private final Table table;

    StaticEmbedder(WordPieceTokenizer tokenizer, Table table) {
        if (table.rows() != tokenizer.vocabularySize() || table.dimension() != DIMENSION) {
            throw new EmbeddingException(RESOURCE + " holds " + table.rows() + " rows of " + table.dimension()
                    + " dimensions; the tokenizer has " + tokenizer.vocabularySize() + " word pieces and this class"
                    + " expects " + DIMENSION);
        }
        this.tokenizer = tokenizer;
        this.table = table;
    }

    /**
     * The static embedder: the tokenizer and the table, read from the classpath once (about a tenth of a second) and
     * shared by every caller.
     *
     * @throws EmbeddingException if a resource is missing or damaged
     */
    public static StaticEmbedder load() {
        StaticEmbedder e = loaded;
        if (e == null) {
            synchronized (StaticEmbedder.class) {
                e = loaded;
                if (e == null) {
                    e = new StaticEmbedder(LocalMiniLmEmbedder.loadTokenizer(), readTable());
                    loaded = e;
                }
            }
        }
        return e;
    }

    private static Table readTable() {
        try (InputStream in = StaticEmbedder.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new EmbeddingException("the static embedder's table " + RESOURCE + " is not on the classpath"
                        + " (it ships in linker-core)");
            }
            return Table.read(in);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    /**
     * @throws IllegalArgumentException if the text is blank or has no word pieces (only control characters)
     */
    @Override
    public float[] embed(String text) {
        int[] pieces = Vectors.wordPieces(tokenizer, text);
        float[] sum = new float[DIMENSION];
        int n = Math.min(pieces.length, MAX_PIECES);
        for (int i = 0; i < n; i++) {
            table.addRow(pieces[i], sum);
        }
        return Vectors.normalizeInPlace(sum);
    }

    /** The table's row of word piece {@code id}, as stored (weighted, reduced, 8-bit) and scaled back to floats. */
    float[] row(int id) {
        float[] v = new float[DIMENSION];
        table.addRow(id, v);
        return v;
    }

    Table table() {
        return table;
    }

    @Override
    public String toString() {
        return "StaticEmbedder[" + ID + ", " + DIMENSION + " dims, " + table.rows() + " word pieces]";
    }

    /**
     * The table: the PCA that reduced the model's vectors ({@code mean}, {@code components}: one row of the model's
     * {@value LocalMiniLmEmbedder#DIMENSION} values per output dimension), then each word piece's weighted row as
     * 8-bit integers times its scale. Written and read big-endian after a magic number and a version.
     */
    record Table(float sif, float[] mean, float[][] components, float[] scales, byte[] values) {
        static final int MAGIC = 0x4C4B5345; // "LKSE"
        static final int VERSION = 1;

        int rows() {
            return scales.length;
        }

        int dimension() {
            return components.length;
        }

        void addRow(int id, float[] sum) {
            float scale = scales[id];
            int base = id * sum.length;
            for (int j = 0; j < sum.length; j++) {
                sum[j] += scale * values[base + j];
            }
        }

        void write(OutputStream out) throws IOException {
            DataOutputStream d = new DataOutputStream(out);
            d.writeInt(MAGIC);
            d.writeInt(VERSION);
            d.writeInt(rows());
            d.writeInt(dimension());
            d.writeInt(mean.length);
            d.writeFloat(sif);
            for (float x : mean) {
                d.writeFloat(x);
            }
            for (float[] c : components) {
                for (float x : c) {
                    d.writeFloat(x);
                }
            }
            for (float s : scales) {
                d.writeFloat(s);
            }
            d.write(values);
            d.flush();
        }

        static Table read(InputStream in) throws IOException {
            DataInputStream d = new DataInputStream(new BufferedInputStream(in, 1 << 16));
            if (d.readInt() != MAGIC || d.readInt() != VERSION) {
                throw new IOException("not a static embedder table of version " + VERSION);
            }
            int rows = d.readInt();
            int dims = d.readInt();
            int source = d.readInt();
            if (rows < 1 || rows > 1_000_000 || dims < 1 || dims > 4096 || source < dims || source > 4096
                    || (long) rows * dims > Integer.MAX_VALUE - 8) {
                throw new IOException("impossible table shape: " + rows + " rows, " + dims + " of " + source + " dims");
            }
            float sif = d.readFloat();
            float[] mean = floats(d, source);
            float[][] components = new float[dims][];
            for (int i = 0; i < dims; i++) {
                components[i] = floats(d, source);
            }
            float[] scales = floats(d, rows);
            byte[] values = new byte[rows * dims];
            d.readFully(values);
            if (d.read() != -1) {
                throw new IOException("bytes after the table's last row");
            }
            return new Table(sif, mean, components, scales, values);
        }

        private static float[] floats(DataInputStream d, int n) throws IOException {
            float[] out = new float[n];
            for (int i = 0; i < n; i++) {
                out[i] = d.readFloat();
            }
            return out;
        }
    }
}
