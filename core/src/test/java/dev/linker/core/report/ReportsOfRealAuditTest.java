package dev.linker.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real Auditor and checks over the fixture site, through every reporter (no golden: check wording evolves). */
class ReportsOfRealAuditTest {

    @Test
    void every_reporter_renders_what_the_real_checks_find_on_the_fixture_site() throws IOException {
        AuditResult r = Auditor.run(ReportFixture.config());
        Set<String> checks = r.findings().stream().map(Finding::checkId).collect(Collectors.toSet());
        assertTrue(checks.containsAll(Set.of("broken-link", "orphan", "content-orphan")), checks.toString());

        JsonNode json = new ObjectMapper().readTree(Findings.render(new JsonReporter(ReportFixture.OPTIONS), r));
        assertEquals(r.findings().size(), json.get("findings").size());
        int perCheck = 0;
        for (JsonNode n : json.at("/summary/findings")) {
            perCheck += n.asInt();
        }
        assertEquals(r.findings().size(), perCheck, "summary counts add up to the findings listed");

        Schema schema;
        try (InputStream in = getClass().getResourceAsStream("/report/sarif-schema-2.1.0.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4).getSchema(in, InputFormat.JSON);
        }
        JsonNode sarif = new ObjectMapper().readTree(Findings.render(new SarifReporter(ReportFixture.OPTIONS), r));
        assertTrue(schema.validate(sarif).isEmpty(), schema.validate(sarif).toString());
        assertEquals(r.findings().size(), sarif.at("/runs/0/results").size());

        String github = Findings.render(new GithubReporter(ReportFixture.OPTIONS), r);
        assertEquals(Math.min(r.findings().size(), 50), github.lines().count());

        Document html = Jsoup.parse(Findings.render(new HtmlReporter(ReportFixture.OPTIONS), r));
        assertEquals(r.findings().size(), html.select("#findings-table tbody tr").size());
        assertFalse(html.select("#orphans tbody tr").isEmpty());
        // The page title "Old <script>alert(1)</script> page" is shown as text, never run.
        assertEquals(1, html.select("script").size());
        assertTrue(html.text().contains("Old <script>alert(1)</script> page"));

        String text = Findings.render(new TextReporter(), r);
        for (String c : checks) {
            assertTrue(text.contains("\n" + c + " ("), c);
        }
        String md = Findings.render(new MarkdownReporter(ReportFixture.OPTIONS), r);
        assertTrue(md.startsWith("## Linker audit: " + r.findings().size() + " findings"), md.lines().findFirst().orElse(""));
    }
}
