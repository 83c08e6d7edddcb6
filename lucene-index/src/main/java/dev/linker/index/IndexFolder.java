package dev.linker.index;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.Embedder;
import dev.linker.core.result.LinkerException;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.IOUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Opening an index (the {@code PageIndex.open…} methods do it here): its folder, the lock, an index stopped before its
 * first commit (cleared) or one that lost its commit point (refused), and the embedder, mode and format its commits
 * recorded, which a writer must match; Lucene's errors said in the user's terms.
 *
 * <p>The facade it opens ({@code T}, the {@code PageIndex}) is built and told what opening found by the two functions
 * the facade gives it, so that the opener does not name the class it is called from.
 */
final class IndexFolder<T> {
    /** Builds the facade over what opening made: the {@code PageIndex} constructor. */
    interface Build<T> {
        T build(String where, Directory dir, IndexWriter writer, SearcherManager searchers, Embedder embedder,
                String embedderId, int dimension, EmbedMode embedMode, VectorFormat format, IndexSettings options);
    }

    /**
     * Opening's last step on the facade built: a note for the command to say (or null), whether the folder awaits its
     * first commit, and what the last commit recorded beside the pages (null: none). {@code PageIndex.opened}.
     */
    interface Opened<T> {
        void opened(T index, String note, boolean firstCommitPending, Map<String, String> committed);
    }

    private final Build<T> build;
    private final Opened<T> opened;

    IndexFolder(Build<T> build, Opened<T> opened) {
        this.build = build;
        this.opened = opened;
    }

