package dev.linker.core.site;

import dev.linker.core.model.Page;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.PageMeta;
import dev.linker.core.model.TextRegion;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pages' main text and the metadata only the text tells, written aside in a temporary file while a site is read
 * without text, so that a door taking each page's text later, in turn, need not parse the page again
 * ({@link SiteReader#readForText}). The file is deleted from its folder as soon as it is open where the system
 * allows, else when the spill is closed (once what reads it is unreachable: {@link #closeWhenUnreachable}) or the
 * JVM exits.
 * Safe to use from several threads at once.
 */
final class TextSpill {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "linker-text-spill-cleaner");
        t.setDaemon(true);
        return t;
    });

    private final FileChannel channel;
    /** Where each page's entry starts, by its file (two files may be one page: each file is read, one is kept). */
    private final Map<String, Long> at = new HashMap<>();
    private long end;
    /** Set when a write failed (a full disk): pages from then on are not spilled, and are read again instead. */
    private boolean failed;

    private TextSpill(FileChannel channel) {
        this.channel = channel;
    }

    /** A new spill in a temporary file; null when none can be made (pages are then read again). */
    static TextSpill open() {
        try {
            Path file = Files.createTempFile("linker-text-", ".bin");
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.DELETE_ON_CLOSE);
            try {
                Files.deleteIfExists(file); // POSIX: no file left behind even if the process is killed
            } catch (IOException ignored) {
                // Windows keeps an open file: it goes when the channel closes
            }
            return new TextSpill(ch);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Closes this spill, and so removes its file, once {@code owner} (what reads from it) is unreachable. */
    void closeWhenUnreachable(Object owner) {
        FileChannel ch = channel;
        CLEANER.register(owner, () -> {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing to tell: the file was temporary
            }
        });
    }

    /** Keeps {@code text} and {@code meta} for the page read from {@code file}; a failed write leaves it unkept. */
    void put(String file, String text, PageMeta meta) {
        byte[] entry = encode(text, meta);
        synchronized (this) {
            if (failed) {
                return;
            }
            try {
                ByteBuffer b = ByteBuffer.wrap(entry);
                long pos = end;
                while (b.hasRemaining()) {
                    pos += channel.write(b, pos);
                }
                at.put(file, end);
                end = pos;
            } catch (IOException e) {
                failed = true;
            }
        }
    }

    /** {@code p} with the text and metadata kept for it, as a read with text gives it; null when none were kept. */
    Page filled(Page p) {
        Long pos;
        synchronized (this) {
            pos = p.file() == null ? null : at.get(p.file());
        }
        if (pos == null) {
            return null;
        }
        try {
            ByteBuffer head = read(pos, Integer.BYTES);
            ByteBuffer body = read(pos + Integer.BYTES, head.getInt());
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(body.array()));
            String text = string(in);
            PageMeta meta = meta(in);
            return new Page(p.url(), p.file(), p.titles(), p.indexing(), p.breadcrumbs(),
                    new Page.Body(text, p.sectionHeadings(), p.lang()), p.links(), meta);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the text kept aside for " + p.url(), e);
        }
    }

    private ByteBuffer read(long pos, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        long at = pos;
        while (b.hasRemaining()) {
            int got = channel.read(b, at);
            if (got < 0) {
                throw new IOException("the temporary file ends early");
            }
            at += got;
        }
        return b.flip();
    }

    private static byte[] encode(String text, PageMeta meta) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length() + 64);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(0); // the length, set below
            string(out, text);
            out.writeLong(meta.published() == null ? Long.MIN_VALUE : meta.published().toEpochDay());
            out.writeInt(meta.tags().size());
            for (String t : meta.tags()) {
                string(out, t);
            }
            out.writeByte(meta.kind().ordinal());
            out.writeInt(meta.regions().size());
            for (TextRegion r : meta.regions()) {
                out.writeByte(r.kind().ordinal());
                out.writeInt(r.start());
                out.writeInt(r.end());
            }
            string(out, meta.language());
            byte[] entry = bytes.toByteArray();
            ByteBuffer.wrap(entry).putInt(entry.length - Integer.BYTES);
            return entry;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by an in-memory stream
        }
    }

    private static PageMeta meta(DataInputStream in) throws IOException {
        long day = in.readLong();
        int tagCount = in.readInt();
        List<String> tags = new ArrayList<>(tagCount);
        for (int i = 0; i < tagCount; i++) {
            tags.add(string(in));
        }
        PageKind kind = PageKind.values()[in.readByte()];
        int regionCount = in.readInt();
        List<TextRegion> regions = new ArrayList<>(regionCount);
        for (int i = 0; i < regionCount; i++) {
            regions.add(new TextRegion(TextRegion.Kind.values()[in.readByte()], in.readInt(), in.readInt()));
        }
        return new PageMeta(day == Long.MIN_VALUE ? null : LocalDate.ofEpochDay(day), tags, kind, regions,
                string(in));
    }

    /** Characters a piece of a string: modified UTF-8 takes up to 3 bytes a character, and a piece 65,535. */
    private static final int PIECE = 20_000;

    /** A string as pieces of modified UTF-8, which keeps every char, a lone surrogate too. */
    private static void string(DataOutputStream out, String s) throws IOException {
        out.writeInt(s.length());
        for (int i = 0; i < s.length(); i += PIECE) {
            out.writeUTF(s.substring(i, Math.min(s.length(), i + PIECE)));
        }
    }

    private static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n <= PIECE) {
            return n == 0 ? "" : in.readUTF();
        }
        StringBuilder b = new StringBuilder(n);
        while (b.length() < n) {
            b.append(in.readUTF());
        }
        return b.toString();
    }
}
