package dev.linker.index;

import dev.linker.core.result.LinkerException;
import dev.linker.core.site.FolderFiles;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Vectors computed elsewhere — the Parquet {@code linker-spark embed} writes ({@code url, contentHash, embedder,
 * embed, vector}) — for {@link PageIndex#sync} to take instead of embedding: a page gets its imported vector when
 * the URL is there with the hash of the text the page has now. Every row must be of the index's embedder, embed
 * mode and dimension (else a {@link LinkerException} naming the folder and both).
 *
 * <p>A million vectors do not fit a small heap: they are copied to a temporary file as read, and only each URL's
 * hash and file offset stay in memory; {@link #close()} deletes the file.
 */
public final class ImportedVectors implements VectorSource, AutoCloseable {
    private record Entry(long hashHigh, long hashLow, long offset) {
    }

    private final Path source;
    private final int dimension;
    private final Path file;
    private final FileChannel channel;
    private final Map<String, Entry> entries = new HashMap<>();
    private int taken;

    private ImportedVectors(Path source, int dimension, Path file, FileChannel channel) {
        this.source = source;
        this.dimension = dimension;
        this.file = file;
        this.channel = channel;
    }

    /**
     * Reads every {@code .parquet} file under {@code dir} (or the one file it names).
     *
     * @param embedder  the index's embedder id: every row must carry it
     * @param embed     the index's embed mode id ({@code title}, {@code content}, {@code both})
     * @param dimension the index's vector length
     */
    public static ImportedVectors read(Path dir, String embedder, String embed, int dimension,
                                       Consumer<String> progress) {
        List<Path> files = parquetFiles(dir);
        Path tmp;
        FileChannel ch;
        try {
            tmp = Files.createTempFile("linker-vectors", ".f32");
            ch = FileChannel.open(tmp, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file for imported vectors", e);
        }
        ImportedVectors v = new ImportedVectors(dir, dimension, tmp, ch);
        try {
            for (Path f : files) {
                v.readFile(f, embedder, embed, progress);
            }
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private static List<Path> parquetFiles(Path dir) {
        if (Files.isRegularFile(dir)) {
            return List.of(dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new LinkerException(dir + ": no such folder of vectors (give the --out folder of linker-spark embed)");
        }
        List<Path> files;
        try (Stream<Path> s = FolderFiles.list(dir, "vectors folder", rel -> false).files().stream()) {
            files = s.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet")).sorted()
                    .toList();
        }
        if (files.isEmpty()) {
            throw new LinkerException(dir + ": no .parquet files in it (give the --out folder of linker-spark embed)");
        }
        return files;
    }

    private void readFile(Path f, String embedder, String embed, Consumer<String> progress) {
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f), options)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            for (String column : List.of("url", "contentHash", "embedder", "embed", "vector")) {
                if (!schema.containsField(column)) {
                    throw new LinkerException(f + ": no " + column + " column (columns: " + schema.getFields().stream()
                            .map(t -> t.getName()).toList() + "); vectors come from linker-spark embed");
                }
            }
            for (BlockMetaData block : r.getFooter().getBlocks()) {
                for (ColumnChunkMetaData c : block.getColumns()) {
                    if (c.getCodec() != CompressionCodecName.UNCOMPRESSED) {
                        throw new LinkerException(f + ": compressed with " + c.getCodec() + "; linker index reads "
                                + "uncompressed Parquet, as linker-spark embed writes it (rewrite it with Spark's "
                                + "option compression=none)");
                    }
                }
            }
            PageReadStore rows;
            ByteBuffer buf = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            while ((rows = r.readNextRowGroup()) != null) {
                RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema)
                        .getRecordReader(rows, new GroupRecordConverter(schema));
                for (long i = 0; i < rows.getRowCount(); i++) {
                    add(f, records.read(), embedder, embed, buf);
                }
                if (progress != null) {
                    progress.accept("imported " + entries.size() + " vectors from " + source);
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof LinkerException l) {
                throw l;
            }
            // Parquet names the file as an object ("LocalInputFile@1b2c3d is not a Parquet file …"): we name it.
            String why = String.valueOf(e.getMessage()).replaceAll("\\S*InputFile@\\w+ ?", "").strip();
            throw new LinkerException(f + ": cannot read as Parquet: " + why, e);
        }
    }

    private void add(Path f, Group g, String embedder, String embed, ByteBuffer buf) throws IOException {
        String url = g.getString("url", 0);
        String rowEmbedder = g.getString("embedder", 0);
        String rowEmbed = g.getString("embed", 0);
        if (!rowEmbedder.equals(embedder) || !rowEmbed.equals(embed)) {
            throw new LinkerException(f + ": vectors of " + rowEmbedder + " (--embed " + rowEmbed + ") for " + url
                    + ", but the index embeds with " + embedder + " (--embed " + embed + "); embed again with the"
                    + " index's embedder, or index with the vectors' one");
        }
        Group list = g.getGroup("vector", 0);
        int n = list.getFieldRepetitionCount(0);
        if (n != dimension) {
            throw new LinkerException(f + ": a vector of " + n + " dimensions for " + url + ", but the index holds "
                    + dimension);
        }
        buf.clear();
        for (int k = 0; k < n; k++) {
            buf.putFloat(list.getGroup(0, k).getFloat(0, 0));
        }
        buf.flip();
        long offset = channel.size();
        while (buf.hasRemaining()) {
            channel.write(buf, offset + buf.position());
        }
        byte[] h = hash(f, url, g.getString("contentHash", 0));
        Entry before = entries.put(url, new Entry(ByteBuffer.wrap(h).getLong(0), ByteBuffer.wrap(h).getLong(8), offset));
        if (before != null) {
            throw new LinkerException(source + ": two vectors for " + url);
        }
    }

    private static byte[] hash(Path f, String url, String hex) {
        try {
            byte[] h = HexFormat.of().parseHex(hex);
            if (h.length >= 16) {
                return h;
            }
        } catch (IllegalArgumentException e) {
            // said below
        }
        throw new LinkerException(f + ": content hash \"" + hex + "\" of " + url + " is not a SHA-256 in hex");
    }

    /** Vectors read. */
    public int size() {
        return entries.size();
    }

    /** Vectors {@link #vector} has handed out. */
    public int taken() {
        return taken;
    }

    /** The imported vector of {@code url} when it was made from the text with {@code contentHash}, else null. */
    @Override
    public float[] vector(String url, String contentHash) {
        Entry e = entries.get(url);
        if (e == null) {
            return null;
        }
        byte[] h = HexFormat.of().parseHex(contentHash);
        if (ByteBuffer.wrap(h).getLong(0) != e.hashHigh() || ByteBuffer.wrap(h).getLong(8) != e.hashLow()) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try {
            while (buf.hasRemaining()) {
                if (channel.read(buf, e.offset() + buf.position()) < 0) {
                    throw new IOException("unexpected end of " + file);
                }
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        buf.flip();
        float[] v = new float[dimension];
        buf.asFloatBuffer().get(v);
        taken++;
        return v;
    }

    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a temporary file left behind is the system's to clean
        }
    }
}
