package dev.linker.index;

import dev.linker.core.result.LinkerException;

/** float32 HNSW, or HNSW over int8-quantized vectors (4× smaller in RAM, raw floats kept for rescoring). */
public enum VectorFormat {
    FLOAT, INT8;

    public static VectorFormat parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new LinkerException("unknown vector format \"" + s + "\" (known: float, int8)");
        }
    }
}