    T open(Path dir, Embedder embedder, IndexSettings options) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new LinkerException(dir + ": cannot create index folder: " + e.getMessage(), e);
        }
        Directory d = null;
        try {
            d = FSDirectory.open(dir);
            return openWriter(dir.toString(), d, embedder, options);
        } catch (LinkerException e) {
            IOUtils.closeWhileHandlingException(d);
            throw e;
        } catch (IOException e) {
            IOUtils.closeWhileHandlingException(d);
            throw translate(dir.toString(), e);
        }
    }

    T openExisting(Path dir, Embedder embedder) {
        if (!Files.isDirectory(dir)) {
            throw new LinkerException(dir + ": no index here");
        }
        String mode;
        try (Directory d = FSDirectory.open(dir)) {
            if (!DirectoryReader.indexExists(d)) {
                throw noIndex(dir, d, "");
            }
            mode = SegmentInfos.readLatestCommit(d).getUserData().getOrDefault(Fields.DATA_EMBED, EmbedMode.BOTH.id());
        } catch (IOException e) {
            throw translate(dir.toString(), e);
        }
        return open(dir, embedder, IndexSettings.DEFAULT.withEmbed(EmbedMode.parse(mode)));
    }

    T open(Directory directory, String where, Embedder embedder, IndexSettings options) {
        try {
            return openWriter(where, directory, embedder, options);
        } catch (LinkerException e) {
            IOUtils.closeWhileHandlingException(directory);
            throw e;
        } catch (IOException e) {
            IOUtils.closeWhileHandlingException(directory);
            throw translate(where, e);
        }
    }

    T inMemory(Embedder embedder, IndexSettings options) {
        try {
            return openWriter("(memory)", new ByteBuffersDirectory(), embedder, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    T openReadOnly(Path dir, Embedder embedder) {
        if (!Files.isDirectory(dir)) {
            throw new LinkerException(dir + ": no index here (run 'linker index SOURCE --index " + dir + "' first)");
        }
        Directory d = null;
        try {
            d = FSDirectory.open(dir);
            if (!DirectoryReader.indexExists(d)) {
                throw noIndex(dir, d, " (run 'linker index SOURCE --index " + dir + "' first)");
            }
            Map<String, String> data = SegmentInfos.readLatestCommit(d).getUserData();
            String id = data.getOrDefault(Fields.DATA_EMBEDDER, "");
            int dim = Integer.parseInt(data.getOrDefault(Fields.DATA_DIMENSION, "0"));
            checkEmbedder(dir.toString(), id, dim, embedder);
            SearcherManager sm = new SearcherManager(d, null);
            T idx = build.build(dir.toString(), d, null, sm, embedder, id, dim,
                    EmbedMode.parse(data.getOrDefault(Fields.DATA_EMBED, "both")),
                    VectorFormat.parse(data.getOrDefault(Fields.DATA_FORMAT, "float")), IndexSettings.DEFAULT);
            opened.opened(idx, null, false, data);
            return idx;
        } catch (LinkerException e) {
            IOUtils.closeWhileHandlingException(d);
            throw e;
        } catch (IOException | RuntimeException e) {
            IOUtils.closeWhileHandlingException(d);
            throw translate(dir.toString(), e);
        }
    }

    static boolean exists(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Directory d = FSDirectory.open(dir)) {
            return DirectoryReader.indexExists(d);
        } catch (IOException e) {
            throw translate(dir.toString(), e);
        }
    }

    static String recordedEmbedder(Path dir) {
        try (Directory d = FSDirectory.open(dir)) {
            if (!DirectoryReader.indexExists(d)) {
                return null;
            }
            return SegmentInfos.readLatestCommit(d).getUserData().get(Fields.DATA_EMBEDDER);
        } catch (IOException e) {
            throw translate(dir.toString(), e);
        }
    }

    private T openWriter(String where, Directory d, Embedder embedder, IndexSettings options) throws IOException {
        if (embedder == null) {
            throw new IllegalArgumentException("a writable index needs an embedder");
        }
        VectorFormat format = options.format();
        EmbedMode mode = options.embed();
        boolean exists = DirectoryReader.indexExists(d);
        String note = null;
        if (!exists) {
            List<String> stray = uncommittedFiles(d);
            if (!stray.isEmpty() && !neverCommitted(d)) {
                // Index files without a commit point, in a folder that had committed: segments_N was lost. Starting
                // afresh would silently turn a damaged index into an empty one. Refuse instead.
                throw new IndexCorruptException(where, "it has index files such as " + stray.get(0)
                        + " but no commit point, segments_N", null);
            }
            // An index stopped (killed, out of disk) before its first commit: Lucene writes segments_N last and
            // atomically, so its files hold nothing committed. Clear them and start afresh.
            for (String f : stray) {
                d.deleteFile(f);
            }
            if (!stray.isEmpty()) {
                note = where + " " + STOPPED_BEFORE_FIRST_COMMIT + "; cleared its " + stray.size()
                        + " files and started afresh";
            }
            if (!neverCommitted(d) && !(d instanceof ByteBuffersDirectory)) {
                d.createOutput(FIRST_COMMIT_PENDING, org.apache.lucene.store.IOContext.DEFAULT).close();
                d.sync(List.of(FIRST_COMMIT_PENDING));
                d.syncMetaData();
            }
        }
        if (exists) {
            Map<String, String> data = SegmentInfos.readLatestCommit(d).getUserData();
            checkEmbedder(where, data.getOrDefault(Fields.DATA_EMBEDDER, ""),
                    Integer.parseInt(data.getOrDefault(Fields.DATA_DIMENSION, "0")), embedder);
            // Vectors of one index must come from one recipe; the recorded mode/format win over new options.
            String recordedMode = data.get(Fields.DATA_EMBED);
            if (recordedMode != null && !recordedMode.equals(mode.id())) {
                throw new LinkerException(where + ": index embeds " + recordedMode + ", not " + mode.id()
                        + "; use --embed " + recordedMode + " or index into a new folder");
            }
            String recordedFormat = data.get(Fields.DATA_FORMAT);
            if (recordedFormat != null) {
                format = VectorFormat.parse(recordedFormat);
            }
        }
        IndexWriter w;
        try {
            w = new IndexWriter(d, IndexCodecs.writerConfig(format, options));
        } catch (LockObtainFailedException e) {
            throw new LinkerException(where + ": the index is open in another process (a server or another "
                    + "'linker index'); stop it or use another folder", e);
        }
        SearcherManager sm;
        try {
            sm = new SearcherManager(w, null);
        } catch (IOException | RuntimeException e) {
            w.rollback(); // releases the write lock without committing anything (a damaged segment fails here)
            throw e;
        }
        T idx = build.build(where, d, w, sm, embedder, embedder.id(), embedder.dimension(), mode, format, options);
        opened.opened(idx, note, !exists && !(d instanceof ByteBuffersDirectory),
                exists ? SegmentInfos.readLatestCommit(d).getUserData() : null);
        return idx;
    }

    /** How an index folder with files but no commit point is described, by every command alike. */
    static final String STOPPED_BEFORE_FIRST_COMMIT = "holds an index stopped before its first commit, so nothing "
            + "in it was committed";

    /** The files of an index that never committed: codec files and unfinished segments_N. */
    private static List<String> uncommittedFiles(Directory d) throws IOException {
        List<String> out = new java.util.ArrayList<>();
        for (String f : d.listAll()) {
            if (org.apache.lucene.index.IndexFileNames.CODEC_FILE_PATTERN.matcher(f).matches()
                    || f.startsWith(org.apache.lucene.index.IndexFileNames.SEGMENTS)
                    || f.startsWith(org.apache.lucene.index.IndexFileNames.PENDING_SEGMENTS)) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * "no index here", and why when the folder holds an index that never committed; index files in a folder that had
     * committed but lost its commit point are damage, said as {@code linker index} says it.
     */
    private static LinkerException noIndex(Path dir, Directory d, String advice) throws IOException {
        List<String> stray = uncommittedFiles(d);
        if (!stray.isEmpty() && !neverCommitted(d)) {
            return new IndexCorruptException(dir.toString(), "it has index files such as " + stray.get(0)
                    + " but no commit point, segments_N", null);
        }
        String why = stray.isEmpty() ? "" : ": the folder " + STOPPED_BEFORE_FIRST_COMMIT;
        return new LinkerException(dir + ": no index here" + why + advice);
    }

    /**
     * A file that stands from the creation of an index until its first commit: index files without a commit point
     * beside it are an index stopped early (nothing committed), without it a commit point lost.
     */
    static final String FIRST_COMMIT_PENDING = "linker-first-commit.pending";

    private static boolean neverCommitted(Directory d) throws IOException {
        return java.util.Arrays.asList(d.listAll()).contains(FIRST_COMMIT_PENDING);
    }

    private static void checkEmbedder(String where, String recordedId, int recordedDim, Embedder embedder) {
        if (embedder == null || recordedId.isEmpty()) {
            return;
        }
        if (!recordedId.equals(embedder.id()) || recordedDim != embedder.dimension()) {
            throw new LinkerException(where + ": index was built with embedder " + recordedId + " (" + recordedDim
                    + "-d) but this run uses " + embedder.id() + " (" + embedder.dimension() + "-d); use the same "
                    + "embedder or index into a new folder");
        }
    }

    private static LinkerException translate(String where, Exception e) {
        if (e instanceof LinkerException le) {
            return le;
        }
        if (e instanceof CorruptIndexException || e instanceof IndexFormatTooOldException
                || e instanceof IndexFormatTooNewException || e instanceof java.io.EOFException) {
            return new IndexCorruptException(where, e.getMessage(), e);
        }
        if (e instanceof IndexNotFoundException) {
            return new LinkerException(where + ": no index here (run 'linker index' first)", e);
        }
        if (e instanceof LockObtainFailedException) {
            return new LinkerException(where + ": the index is open in another process", e);
        }
        return new LinkerException(where + ": cannot open the index: " + e.getMessage(), e);
    }
}
