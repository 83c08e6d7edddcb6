package dev.linker.core.audit;

import dev.linker.core.report.AuditResult;

import dev.linker.core.result.LinkerException;
import dev.linker.core.result.ExitCode;

import dev.linker.core.Sites;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineTest {
    @TempDir
    Path tmp;

    @Test
    void a_written_baseline_suppresses_every_known_finding_and_the_run_passes() {
        Path baseline = tmp.resolve("linker-baseline.json");
        AuditResult first = Auditor.run(AuditConfig.builder().siteDir(Sites.dir("basic")).discoverConfig(false)
                .writeBaseline(baseline).build());
        assertEquals(ExitCode.FINDINGS, first.exitCode());
        AuditResult second = Auditor.run(AuditConfig.builder().siteDir(Sites.dir("basic")).discoverConfig(false)
                .baseline(baseline).build());
        assertTrue(second.findings().isEmpty(), second.findings().toString());
        assertEquals(first.findings().size(), second.baselined());
        assertEquals(ExitCode.OK, second.exitCode());
    }

    @Test
    void only_new_findings_fail_the_build() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        Files.writeString(site.resolve("index.html"), "<main><a href=a.html>A page</a> <a href=gone.html>Gone</a></main>");
        Files.writeString(site.resolve("a.html"), "<main><a href=index.html>Home</a></main>");
        Path baseline = tmp.resolve("b.json");
        Auditor.run(AuditConfig.builder().siteDir(site).discoverConfig(false).writeBaseline(baseline).build());
        Files.writeString(site.resolve("a.html"), "<main><a href=index.html>Home</a> <a href=new-gone.html>New</a></main>");
        AuditResult r = Auditor.run(AuditConfig.builder().siteDir(site).discoverConfig(false).baseline(baseline).build());
        assertEquals(1, r.findings().size(), r.findings().toString());
        assertEquals("/new-gone.html", r.findings().get(0).targetUrl());
        assertEquals(2, r.baselined(), "the old broken link and the reciprocal pair stay baselined");
    }

    @Test
    void the_baseline_file_is_readable_by_others_like_any_file_the_user_writes() throws IOException {
        Path baseline = tmp.resolve("shared-baseline.json");
        Auditor.run(AuditConfig.builder().siteDir(Sites.dir("basic")).discoverConfig(false).writeBaseline(baseline).build());
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(baseline));
    }

    @Test
    void a_broken_baseline_file_is_a_clear_error() throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{not json");
        LinkerException e = assertThrows(LinkerException.class, () -> Baseline.read(bad));
        assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("not valid JSON"), e.getMessage());
        // The fix is named as a setting, which each door spells its own way (--write-baseline, -Dlinker.writeBaseline).
        LinkerException missing = assertThrows(LinkerException.class, () -> Baseline.read(tmp.resolve("none.json")));
        assertTrue(missing.message((key, value) -> "<" + key + " " + value + ">")
                .contains("(create it with <writeBaseline " + tmp.resolve("none.json") + ">)"), missing.getMessage());
    }
}
