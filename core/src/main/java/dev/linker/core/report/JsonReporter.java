package dev.linker.core.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Summary;

import java.io.IOException;
import java.util.Map;

/**
 * The machine-readable report, schema version 1 (documented in docs/report-schema.md). Fields are only ever added
 * within a schema version; a rename or removal bumps {@link #SCHEMA_VERSION}.
 */
public final class JsonReporter extends BaseReporter {
    public static final int SCHEMA_VERSION = 1;

    public JsonReporter(ReportOptions options) {
        super("json", "json", options);
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        JsonOutput.write(out, g -> {
            g.writeStartObject();
            g.writeNumberField("schemaVersion", SCHEMA_VERSION);
            g.writeObjectFieldStart("tool");
            g.writeStringField("name", Version.NAME);
            g.writeStringField("version", options.toolVersion());
            g.writeEndObject();
            g.writeStringField("site", ReportSupport.siteDisplay(result));
            JsonOutput.stringOrNull(g, "baseUrl", result.config().input().baseUrl());
            JsonOutput.stringOrNull(g, "entry", ReportSupport.entry(result));
            writeSummary(g, result);
            writeLinkStats(g, result);
            g.writeArrayFieldStart("findings");
            for (Finding f : ReportSupport.sorted(result.findings())) {
                writeFinding(g, f, options);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static void writeSummary(JsonGenerator g, AuditResult result) throws IOException {
        Summary s = result.summary();
        g.writeObjectFieldStart("summary");
        g.writeNumberField("pages", s.pages());
        g.writeNumberField("links", s.links());
        g.writeNumberField("contentLinks", s.contentLinks());
        g.writeNumberField("orphans", s.orphans());
        g.writeNumberField("contentOrphans", s.contentOrphans());
        g.writeNumberField("unreachable", s.unreachable());
        g.writeNumberField("brokenLinks", s.brokenLinks());
        g.writeNumberField("reciprocalPairs", s.reciprocalPairs());
        g.writeNumberField("contentReciprocalPairs", s.contentReciprocalPairs());
        g.writeObjectFieldStart("depthHistogram");
        for (Map.Entry<Integer, Integer> e : s.depthHistogram().entrySet()) {
            g.writeNumberField(String.valueOf(e.getKey()), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("findings");
        for (Map.Entry<String, Integer> e : s.findings().entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeNumberField("baselined", result.baselined());
        g.writeEndObject();
    }

    /** What the HTML report charts: inbound links per page, anchor diversity per target, link ages. */
    private static void writeLinkStats(JsonGenerator g, AuditResult result) throws IOException {
        g.writeObjectFieldStart("linkStats");
        g.writeObjectFieldStart("inbound");
        g.writeArrayFieldStart("buckets");
        for (String b : HtmlReporter.INBOUND_BUCKETS) {
            g.writeString(b);
        }
        g.writeEndArray();
        int[][] h = result.graph() == null ? new int[2][HtmlReporter.INBOUND_BUCKETS.size()]
                : HtmlReporter.inboundHistogram(result.graph());
        g.writeFieldName("anyLink");
        g.writeArray(h[0], 0, h[0].length);
        g.writeFieldName("contentLinks");
        g.writeArray(h[1], 0, h[1].length);
        g.writeEndObject();
        g.writeArrayFieldStart("anchorDiversity");
        if (result.graph() != null) {
            try { // one row at a time: a catalogue has a row for most of its pages
                AnchorDiversity.forEachMostLinked(result.graph(), Integer.MAX_VALUE, a -> {
                    try {
                        writeAnchorDiversity(g, a);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
        }
        g.writeEndArray();
        if (result.history() == null || result.history().linkAges().isEmpty()) {
            g.writeNullField("linkAgesByMonth"); // no git history read
        } else {
            g.writeObjectFieldStart("linkAgesByMonth");
            for (Map.Entry<java.time.YearMonth, Integer> e : result.history().linkAges().byMonth().entrySet()) {
                g.writeNumberField(e.getKey().toString(), e.getValue());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeAnchorDiversity(JsonGenerator g, AnchorDiversity a) throws IOException {
        g.writeStartObject();
        g.writeStringField("target", a.target());
        g.writeNumberField("links", a.links());
        g.writeNumberField("distinctAnchors", a.distinct());
        g.writeNumberField("ratio", Math.round(a.ratio() * 1000) / 1000.0);
        g.writeStringField("topAnchor", a.topAnchor());
        g.writeNumberField("topAnchorLinks", a.topCount());
        g.writeBooleanField("overOptimised", a.singleAnchor() || a.lowDiversity()); // as the HTML table flags it
        g.writeEndObject();
    }

    private static void writeFinding(JsonGenerator g, Finding f, ReportOptions options) throws IOException {
        g.writeStartObject();
        g.writeStringField("check", f.checkId());
        g.writeStringField("severity", f.severity().id());
        g.writeStringField("message", f.message());
        JsonOutput.stringOrNull(g, "page", f.pageUrl()); // null: about a file that is not a page (sitemap.xml)
        JsonOutput.stringOrNull(g, "file", f.file());
        g.writeNumberField("line", f.line());
        g.writeNumberField("column", f.column());
        JsonOutput.stringOrNull(g, "target", f.targetUrl());
        if (f.anchor() == null) {
            g.writeNullField("anchor");
        } else {
            g.writeStringField("anchor", f.anchor()); // "" is a real value: a link with no text
        }
        g.writeStringField("fingerprint", f.fingerprint());
        if (f.source() != null) { // only with configured source folders, so reports without them are unchanged
            g.writeObjectFieldStart("source");
            g.writeStringField("file", ReportSupport.sourcePath(f, options.workingDir()));
            g.writeNumberField("line", f.source().line());
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
