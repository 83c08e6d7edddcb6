package dev.linker.index;

import dev.linker.core.model.TextRegion;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The stored form of a page's text regions: per region its kind letter ('h', 'c', 'l'), the distance of its start
 * from the previous region's start, and its length, both as variable-length integers. A page of 200 links stores
 * about 800 bytes rather than a string per region.
 */
public final class TextRegions {
    private TextRegions() {
    }

    public static byte[] encode(List<TextRegion> regions) {
        List<TextRegion> sorted = new ArrayList<>(regions);
        sorted.sort(Comparator.comparingInt(TextRegion::start).thenComparingInt(TextRegion::end));
        ByteArrayOutputStream out = new ByteArrayOutputStream(sorted.size() * 4);
        int previous = 0;
        for (TextRegion r : sorted) {
            out.write(r.kind().letter());
            writeVInt(out, r.start() - previous);
            writeVInt(out, r.end() - r.start());
            previous = r.start();
        }
        return out.toByteArray();
    }

    /** @throws IllegalArgumentException when the bytes are not what {@link #encode} writes */
    public static List<TextRegion> decode(byte[] bytes) {
        List<TextRegion> out = new ArrayList<>();
        if (bytes == null) {
            return out;
        }
        int[] at = {0};
        int start = 0;
        while (at[0] < bytes.length) {
            TextRegion.Kind kind = TextRegion.Kind.ofLetter((char) bytes[at[0]++]);
            start += readVInt(bytes, at);
            int length = readVInt(bytes, at);
            out.add(new TextRegion(kind, start, start + length));
        }
        return out;
    }

    private static void writeVInt(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static int readVInt(byte[] b, int[] at) {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (at[0] >= b.length) {
                break;
            }
            int x = b[at[0]++];
            v |= (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
        }
        throw new IllegalArgumentException("truncated text regions");
    }
}
