package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.EmbedderSettings;
import dev.linker.core.embed.Embedders;
import dev.linker.core.embed.LocalMiniLmEmbedder;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Embedder options shared by the index commands; the default is the bundled offline model. */
final class EmbedOptions {
    @Option(names = "--embedder", paramLabel = "TYPE", description = "local (default: bundled all-MiniLM-L6-v2, offline), static (a vector a word piece derived from it, no model run: for catalogues; ranks nearly as well, anchors less apt) or openai (any OpenAI-compatible /v1/embeddings). An index keeps the one it was built with.")
    String type;

    @Option(names = "--embed-url", paramLabel = "URL", description = "openai: base URL (default https://api.openai.com/v1; Ollama: http://localhost:11434/v1).")
    String url;

    @Option(names = "--embed-model", paramLabel = "NAME", description = "openai: model name (default text-embedding-3-small).")
    String model;

    @Option(names = "--embed-dimensions", paramLabel = "N", description = "openai: vector length to request (0: the model's own).")
    int dimensions;

    @Option(names = "--embed-threads", paramLabel = "N", converter = ThreadCount.class, description = "local: threads the model runs on (default 0: all cores). Each text's windows run one by one on a core with batch size 1, so the vectors are the same at any count.")
    int threads;

    /** The embedder named by the options; the API key comes from LINKER_EMBEDDINGS_API_KEY or OPENAI_API_KEY. */
    Embedder create() {
        try {
            return Embedders.create(EmbedderSettings.of(type, url, model, dimensions).withThreads(threads));
        } catch (IllegalArgumentException e) {
            throw new LinkerException(e.getMessage(), e);
        }
    }

    /**
     * Reads {@code --embed-threads} when the command line is read (before any source is): a number the embedder's
     * settings accept ({@link EmbedderSettings#withThreads}, which says the range).
     */
    static final class ThreadCount implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                int n = Integer.parseInt(value.strip());
                EmbedderSettings.local().withThreads(n);
                return n;
            } catch (IllegalArgumentException e) { // NumberFormatException too
                throw new CommandLine.TypeConversionException("'" + value + "' " + EmbedderSettings.THREADS_RANGE);
            }
        }
    }

    /**
     * As {@link #forIndex}, but the local model loads only when a text is embedded: for a run that may embed nothing
     * (a page event that changes a status).
     */
    Embedder lazyForIndex(Path dir) {
        String recorded = PageIndex.recordedEmbedder(dir);
        if ((type == null || type.equalsIgnoreCase("local"))
                && (recorded == null || recorded.isEmpty() || recorded.equals(LocalMiniLmEmbedder.ID))) {
            return dev.linker.core.embed.LazyEmbedder.local(threads);
        }
        return forRecorded(dir, recorded);
    }

    /**
     * For an index (or a folder that will hold one): the embedder it was built with when that is a bundled one (the
     * local model or the static embedder) and no option says otherwise, so {@code suggest --query} just works; the
     * options' embedder otherwise.
     */
    Embedder forIndex(Path dir) {
        return type != null ? create() : forRecorded(dir, PageIndex.recordedEmbedder(dir));
    }

    /** As {@link #forIndex}, with the index's recorded embedder already read. */
    private Embedder forRecorded(Path dir, String recorded) {
        if (type != null) {
            return create();
        }
        Embedder bundled = Embedders.bundled(recorded, threads);
        if (bundled == null) {
            throw new LinkerException(dir + ": index was built with " + recorded
                    + "; pass the same --embedder/--embed-url/--embed-model to embed queries");
        }
        return bundled;
    }
}
