package dev.linker.core.source;

import dev.linker.core.Sites;
import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.report.ReportOptions;
import dev.linker.core.report.ReportWriter;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SourceMapTest {
    private static final Path ROOT = Sites.dir("sources");
    private static final Path CONTENT = ROOT.resolve("content");

    private static AuditResult audit() {
        return Auditor.run(AuditConfig.builder().siteDir(ROOT.resolve("public")).discoverConfig(false).git(false)
                .sources(Map.of(CONTENT, "/")).build());
    }

    @Test
    void pages_are_matched_to_sources_by_permalink_slug_and_path_convention() {
        SourceMap m = SourceMap.build(Map.of(CONTENT, "/"), SiteReader.read(ReadOptions.of(ROOT.resolve("public"))));
        assertEquals(CONTENT.resolve("about.md"), m.sourceOf("/about-us/"));             // permalink
        assertEquals(CONTENT.resolve("guides/espresso.md"), m.sourceOf("/guides/espresso-101/")); // slug
        assertEquals(CONTENT.resolve("blog/post.md"), m.sourceOf("/blog/post/"));         // path convention
        assertEquals(CONTENT.resolve("_index.md"), m.sourceOf("/"));                      // _index.md
        assertNull(m.sourceOf("/lonely/"), "a page built from no source keeps its built location");
    }

    @Test
    void a_url_prefix_publishes_a_source_folder_under_a_path() {
        assertEquals(List.of("/docs/blog/post/", "/docs/blog/post.html", "/docs/blog/post"),
                SourceMap.candidates("blog/post.md", "/docs/", FrontMatter.parse("")));
        assertEquals(List.of("/docs/guides/"), SourceMap.candidates("guides/index.md", "/docs/", FrontMatter.parse("")));
    }

    @Test
    void a_link_finding_points_at_the_line_of_the_link_in_the_markdown_source() {
        Finding broken = audit().findings().stream().filter(f -> f.checkId().equals("broken-link")).findFirst().orElseThrow();
        assertEquals("/blog/post/", broken.pageUrl());
        assertEquals("blog/post/index.html", broken.file());
        assertEquals(CONTENT.resolve("blog/post.md"), broken.source().file());
        assertEquals(10, broken.source().line()); // "Then see [the grinder page](/guides/grinders/)"
    }

    @Test
    void a_page_finding_without_a_source_stays_on_the_built_file() {
        Finding orphan = audit().findings().stream().filter(f -> f.checkId().equals("orphan")).findFirst().orElseThrow();
        assertEquals("/lonely/", orphan.pageUrl());
        assertNull(orphan.source());
    }

    @Test
    void github_annotations_and_sarif_name_the_source_file_relative_to_the_working_folder() {
        StringBuilder gh = new StringBuilder();
        ReportWriter.write(audit(), List.of("github"), null, ReportOptions.defaults().withWorkingDir(ROOT), gh);
        assertTrue(gh.toString().contains("::error file=content/blog/post.md,line=10,title=broken-link::"), gh.toString());
        assertTrue(gh.toString().contains("::error file=public/lonely/index.html,title=orphan::"), gh.toString());
        StringBuilder sarif = new StringBuilder();
        ReportWriter.write(audit(), List.of("sarif"), null, ReportOptions.defaults().withWorkingDir(ROOT), sarif);
        assertTrue(sarif.toString().contains("\"uri\": \"content/blog/post.md\""), sarif.toString());
    }
}
