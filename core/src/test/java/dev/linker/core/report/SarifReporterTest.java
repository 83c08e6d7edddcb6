package dev.linker.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SARIF output against the official 2.1.0 JSON schema (vendored in test resources) and GitHub's expectations. */
class SarifReporterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Schema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = SarifReporterTest.class.getResourceAsStream("/report/sarif-schema-2.1.0.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4).getSchema(in, InputFormat.JSON);
        }
    }

    private static JsonNode sarif(AuditResult r, ReportOptions o) throws IOException {
        return JSON.readTree(Findings.render(new SarifReporter(o), r));
    }

    private static void assertValid(JsonNode doc) {
        List<Error> errors = schema.validate(doc);
        assertTrue(errors.isEmpty(), "SARIF schema violations: " + errors);
    }

    @Test
    void a_file_name_is_encoded_byte_for_byte_so_a_decomposed_name_still_points_at_its_file() {
        assertEquals("blog/my%20post%23draft.html", SarifReporter.encodePath("blog/my post#draft.html"));
        assertEquals("caf%C3%A9.html", SarifReporter.encodePath("caf\u00e9.html"));
        assertEquals("cafe%CC%81.html", SarifReporter.encodePath("cafe\u0301.html"), "as saved on macOS, not as NFC");
    }

    @Test
    void the_fixture_report_is_valid_sarif_2_1_0() throws IOException {
        JsonNode doc = sarif(ReportFixture.basic(), ReportFixture.OPTIONS);
        assertValid(doc);
        assertEquals("2.1.0", doc.get("version").asText());
        JsonNode run = doc.get("runs").get(0);
        assertEquals("Linker", run.at("/tool/driver/name").asText());
        assertEquals(7, run.get("results").size());
        assertEquals(6, run.at("/tool/driver/rules").size(), "one rule per check present");
    }

    @Test
    void a_clean_report_is_valid_sarif_with_an_empty_result_list() throws IOException {
        JsonNode doc = sarif(ReportFixture.clean(), ReportFixture.OPTIONS);
        assertValid(doc);
        assertEquals(0, doc.at("/runs/0/results").size());
    }

    @Test
    void the_schema_check_itself_rejects_a_broken_log() throws IOException {
        ObjectNode doc = (ObjectNode) sarif(ReportFixture.basic(), ReportFixture.OPTIONS);
        ((ObjectNode) doc.at("/runs/0/results/0")).put("level", "fatal");
        assertFalse(schema.validate(doc).isEmpty(), "a validator that accepts anything proves nothing");
    }

    @Test
    void severities_map_to_sarif_levels_error_warning_note() throws IOException {
        assertEquals("error", SarifReporter.level(Severity.ERROR));
        assertEquals("warning", SarifReporter.level(Severity.WARNING));
        assertEquals("note", SarifReporter.level(Severity.INFO));
        AuditResult r = Findings.withFindings(List.of(
                Findings.of(Severity.INFO, "deep-page", "i"),
                Findings.of(Severity.ERROR, "broken-link", "e"),
                Findings.of(Severity.WARNING, "orphan", "w")));
        JsonNode results = sarif(r, ReportFixture.OPTIONS).at("/runs/0/results");
        assertEquals("error", results.get(0).get("level").asText());
        assertEquals("e", results.get(0).at("/message/text").asText());
        assertEquals("warning", results.get(1).get("level").asText());
        assertEquals("note", results.get(2).get("level").asText());
        JsonNode rules = sarif(r, ReportFixture.OPTIONS).at("/runs/0/tool/driver/rules");
        assertEquals("broken-link", rules.get(0).get("id").asText());
        assertEquals("error", rules.get(0).at("/defaultConfiguration/level").asText());
        assertEquals("note", rules.get(1).at("/defaultConfiguration/level").asText());
    }

    @Test
    void locations_are_repository_relative_with_a_region_only_when_the_line_is_known() throws IOException {
        Finding atLine = new Finding("broken-link", Severity.ERROR, "m",
                new Finding.Place("/a b.html", "dir/a b.html", 7, 0), "/x", "x");
        Finding page = new Finding("orphan", Severity.WARNING, "m", new Finding.Place("/o.html", "o.html", 0, 0), null,
                null);
        JsonNode results = sarif(Findings.withFindings(List.of(atLine, page)), ReportFixture.OPTIONS).at("/runs/0/results");
        JsonNode loc = results.get(0).at("/locations/0/physicalLocation");
        assertEquals("src/test/resources/sites/report-basic/dir/a%20b.html", loc.at("/artifactLocation/uri").asText());
        assertEquals("%SRCROOT%", loc.at("/artifactLocation/uriBaseId").asText());
        assertEquals(7, loc.at("/region/startLine").asInt());
        assertTrue(loc.at("/region/startColumn").isMissingNode(), "column 0 means unknown");
        JsonNode pageLoc = results.get(1).at("/locations/0/physicalLocation");
        assertTrue(pageLoc.get("region") == null, "a whole-page finding has no region");
        assertEquals(page.fingerprint(), results.get(1).at("/partialFingerprints").get(SarifReporter.FINGERPRINT_KEY).asText());
    }

    @Test
    void a_site_outside_the_working_directory_gets_absolute_file_uris() throws IOException {
        Path elsewhere = Path.of("src/main").toAbsolutePath();
        JsonNode doc = sarif(ReportFixture.basic(), ReportFixture.OPTIONS.withWorkingDir(elsewhere));
        assertValid(doc);
        JsonNode art = doc.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation");
        assertTrue(art.get("uri").asText().startsWith("file:///"), art.toString());
        assertTrue(art.get("uri").asText().endsWith("/sites/report-basic/guides/advanced.html"), art.toString());
        assertTrue(art.get("uriBaseId") == null);
    }

    @Test
    void findings_without_a_file_have_only_a_logical_location() throws IOException {
        Finding csv = new Finding("orphan", Severity.WARNING, "m", new Finding.Place("https://x.test/p", "", 0, 0),
                null, null);
        JsonNode doc = sarif(Findings.withFindings(List.of(csv)), ReportFixture.OPTIONS);
        assertValid(doc);
        JsonNode loc = doc.at("/runs/0/results/0/locations/0");
        assertTrue(loc.get("physicalLocation") == null);
        assertEquals("https://x.test/p", loc.at("/logicalLocations/0/fullyQualifiedName").asText());
    }
}
