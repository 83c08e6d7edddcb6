package dev.linker.server.bench;

import dev.linker.index.PageIndex;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.DraftText;
import dev.linker.index.suggest.SuggestSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code --client engine}: the draft engine alone, in the driver JVM, without HTTP or a second process. Authors edit
 * their drafts a word at a time, as in the editing runs, and each edit goes to {@link DraftEngine#suggest} on this
 * one thread, as a server's request thread calls it (the local model runs on the calling thread). Prints the CPU
 * time of that thread per edit: what an edit costs one core, with no client, no other request and no network on
 * the machine's cores. Steadier than the load runs, so it is the figure to compare two versions of the engine by.
 */
final class EngineReplay {
    private EngineReplay() {
    }

    static void run(SyntheticSite site, Path index, int authors, int seconds, long seed) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (PageIndex idx = PageIndex.open(index)) {
            DraftEngine engine = DraftEngine.create(idx, SuggestSettings.DEFAULT, DraftEngine.DEFAULT_CACHE_ENTRIES,
                    DraftEngine.DEFAULT_REUSE_WORDS);
            List<Author> list = new ArrayList<>();
            for (int i = 0; i < authors; i++) {
                list.add(new Author(site, seed + i * 7919L));
            }
            for (Author a : list) { // each draft opened: embedded whole once, as the editing runs prime them
                suggest(engine, a);
            }
            // Warm-up (the JIT, the caches), then the measured pass, each for the given time.
            for (String pass : List.of("warm-up", "measured")) {
                long chunks0 = engine.embedder().embeddedCount();
                long spans0 = engine.embedder().spansEmbeddedCount();
                long cpu0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                long end = t0 + seconds * 1_000_000_000L;
                List<Long> wall = new ArrayList<>();
                while (System.nanoTime() < end) {
                    for (Author a : list) {
                        a.edit();
                        long s = System.nanoTime();
                        suggest(engine, a);
                        wall.add(System.nanoTime() - s);
                    }
                }
                long cpu = threads.getCurrentThreadCpuTime() - cpu0;
                long[] w = wall.stream().mapToLong(Long::longValue).sorted().toArray();
                System.out.printf(Locale.ROOT, "engine, %s: %d edits by %d authors in %.1f s on one thread: "
                                + "%.2f ms CPU per edit; p50 %.2f ms, p99 %.2f ms; per edit %.2f chunks and %.2f spans "
                                + "embedded%n", pass, w.length, authors, (System.nanoTime() - t0) / 1e9,
                        cpu / 1e6 / w.length, w[w.length / 2] / 1e6,
                        w[Math.min(w.length - 1, (int) Math.ceil(w.length * 0.99) - 1)] / 1e6,
                        (engine.embedder().embeddedCount() - chunks0) / (double) w.length,
                        (engine.embedder().spansEmbeddedCount() - spans0) / (double) w.length);
            }
        }
    }

    private static void suggest(DraftEngine engine, Author a) {
        engine.suggest(new DraftEngine.Request(a.title(), DraftText.of(a.text(), DraftText.Format.MARKDOWN), null, 5,
                List.of()));
    }

    /** The authors of a replay: the largest of {@code --concurrency} (they take turns on the one thread). */
    static int authors(int[] concurrency) {
        return Arrays.stream(concurrency).max().orElse(4);
    }
}
