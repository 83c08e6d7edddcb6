package dev.linker.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextAndJsonReporterTest {

    private static List<String> keys(JsonNode n) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            k.add(it.next());
        }
        return k;
    }

    @Test
    void json_keys_come_in_the_documented_order() throws IOException {
        JsonNode doc = new ObjectMapper().readTree(Findings.render(new JsonReporter(ReportFixture.OPTIONS), ReportFixture.basic()));
        assertEquals(List.of("schemaVersion", "tool", "site", "baseUrl", "entry", "summary", "linkStats", "findings"),
                keys(doc));
        assertEquals(List.of("inbound", "anchorDiversity", "linkAgesByMonth"), keys(doc.get("linkStats")));
        assertEquals(List.of("buckets", "anyLink", "contentLinks"), keys(doc.get("linkStats").get("inbound")));
        assertEquals(List.of("target", "links", "distinctAnchors", "ratio", "topAnchor", "topAnchorLinks",
                "overOptimised"), keys(doc.get("linkStats").get("anchorDiversity").get(0)));
        assertEquals(List.of("pages", "links", "contentLinks", "orphans", "contentOrphans", "unreachable", "brokenLinks",
                "reciprocalPairs", "contentReciprocalPairs", "depthHistogram", "findings", "baselined"), keys(doc.get("summary")));
        assertEquals(List.of("check", "severity", "message", "page", "file", "line", "column", "target", "anchor",
                "fingerprint"), keys(doc.get("findings").get(0)));
        assertEquals(JsonReporter.SCHEMA_VERSION, doc.get("schemaVersion").asInt());
    }

    @Test
    void json_output_does_not_depend_on_the_order_findings_arrive_in() throws IOException {
        AuditResult r = ReportFixture.basic();
        List<Finding> reversed = new ArrayList<>(r.findings()).reversed();
        AuditResult shuffled = ReportFixture.result(r.graph().site(), r.graph(), reversed, r.baselined());
        JsonReporter j = new JsonReporter(ReportFixture.OPTIONS);
        assertEquals(Findings.render(j, r), Findings.render(j, shuffled));
    }

    @Test
    void text_keeps_each_finding_on_one_line_and_without_colour_codes() throws IOException {
        Finding f = Findings.of(Severity.ERROR, "broken-link", "first line\nsecond line");
        String out = Findings.render(new TextReporter(), Findings.withFindings(List.of(f)));
        assertTrue(out.contains("    guides/setup.html:10:15  error    first line second line\n"), out);
        assertTrue(out.chars().noneMatch(c -> c == 0x1b), "no ANSI escapes");
    }
}
