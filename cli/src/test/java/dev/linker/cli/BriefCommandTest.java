package dev.linker.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A brief written by `linker brief` is the brief `linker audit --briefs` enforces. */
class BriefCommandTest {
    @TempDir
    Path tmp;

    @Test
    void a_written_brief_lists_links_both_ways_and_the_audit_enforces_it() throws IOException {
        Path index = tmp.resolve("index");
        assertEquals(0, AuditCommandTest.run("index", AuditCommandTest.EXAMPLE.toString(), "--index", index.toString(), "-q").code());
        Path briefs = tmp.resolve("briefs");
        Path brief = briefs.resolve("cold-brew.md");
        AuditCommandTest.Run r = AuditCommandTest.run("brief", "--index", index.toString(), "--query", "cold brew ratio",
                "--title", "Cold brew at home", "--url", "/blog/cold-brew.html", "--limit", "3", "-o", brief.toString());
        assertEquals(0, r.code(), r.err());
        String md = Files.readString(brief);
        assertTrue(md.startsWith("---\nurl: \"/blog/cold-brew.html\"\nquery: \"cold brew ratio\""), md);
        assertTrue(md.contains("## Link to these pages") && md.contains("## Pages that should link to this article"), md);
        assertTrue(md.contains("**"), "a donor sentence with the anchor in bold: " + md);

        // The planned page exists (it is the example's orphan) and links to nothing it was told to: brief-missing-link.
        AuditCommandTest.Run audit = AuditCommandTest.run("audit", AuditCommandTest.EXAMPLE.toString(), "--briefs", briefs.toString(),
                "--fail-on", "never", "--format", "text", "--no-git");
        assertEquals(0, audit.code(), audit.err());
        assertTrue(audit.out().contains("brief-missing-link"), audit.out());
    }

    @Test
    void a_brief_without_a_query_or_with_a_bad_index_is_exit_2() {
        assertEquals(2, AuditCommandTest.run("brief", "--index", tmp.toString()).code());
        AuditCommandTest.Run r = AuditCommandTest.run("brief", "--index", tmp.resolve("none").toString(), "--query", "x");
        assertEquals(2, r.code(), r.err());
    }
}
