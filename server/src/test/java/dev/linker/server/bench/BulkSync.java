package dev.linker.server.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.index.PageRecord;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A bulk sync beside the editors ({@code --bulk-sync PAGES}): one client sends {@code PUT /api/v1/pages} batches of
 * {@code batch} edited pages of the site back to back, as the WordPress plug-in's whole-site sync or {@code wp linker
 * sync} does, for as long as a run lasts. Each page's text changes every pass, so the server embeds every page it is
 * sent (an unchanged page would be skipped).
 */
final class BulkSync implements AutoCloseable {
    /** The write key the benchmark's server is started with. */
    static final String KEY = "bench-write-key";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SyntheticSite site;
    private final int batch;
    private final HttpClient http = ServerLoadBenchmark.Client.http11();
    private final URI pages;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Thread thread;
    private final long start = System.nanoTime();
    private long stopped;
    private int cursor;
    private int revision;
    private long written;
    private long requests;
    private long errors;
    private String firstError;

    private BulkSync(String base, SyntheticSite site, int batch) {
        this.site = site;
        this.batch = batch;
        this.pages = URI.create(base + "/api/v1/pages");
        this.thread = Thread.ofPlatform().name("bulk-sync").start(this::loop);
    }

    /** Starts sending batches of {@code batch} pages to the server at {@code base}. */
    static BulkSync start(String base, SyntheticSite site, int batch) {
        return new BulkSync(base, site, batch);
    }

    private void loop() {
        while (!stop.get()) {
            String body = body();
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(pages)
                        .header("Content-Type", "application/json").header("Authorization", "Bearer " + KEY).timeout(Duration.ofSeconds(300))
                        .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                synchronized (this) {
                    requests++;
                    if (r.statusCode() == 200) {
                        written += batch;
                    } else {
                        error("HTTP " + r.statusCode() + ": " + r.body().substring(0, Math.min(300, r.body().length())));
                    }
                }
            } catch (IOException e) {
                error(e.toString());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void error(String message) {
        errors++;
        if (firstError == null) {
            firstError = message;
        }
    }

    /** The next {@code batch} pages of the site, each with a sentence that names this pass, so each one changed. */
    private String body() {
        List<Map<String, Object>> list = new ArrayList<>(batch);
        for (int k = 0; k < batch; k++) {
            if (cursor == site.n) {
                cursor = 0;
                revision++;
            }
            PageRecord p = site.page(cursor++);
            Map<String, Object> page = new LinkedHashMap<>();
            page.put("url", p.url());
            page.put("title", p.title());
            page.put("text", p.body() + "\n\nRevised in pass " + (revision + 1) + " of the bulk sync.");
            page.put("category", p.category());
            list.add(page);
        }
        try {
            return JSON.writeValueAsString(Map.of("pages", list));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Stops after the batch in flight; what it did, for the run's notes. */
    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        thread.join();
        stopped = System.nanoTime();
    }

    /** One line for the run's notes: pages written, their rate, the batches' errors. */
    synchronized String summary() {
        double secs = ((stopped == 0 ? System.nanoTime() : stopped) - start) / 1e9;
        return String.format(Locale.ROOT, "bulk sync beside it: %,d pages written in %d PUTs of %d (%.1f pages/s over "
                + "%.0f s, the last batch finished after the run), %d errors%s", written, requests, batch,
                written / secs, secs, errors, firstError == null ? "" : "; first: " + firstError);
    }
}
