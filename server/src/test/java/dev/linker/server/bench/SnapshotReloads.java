package dev.linker.server.bench;

import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.Draft;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code --reloads ROUNDS}: what the suggester's snapshot of the site costs to load again after a write, in the driver
 * JVM. While a CMS syncs the site, drafts are answered from the last snapshot and the next one loads on a background
 * thread after each committed batch, reading only the index segments the last load had not read. Each round writes
 * one batch of edited pages (as one {@code PUT} of the bulk sync: {@code --bulk-sync PAGES}, default 50), commits, and
 * loads the snapshot on this thread. Prints the thread's CPU time per load: the first (every page read), and the
 * median, least and most of the next ones; then the heap in use after a full GC (the snapshot that serves drafts and
 * what it keeps for the next load, with the index's own).
 */
final class SnapshotReloads {
    private SnapshotReloads() {
    }

    static void run(SyntheticSite site, Path index, int rounds, int batch) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (PageIndex idx = PageIndex.open(index)) {
            Suggester s = new Suggester(idx, SuggestSettings.DEFAULT);
            long c0 = threads.getCurrentThreadCpuTime();
            // A draft starts serving (from then on a load keeps what it read), loading the snapshot whole.
            s.forDraft(Draft.of(site.title(0), site.page(0).body()), 5);
            System.out.printf(Locale.ROOT, "snapshot: first load with a draft %.2f s CPU (%d pages)%n",
                    (threads.getCurrentThreadCpuTime() - c0) / 1e9, idx.size());
            double[] ms = new double[rounds];
            int cursor = 0;
            for (int r = 0; r < rounds; r++) {
                List<PageRecord> pages = new ArrayList<>(batch);
                for (int k = 0; k < batch; k++, cursor = (cursor + 7_919) % site.n) {
                    PageRecord p = site.page(cursor);
                    pages.add(new PageRecord(p.url(), new PageRecord.Text(p.title(), p.h1(),
                            p.body() + "\n\nRevised in round " + r + "."), p.category(), p.safety(), p.standing(),
                            p.meta(), new PageRecord.Outbound(p.links(), p.allLinks(), List.of()), p.knownAs()));
                }
                idx.putAll(pages);
                idx.commit();
                long c = threads.getCurrentThreadCpuTime();
                s.load();
                ms[r] = (threads.getCurrentThreadCpuTime() - c) / 1e6;
            }
            // The first reload after serving starts reads every segment again; the rest reuse what they read.
            double[] next = Arrays.copyOfRange(ms, Math.min(1, rounds), rounds);
            Arrays.sort(next);
            if (next.length > 0) {
                System.out.printf(Locale.ROOT, "snapshot: reload after a %d-page write, %d rounds: median %.0f ms CPU "
                                + "(least %.0f, most %.0f; the first reload, which reads every segment once more: "
                                + "%.0f ms)%n", batch, next.length, next[next.length / 2], next[0],
                        next[next.length - 1], ms[0]);
            }
            System.gc(); // what the serving snapshot and the segments kept for the next load hold, garbage aside
            System.out.printf(Locale.ROOT, "snapshot: heap in use after a full GC: %d MB%n",
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
        }
    }
}
