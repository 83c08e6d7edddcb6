package dev.linker.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Findings about a file that is not a page (sitemap.xml, _redirects) have no page key, and a finding about the whole
 * site has neither a page nor a file: every format renders them, next to ordinary page findings.
 */
class SiteWideFindingsTest {
    private static final String LOC_MESSAGE = "sitemap.xml has an invalid <loc> 'https://example.com/my page.html'";
    static final Finding SITEMAP = new Finding("unreadable-page", Severity.ERROR, LOC_MESSAGE,
            new Finding.Place(null, "sitemap.xml", 0, 0), null, null);
    static final Finding NOWHERE = new Finding("unreadable-page", Severity.WARNING, "the site declares no pages",
            new Finding.Place(null, "", 0, 0), null, null);

    private static AuditResult result() {
        return Findings.withFindings(List.of(SITEMAP, NOWHERE, Findings.of(Severity.ERROR, "broken-link", "no such page")));
    }

    private static String render(Reporter r) throws IOException {
        return Findings.render(r, result());
    }

    @Test
    void text_groups_a_file_finding_under_its_file_and_a_site_finding_under_the_site() throws IOException {
        String out = render(new TextReporter());
        assertTrue(out.contains("""
                unreadable-page (2): Page that could not be read as it is (bad encoding, too large, unreadable)
                  (site)
                    (site)  warning   the site declares no pages
                  sitemap.xml
                    sitemap.xml  error    sitemap.xml has an invalid <loc> 'https://example.com/my page.html'
                """), out);
        assertTrue(out.contains("    guides/setup.html:10:15  error    no such page\n"), out);
    }

    @Test
    void json_gives_a_null_page_for_a_finding_that_is_not_about_a_page() throws IOException {
        JsonNode findings = new ObjectMapper().readTree(render(new JsonReporter(ReportFixture.OPTIONS))).get("findings");
        assertEquals(3, findings.size());
        JsonNode sitemap = findings.get(1);
        assertEquals(LOC_MESSAGE, sitemap.get("message").asText());
        assertTrue(sitemap.get("page").isNull(), sitemap.toString());
        assertEquals("sitemap.xml", sitemap.get("file").asText());
        JsonNode nowhere = findings.get(2);
        assertTrue(nowhere.get("page").isNull() && nowhere.get("file").isNull(), nowhere.toString());
    }

    @Test
    void markdown_locates_it_at_its_file_or_the_site() throws IOException {
        String out = render(new MarkdownReporter(ReportFixture.OPTIONS));
        assertTrue(out.contains("| `sitemap.xml` | unreadable-page | sitemap.xml has an invalid &lt;loc&gt; "
                + "'https://example.com/my page.html' |\n"), out);
        assertTrue(out.contains("| `(site)` | unreadable-page | the site declares no pages |\n"), out);
    }

    @Test
    void sarif_places_it_on_its_file_with_no_page_and_stays_valid() throws IOException {
        JsonNode doc = new ObjectMapper().readTree(render(new SarifReporter(ReportFixture.OPTIONS)));
        Schema schema;
        try (InputStream in = getClass().getResourceAsStream("/report/sarif-schema-2.1.0.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4).getSchema(in, InputFormat.JSON);
        }
        assertEquals(List.of(), schema.validate(doc));
        JsonNode results = doc.at("/runs/0/results");
        JsonNode sitemap = results.get(1);
        assertEquals("src/test/resources/sites/report-basic/sitemap.xml",
                sitemap.at("/locations/0/physicalLocation/artifactLocation/uri").asText());
        assertTrue(sitemap.at("/locations/0/logicalLocations").isMissingNode(), sitemap.toString());
        assertFalse(sitemap.at("/properties").has("page"), sitemap.toString());
        JsonNode nowhere = results.get(2);
        assertFalse(nowhere.has("locations"), nowhere.toString());
    }

    @Test
    void github_annotates_the_file_and_leaves_a_site_finding_unplaced() throws IOException {
        List<String> lines = List.of(render(new GithubReporter(ReportFixture.OPTIONS)).split("\n"));
        assertEquals(List.of(
                "::error file=src/test/resources/sites/report-basic/guides/setup.html,line=10,col=15,title=broken-link"
                        + "::no such page",
                "::error file=src/test/resources/sites/report-basic/sitemap.xml,title=unreadable-page::" + LOC_MESSAGE,
                "::warning title=unreadable-page::the site declares no pages"), lines);
    }

    @Test
    void html_lists_it_in_the_findings_table_with_an_empty_page_cell() throws IOException {
        String out = render(new HtmlReporter(ReportFixture.OPTIONS));
        assertTrue(out.contains("<tr data-check=\"unreadable-page\" data-severity=\"error\"><td><span class=\"sev error\">"
                + "error</span></td><td>unreadable-page</td><td></td><td><code>sitemap.xml</code></td><td>sitemap.xml has "
                + "an invalid &lt;loc&gt; &#39;https://example.com/my page.html&#39;</td><td></td><td></td></tr>\n"), out);
        assertTrue(out.contains("<td></td><td><code>(site)</code></td><td>the site declares no pages</td>"), out);
        assertTrue(out.endsWith("</html>\n"), "the whole page is written");
    }
}
