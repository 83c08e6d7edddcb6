package dev.linker.index;

import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.FilterIndexOutput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

import java.io.IOException;

/**
 * A Lucene directory whose disk fills when a test says so: from then on every new file and every byte written fails
 * as a full disk fails ({@code IOException: No space left on device}), in the caller's thread or a merge thread, until
 * the test frees it. Reads go on.
 */
public final class FillingDisk extends FilterDirectory {
    private volatile boolean full;

    public FillingDisk(Directory in) {
        super(in);
    }

    public void fill() {
        full = true;
    }

    public void free() {
        full = false;
    }

    private void check() throws IOException {
        if (full) {
            throw new IOException("No space left on device");
        }
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
        check();
        return filling(super.createOutput(name, context));
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        check();
        return filling(super.createTempOutput(prefix, suffix, context));
    }

    private IndexOutput filling(IndexOutput out) {
        return new FilterIndexOutput("filling(" + out + ")", out.getName(), out) {
            @Override
            public void writeByte(byte b) throws IOException {
                check();
                super.writeByte(b);
            }

            @Override
            public void writeBytes(byte[] b, int offset, int length) throws IOException {
                check();
                super.writeBytes(b, offset, length);
            }
        };
    }
}
