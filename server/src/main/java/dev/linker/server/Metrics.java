package dev.linker.server;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Request counts and latency histograms per route, in the Prometheus text exposition format (version 0.0.4), so
 * any Prometheus-compatible scraper reads them without a client library.
 */
final class Metrics {
    static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private record Key(String method, String route, int status) {
    }

    private record Route(String method, String route) {
    }

    private static final class Histogram {
        final LongAdder[] counts = new LongAdder[BUCKETS.length];
        final LongAdder count = new LongAdder();
        final java.util.concurrent.atomic.DoubleAdder sum = new java.util.concurrent.atomic.DoubleAdder();

        Histogram() {
            for (int i = 0; i < counts.length; i++) {
                counts[i] = new LongAdder();
            }
        }

        void observe(double seconds) {
            for (int i = 0; i < BUCKETS.length; i++) {
                if (seconds <= BUCKETS[i]) {
                    counts[i].increment();
                }
            }
            count.increment();
            sum.add(seconds);
        }
    }

    private final Map<Key, LongAdder> requests = new ConcurrentHashMap<>();
    private final Map<Route, Histogram> latency = new ConcurrentHashMap<>();

    void record(String method, String route, int status, long nanos) {
        requests.computeIfAbsent(new Key(method, route, status), k -> new LongAdder()).increment();
        latency.computeIfAbsent(new Route(method, route), k -> new Histogram()).observe(nanos / 1e9);
    }

    String render(Map<String, Number> gauges) {
        StringBuilder sb = new StringBuilder();
        sb.append("# HELP linker_http_requests_total HTTP requests by method, route and status.\n");
        sb.append("# TYPE linker_http_requests_total counter\n");
        new TreeMap<String, Long>(requests.entrySet().stream().collect(java.util.stream.Collectors.toMap(
                e -> labels(e.getKey().method(), e.getKey().route()) + ",status=\"" + e.getKey().status() + "\"",
                e -> e.getValue().sum()))).forEach((l, v) ->
                sb.append("linker_http_requests_total{").append(l).append("} ").append(v).append('\n'));
        sb.append("# HELP linker_http_request_duration_seconds HTTP request latency by method and route.\n");
        sb.append("# TYPE linker_http_request_duration_seconds histogram\n");
        latency.forEach((r, h) -> {
            String l = labels(r.method(), r.route());
            for (int i = 0; i < BUCKETS.length; i++) {
                sb.append("linker_http_request_duration_seconds_bucket{").append(l).append(",le=\"")
                        .append(fmt(BUCKETS[i])).append("\"} ").append(h.counts[i].sum()).append('\n');
            }
            sb.append("linker_http_request_duration_seconds_bucket{").append(l).append(",le=\"+Inf\"} ")
                    .append(h.count.sum()).append('\n');
            sb.append("linker_http_request_duration_seconds_sum{").append(l).append("} ")
                    .append(fmt(h.sum.sum())).append('\n');
            sb.append("linker_http_request_duration_seconds_count{").append(l).append("} ")
                    .append(h.count.sum()).append('\n');
        });
        gauges.forEach((name, v) -> {
            sb.append("# TYPE ").append(name).append(name.endsWith("_total") ? " counter\n" : " gauge\n");
            sb.append(name).append(' ').append(v).append('\n');
        });
        return sb.toString();
    }

    private static String labels(String method, String route) {
        return "method=\"" + method + "\",route=\"" + route.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%s", d);
    }
}
