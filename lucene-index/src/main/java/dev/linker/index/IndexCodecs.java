package dev.linker.index;

import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

import java.io.IOException;

/** How the index's writer writes: its analyzer, codec (float32 or int8 HNSW, up to 4096 dimensions) and merges. */
final class IndexCodecs {
    private IndexCodecs() {
    }

    static IndexWriterConfig writerConfig(VectorFormat format, IndexSettings options) {
        IndexWriterConfig cfg = new IndexWriterConfig(new LinkerAnalyzer());
        cfg.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
        cfg.setCodec(codec(format));
        cfg.setRAMBufferSizeMB(64);
        if (options.serialMerges()) {
            cfg.setMergeScheduler(new org.apache.lucene.index.SerialMergeScheduler());
        } else {
            cfg.setMergeScheduler(new org.apache.lucene.index.ConcurrentMergeScheduler() {
                @Override
                protected void handleMergeException(Throwable exc) {
                    // A merge out of disk space stops the writer; the next write says why (DiskFullException) and
                    // reopens it once there is space. No stack trace from a merge thread for that.
                    if (!DiskFullException.isDiskFull(exc)) {
                        super.handleMergeException(exc);
                    }
                }
            });
        }
        return cfg;
    }

    private static Lucene104Codec codec(VectorFormat format) {
        KnnVectorsFormat base = format == VectorFormat.INT8
                ? new Lucene104HnswScalarQuantizedVectorsFormat(
                org.apache.lucene.util.quantization.QuantizedByteVectorValues.ScalarEncoding.UNSIGNED_BYTE, 16, 100)
                : new Lucene99HnswVectorsFormat(16, 100);
        KnnVectorsFormat wide = new WideVectors(base);
        return new Lucene104Codec() {
            @Override
            public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                return wide;
            }
        };
    }

    /**
     * Lifts Lucene's 1024-dimension default so 1536-d and 3072-d API embeddings fit. It writes under the
     * delegate's SPI name, so readers need nothing special.
     */
    private static final class WideVectors extends KnnVectorsFormat {
        private final KnnVectorsFormat delegate;

        WideVectors(KnnVectorsFormat delegate) {
            super(delegate.getName());
            this.delegate = delegate;
        }

        @Override
        public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
            return delegate.fieldsWriter(state);
        }

        @Override
        public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
            return delegate.fieldsReader(state);
        }

        @Override
        public int getMaxDimensions(String fieldName) {
            return 4096;
        }
    }
}
