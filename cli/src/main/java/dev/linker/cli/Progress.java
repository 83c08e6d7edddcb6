package dev.linker.cli;

import dev.linker.core.site.ReadListener;

import java.io.PrintWriter;

/**
 * Progress of a long read on stderr: a live counter on a terminal, nothing per page in CI logs (where carriage
 * returns pile up), and one closing line either way.
 */
final class Progress implements ReadListener {
    private static final int MIN_PAGES = 200;
    private final PrintWriter err;
    private final boolean live;
    private final boolean quiet;
    private final long start = System.nanoTime();
    private int lastPercent = -1;
    private int total;

    Progress(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
        this.live = !quiet && System.console() != null && System.getenv("CI") == null;
    }

    /** Pages read so far by any reader in this process: what an out-of-memory message reports. */
    static volatile int pagesRead;

    @Override
    public void progress(int done, int total) {
        pagesRead = done;
        this.total = total;
        if (!live || total < MIN_PAGES) {
            return;
        }
        int percent = done * 100 / total;
        if (percent != lastPercent) {
            lastPercent = percent;
            double secs = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
            Runtime rt = Runtime.getRuntime();
            err.print("\rlinker: reading pages " + done + "/" + total + " (" + percent + "%), " + Math.round(done / secs)
                    + " pages/s, " + ((rt.totalMemory() - rt.freeMemory()) >> 20) + " of " + (rt.maxMemory() >> 20)
                    + " MB heap in use");
            err.flush();
        }
    }

    @Override
    public void note(String message) {
        if (!quiet) {
            if (live && total >= MIN_PAGES) {
                err.print("\r\033[K");
            }
            err.println("linker: " + message);
            err.flush();
        }
    }

    /** Printed with --quiet too: quiet silences progress, never a warning that input goes unused. */
    @Override
    public void warning(String message) {
        if (live && total >= MIN_PAGES) {
            err.print("\r\033[K");
        }
        err.println("linker: warning: " + message);
        err.flush();
    }

    /** A status line of long work (a crawl): redrawn on a terminal, else at most every 10 s. */
    void update(String line) {
        if (quiet) {
            return;
        }
        long now = System.nanoTime();
        if (live) {
            err.print("\r\033[Klinker: " + line);
            drawn = true;
        } else if (now - lastLine >= 10_000_000_000L) {
            lastLine = now;
            err.println("linker: " + line);
        }
        err.flush();
    }

    private boolean drawn;
    private long lastLine = System.nanoTime();

    void done(String what) {
        if (quiet) {
            return;
        }
        if (live && (total >= MIN_PAGES || drawn)) {
            err.print("\r\033[K");
        }
        err.printf("linker: %s in %.1f s%n", what, (System.nanoTime() - start) / 1e9);
        err.flush();
    }
}
