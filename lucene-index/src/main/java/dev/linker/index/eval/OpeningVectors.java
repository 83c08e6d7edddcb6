package dev.linker.index.eval;

import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.index.PageIndex;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.ChecksumIndexInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The vectors of pages' openings learning embeds ({@link Learning}: each page's opening is learned from as a draft of
 * it), kept by the SHA-256 of the text embedded: a site learned again after a link change embeds only the openings
 * whose text changed, and a changed page's opening gets a new vector (its text has another hash). An embedder in its
 * own right — the index's, with a memory — so the vectors are the ones the model gives for that text, bit for bit.
 *
 * <p>A folder index keeps them in {@value #FILE} beside its segments (Lucene's codec header and checksum footer,
 * written to a temporary file, synced, then renamed over the last one: a crash leaves the last whole file or none,
 * never half of one). A file of another embedder, of another format or damaged is ignored and replaced; it holds the
 * openings of the last learning only, so pages gone or changed take their old vectors with them.
 */
public final class OpeningVectors implements Embedder {
    /** The file in the index folder. */
    static final String FILE = "linker-openings.vec";
    private static final String TEMP = "linker-openings.tmp";
    private static final String CODEC = "LinkerOpenings";
    private static final int FORMAT = 1;

    private final Embedder embedder;
    private final Path folder;
    private final Map<String, float[]> known;
    private final Map<String, float[]> used = new ConcurrentHashMap<>();

    private OpeningVectors(Embedder embedder, Path folder, Map<String, float[]> known) {
        this.embedder = embedder;
        this.folder = folder;
        this.known = known;
    }

    /**
     * The openings' vectors of {@code index}: a folder index's as its last learning kept them, an index in memory's
     * for this learning only. Null when the index has no embedder (no openings are embedded).
     */
    public static OpeningVectors of(PageIndex index) {
        if (index.embedder() == null) {
            return null;
        }
        Path folder = Path.of(index.where());
        if (!Files.isDirectory(folder)) {
            return new OpeningVectors(index.embedder(), null, Map.of());
        }
        return new OpeningVectors(index.embedder(), folder, read(folder, index.embedder()));
    }

    @Override
    public String id() {
        return embedder.id();
    }

    @Override
    public int dimension() {
        return embedder.dimension();
    }

    /** The kept vector of {@code text}, else the embedder's (kept from now on). */
    @Override
    public float[] embed(String text) {
        String key = EmbedText.hash(text);
        float[] v = known.get(key);
        if (v == null) {
            v = used.get(key);
        }
        if (v == null) {
            v = embedder.embed(text);
        }
        used.put(key, v);
        return v;
    }

    /**
     * Writes the vectors of this learning's openings (a folder index; nothing for an index in memory); when they cannot
     * be written, the file before stays whole (or absent) and learning goes on.
     */
    public void save() {
        if (folder == null) {
            return;
        }
        try (Directory d = FSDirectory.open(folder)) {
            if (List.of(d.listAll()).contains(TEMP)) {
                d.deleteFile(TEMP);
            }
            try (IndexOutput out = d.createOutput(TEMP, IOContext.DEFAULT)) {
                CodecUtil.writeHeader(out, CODEC, FORMAT);
                out.writeString(embedder.id());
                out.writeVInt(embedder.dimension());
                Map<String, float[]> sorted = new TreeMap<>(used);
                out.writeVInt(sorted.size());
                for (Map.Entry<String, float[]> e : sorted.entrySet()) {
                    out.writeString(e.getKey());
                    for (float f : e.getValue()) {
                        out.writeInt(Float.floatToRawIntBits(f));
                    }
                }
                CodecUtil.writeFooter(out);
            }
            d.sync(List.of(TEMP));
            d.rename(TEMP, FILE);
            d.syncMetaData();
        } catch (IOException e) {
            // Only a saving of time is lost: the next learning embeds these openings again. A full disk is reported by
            // the index's own next write, which cannot lose it.
            try {
                Files.deleteIfExists(folder.resolve(TEMP));
            } catch (IOException ignored) {
                // the next save deletes it first
            }
        }
    }

    /** The kept vectors, or none when there is no whole file of this embedder's. */
    private static Map<String, float[]> read(Path folder, Embedder embedder) {
        if (!Files.isRegularFile(folder.resolve(FILE))) {
            return Map.of();
        }
        try (Directory d = FSDirectory.open(folder);
             ChecksumIndexInput in = d.openChecksumInput(FILE)) {
            CodecUtil.checkHeader(in, CODEC, FORMAT, FORMAT);
            Map<String, float[]> out = new java.util.HashMap<>();
            if (in.readString().equals(embedder.id()) && in.readVInt() == embedder.dimension()) {
                int n = in.readVInt();
                for (int i = 0; i < n; i++) {
                    String key = in.readString();
                    float[] v = new float[embedder.dimension()];
                    for (int j = 0; j < v.length; j++) {
                        v[j] = Float.intBitsToFloat(in.readInt());
                    }
                    out.put(key, v);
                }
            } else {
                return Map.of();
            }
            CodecUtil.checkFooter(in);
            return out;
        } catch (IOException | RuntimeException e) {
            // Damaged, cut short or of another format: embedded again, and the file replaced.
            return Map.of();
        }
    }
}
