package dev.linker.index;

import dev.linker.core.embed.EmbedMode;

/**
 * How a {@link PageIndex} is written: what is embedded, the vectors' format, commits, merges and threads.
 *
 * @param commitEvery  pages between progress lines and commits during a sync (a commit at most every 15 s)
 * @param serialMerges merge segments in the writing thread, not in the background: the index's segments (and so
 *                     its approximate vector search) then depend only on what was written, not on timing — for a
 *                     job whose result must not depend on the machine (a plan's block on Spark)
 * @param writeThreads the most threads the embedder runs on while pages are written (a sync, an upsert): 0 for
 *                     all of its own ({@link dev.linker.core.embed.Embedder#threads()}); fewer leave cores to whatever else embeds
 *                     with it (a server's drafts). The vectors are the same at any count
 */
public record IndexSettings(EmbedMode embed, VectorFormat format, int commitEvery, boolean serialMerges,
                            int writeThreads) {
    public static final IndexSettings DEFAULT = new IndexSettings(EmbedMode.BOTH, VectorFormat.FLOAT, 500);

    public IndexSettings {
        if (writeThreads < 0) {
            throw new IllegalArgumentException("writeThreads " + writeThreads + " is negative");
        }
    }

    public IndexSettings(EmbedMode embed, VectorFormat format, int commitEvery) {
        this(embed, format, commitEvery, false, 0);
    }

    public IndexSettings withEmbed(EmbedMode e) {
        return new IndexSettings(e, format, commitEvery, serialMerges, writeThreads);
    }

    public IndexSettings withFormat(VectorFormat f) {
        return new IndexSettings(embed, f, commitEvery, serialMerges, writeThreads);
    }

    /** At most {@code n} threads embed what a write needs; 0: all the embedder has. */
    public IndexSettings withWriteThreads(int n) {
        return new IndexSettings(embed, format, commitEvery, serialMerges, n);
    }

    /** Commits only at the end of a sync and merges in the writing thread: the same pages, the same index. */
    public IndexSettings reproducible() {
        return new IndexSettings(embed, format, Integer.MAX_VALUE, true, writeThreads);
    }
}
