package dev.linker.server;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Request counts and latency histograms per route, and the engine's own figures, in Micrometer's Prometheus registry:
 * {@code /metrics} answers in the Prometheus text format, so any Prometheus-compatible scraper reads them.
 */
final class Metrics {
    /** The latency histogram's buckets: 5 ms to 10 s. */
    private static final Duration[] BUCKETS = java.util.stream.LongStream.of(5, 10, 25, 50, 100, 250, 500, 1000, 2500,
            5000, 10000).mapToObj(Duration::ofMillis).toArray(Duration[]::new);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Meter.MeterProvider<Counter> requests = Counter.builder("linker.http.requests")
            .description("HTTP requests by method, route and status.").withRegistry(registry);
    private final Meter.MeterProvider<Timer> latency = Timer.builder("linker.http.request.duration")
            .description("HTTP request latency by method and route.").serviceLevelObjectives(BUCKETS)
            .withRegistry(registry);
    /** The engine's figures as of the last scrape, which its meters read. */
    private final Map<String, Number> engine = new ConcurrentHashMap<>();

    void record(String method, String route, int status, long nanos) {
        requests.withTags("method", method, "route", route, "status", Integer.toString(status)).increment();
        latency.withTags("method", method, "route", route).record(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * The scrape: every meter, with the engine's figures as given ({@code linker_pages}; a name ending in
     * {@code _total} is a counter, any other a gauge).
     */
    String render(Map<String, Number> figures) {
        figures.forEach((name, value) -> {
            if (engine.put(name, value) == null) {
                if (name.endsWith("_total")) {
                    FunctionCounter.builder(name.substring(0, name.length() - "_total".length()), engine,
                            m -> m.get(name).doubleValue()).register(registry);
                } else {
                    Gauge.builder(name, engine, m -> m.get(name).doubleValue()).register(registry);
                }
            }
        });
        return registry.scrape();
    }
}
