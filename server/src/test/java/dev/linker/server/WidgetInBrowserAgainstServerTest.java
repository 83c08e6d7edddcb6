package dev.linker.server;

import dev.linker.index.IndexSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.linker.index.PageIndex;
import dev.linker.server.engine.IndexService;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The widget's browser tests (cms-widget, node's test runner + playwright-core + Debian's Chromium) run against this
 * server, as the real thing: the example site on an on-disk index, the demo pages and editors served by the server.
 * Needs cms-widget's npm packages (the cms-widget module, built before this one, runs npm ci); -Dskip.npm=true skips.
 */
class WidgetInBrowserAgainstServerTest {

    @Test
    void the_widget_browser_suite_passes_against_the_real_server(@TempDir Path dir) throws Exception {
        assumeFalse(Boolean.getBoolean("linker.skip.npm"), "skip.npm is set");
        Path widget = Path.of(System.getProperty("linker.widget.dir", "../cms-widget")).toAbsolutePath().normalize();
        Path skipped = widget.resolve("target/browser-tests-skipped"); // cms-widget/browser-tests.sh could not run them
        assumeFalse(Files.isRegularFile(skipped), () -> "browser tests skipped: " + read(skipped));
        Path modules = widget.resolve("node_modules");
        assertTrue(Files.isDirectory(modules.resolve("playwright-core")), "no npm packages in " + modules
                + ": build the cms-widget module first (npm ci there) or pass -Dskip.npm=true");
        String key = "e2e-" + System.nanoTime();
        PageIndex index = PageIndex.open(dir.resolve("index"), TestServer.embedder(), IndexSettings.DEFAULT);
        IndexService service = new IndexService(index, 1000);
        service.upsert(TestServer.fixturePages());
        ServerConfig config = ServerConfig.defaults().withHost("127.0.0.1").withPort(0).withWriteKeys(Set.of(key))
                .withVendorDir(modules);
        try (LinkerServer server = LinkerServer.create(config, service).start()) {
            ProcessBuilder pb = new ProcessBuilder(List.of("npm", "test")).directory(widget.toFile())
                    .redirectErrorStream(true);
            pb.environment().put("LINKER_SERVER_URL", server.baseUrl());
            pb.environment().put("LINKER_API_KEY", key);
            pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
            Process p = pb.start();
            List<String> lines = new ArrayList<>();
            // Through System.out, not inherited descriptors: surefire owns the fork's stdout.
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    System.out.println("[widget e2e] " + line);
                    lines.add(line);
                }
            }
            boolean done = p.waitFor(10, TimeUnit.MINUTES);
            if (!done) {
                p.destroyForcibly();
            }
            String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            assertTrue(done, "npm test did not finish within 10 minutes");
            assertEquals(0, p.exitValue(), "npm test against " + server.baseUrl() + " failed:\n" + tail);
            assertTrue(lines.contains("# fail 0") && lines.stream().anyMatch(l -> l.matches("# pass [1-9]\\d*")),
                    "the suite ran tests and none failed:\n" + tail);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (java.io.IOException e) {
            return p.toString();
        }
    }
}
