package dev.linker.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Running out of heap is exit 3 with one line saying what to do — never exit 1, which means "findings". */
class OutOfMemoryTest {
    /**
     * Pages of about 9 KB with 33 links each: more than a 20 MB heap holds (≈ 1.3 KB a page audited since links are
     * held compactly; 32 MB held them, slowly).
     */
    private static final int PAGES = 16_000;

    @Test
    void an_audit_that_runs_out_of_heap_exits_3_with_one_line_of_advice(@TempDir Path tmp) throws Exception {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        String para = "<p>" + "Internal links decide how authority flows through a site. ".repeat(12) + "</p>\n";
        for (int i = 0; i < PAGES; i++) {
            StringBuilder b = new StringBuilder("<!doctype html><html lang=en><head><title>Page " + i
                    + "</title></head><body><nav>");
            for (int n = 0; n < 20; n++) {
                b.append("<a href=\"/p").append((i + n) % PAGES).append(".html\">Nav ").append(n).append("</a> ");
            }
            b.append("</nav><main><h1>Page ").append(i).append("</h1>");
            for (int k = 0; k < 12; k++) {
                b.append(para.replace("</p>", " <a href=\"/p" + (i * 7 + k) % PAGES + ".html\">related " + k
                        + "</a></p>"));
            }
            b.append("</main></body></html>");
            Files.writeString(site.resolve("p" + i + ".html"), b, StandardCharsets.UTF_8);
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx20m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "dev.linker.cli.LinkerCli",
                "audit", site.toString(), "--format", "json", "--no-git", "--output", tmp.resolve("r.json").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor(), out);
        assertTrue(out.contains("linker: out of memory") && out.contains("LINKER_JAVA_OPTS=-Xmx"), out);
        assertFalse(out.contains("\tat "), "no stack trace: " + out);
    }
}
