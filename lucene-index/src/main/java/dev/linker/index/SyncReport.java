package dev.linker.index;

/**
 * What a sync did; {@link #toString()} is the line users see: "412 unchanged, 3 embedded, 1 removed" (and
 * "…, 980 imported" when vectors made elsewhere were taken).
 */
public record SyncReport(int unchanged, int embedded, int removed, int imported) {
    public SyncReport(int unchanged, int embedded, int removed) {
        this(unchanged, embedded, removed, 0);
    }

    @Override
    public String toString() {
        return unchanged + " unchanged, " + embedded + " embedded, " + (imported > 0 ? imported + " imported, " : "")
                + removed + " removed";
    }
}
