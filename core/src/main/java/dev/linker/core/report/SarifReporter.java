package dev.linker.core.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * SARIF 2.1.0 for code-scanning tools (GitHub code scanning, IDE viewers): one run, one rule per check present,
 * one result per finding with a stable {@code partialFingerprints} entry so alerts survive line moves.
 *
 * <p>Artifact URIs are relative to the working directory (the repository root in CI) with uriBaseId
 * {@code %SRCROOT%}: GitHub code scanning resolves a relative URI against the repository and ignores
 * {@code originalUriBaseIds}, so a URI relative to the site folder would land on the wrong file. A site outside the
 * working directory gets absolute {@code file:} URIs instead.
 */
public final class SarifReporter extends BaseReporter {
    public static final String SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String SARIF_VERSION = "2.1.0";
    /** Key of our fingerprint in {@code partialFingerprints}; "/v1" changes only if the fingerprint recipe does. */
    public static final String FINGERPRINT_KEY = "linkerFingerprint/v1";
    public static final String SRCROOT = "%SRCROOT%";

    public SarifReporter(ReportOptions options) {
        super("sarif", "sarif", options);
    }

    /** SARIF result level of a severity: error, warning, note. */
    public static String level(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "note";
        };
    }

    @Override
    public void write(AuditResult result, Appendable out) throws IOException {
        List<Finding> findings = ReportSupport.sorted(result.findings());
        // Rules in id order; each rule's default level is the most severe level its findings have in this run.
        Map<String, Severity> rules = new TreeMap<>();
        for (Finding f : findings) {
            rules.merge(f.checkId(), f.severity(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
        Map<String, Integer> ruleIndex = new LinkedHashMap<>();
        for (String id : rules.keySet()) {
            ruleIndex.put(id, ruleIndex.size());
        }
        String base = artifactBase(result);

        JsonOutput.write(out, g -> {
            g.writeStartObject();
            g.writeStringField("$schema", SCHEMA_URI);
            g.writeStringField("version", SARIF_VERSION);
            g.writeArrayFieldStart("runs");
            g.writeStartObject();

            g.writeObjectFieldStart("tool");
            g.writeObjectFieldStart("driver");
            g.writeStringField("name", "Linker");
            g.writeStringField("informationUri", Version.INFORMATION_URI);
            g.writeStringField("version", options.toolVersion());
            g.writeArrayFieldStart("rules");
            for (Map.Entry<String, Severity> r : rules.entrySet()) {
                g.writeStartObject();
                g.writeStringField("id", r.getKey());
                g.writeStringField("name", CheckTexts.ruleName(r.getKey()));
                g.writeObjectFieldStart("shortDescription");
                g.writeStringField("text", CheckTexts.description(r.getKey()));
                g.writeEndObject();
                g.writeObjectFieldStart("defaultConfiguration");
                g.writeStringField("level", level(r.getValue()));
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndObject();

            // Jsoup counts columns in Java chars.
            g.writeStringField("columnKind", "utf16CodeUnits");
            g.writeArrayFieldStart("results");
            for (Finding f : findings) {
                writeResult(g, f, ruleIndex.get(f.checkId()), base);
            }
            g.writeEndArray();

            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private void writeResult(JsonGenerator g, Finding f, int ruleIndex, String base) throws IOException {
        g.writeStartObject();
        g.writeStringField("ruleId", f.checkId());
        g.writeNumberField("ruleIndex", ruleIndex);
        g.writeStringField("level", level(f.severity()));
        g.writeObjectFieldStart("message");
        g.writeStringField("text", f.message());
        g.writeEndObject();

        String source = ReportSupport.sourcePath(f, options.workingDir());
        if (source != null || ReportSupport.hasFile(f) || ReportSupport.hasPage(f)) {
            writeLocation(g, f, source, base);
        }

        g.writeObjectFieldStart("partialFingerprints");
        g.writeStringField(FINGERPRINT_KEY, f.fingerprint());
        g.writeEndObject();

        g.writeObjectFieldStart("properties");
        if (ReportSupport.hasPage(f)) {
            g.writeStringField("page", f.pageUrl());
        }
        if (f.targetUrl() != null) {
            g.writeStringField("target", f.targetUrl());
        }
        if (f.anchor() != null) {
            g.writeStringField("anchor", f.anchor());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** The one location of a result: the file to edit, and the page as a logical location when there is one. */
    private static void writeLocation(JsonGenerator g, Finding f, String source, String base) throws IOException {
        g.writeArrayFieldStart("locations");
        g.writeStartObject();
        if (source != null) {
            // The source file a reviewer edits; code scanning resolves relative URIs against the repository.
            boolean abs = source.startsWith("/") || Path.of(source).isAbsolute();
            g.writeObjectFieldStart("physicalLocation");
            g.writeObjectFieldStart("artifactLocation");
            g.writeStringField("uri", abs ? "file://" + (source.startsWith("/") ? "" : "/") + encodePath(source) : encodePath(source));
            if (!abs) {
                g.writeStringField("uriBaseId", SRCROOT);
            }
            g.writeEndObject();
            if (f.source().line() > 0) {
                g.writeObjectFieldStart("region");
                g.writeNumberField("startLine", f.source().line());
                g.writeEndObject();
            }
            g.writeEndObject();
        } else if (ReportSupport.hasFile(f)) {
            g.writeObjectFieldStart("physicalLocation");
            g.writeObjectFieldStart("artifactLocation");
            g.writeStringField("uri", base + encodePath(f.file()));
            if (!base.startsWith("file:")) {
                g.writeStringField("uriBaseId", SRCROOT);
            }
            g.writeEndObject();
            if (f.line() > 0) {
                g.writeObjectFieldStart("region");
                g.writeNumberField("startLine", f.line());
                if (f.column() > 0) {
                    g.writeNumberField("startColumn", f.column());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        if (ReportSupport.hasPage(f)) {
            // The page key names the page whatever file it was built from (and is all there is for CSV/crawl input).
            g.writeArrayFieldStart("logicalLocations");
            g.writeStartObject();
            g.writeStringField("fullyQualifiedName", f.pageUrl());
            g.writeStringField("kind", "resource");
            g.writeEndObject();
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeEndArray();
    }

    /**
     * Prefix of every artifact URI: the site folder relative to the working directory ("" or "public/"), or a
     * {@code file:} URI of the site folder when it lies outside.
     */
    private String artifactBase(AuditResult result) {
        String site = ReportSupport.siteDirFrom(result, options.workingDir());
        if (site.isEmpty()) {
            return "";
        }
        if (site.startsWith("/") || Path.of(site).isAbsolute()) {
            String abs = ReportSupport.slashes(site);
            return "file://" + (abs.startsWith("/") ? "" : "/") + encodePath(abs) + "/";
        }
        return encodePath(site) + "/";
    }

    /**
     * Percent-encodes a forward-slash path into a URI path (RFC 3986 pchar), byte by byte in UTF-8. Not
     * {@code java.net.URI}: it normalizes to NFC first, so a file name saved decomposed (macOS: "cafe\u0301") would be
     * pointed at under another name.
     */
    static String encodePath(String path) {
        StringBuilder b = new StringBuilder(path.length() + 8);
        for (byte x : path.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0) {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return b.toString();
    }
}
