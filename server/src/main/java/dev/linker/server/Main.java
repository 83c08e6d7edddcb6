package dev.linker.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.server.engine.LinkerService.PageInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java dev.linker.server.Main [--index DIR] [--pages FILE.json] [--host H] [--port N] [--vendor DIR]
 * [--cors ORIGINS]}: serves an index (default {@code linker-data/index}); an empty index is filled with the bundled
 * example site, so with no arguments the demo at /demo works offline. API keys come from the environment
 * ({@value ServerConfig#ENV_WRITE_KEYS}, {@value ServerConfig#ENV_READ_KEYS}), never from arguments (they would
 * show in the process list). The CLI's {@code linker serve} maps its options onto the same calls.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Path indexDir = Path.of("linker-data", "index");
        Path pages = null;
        ServerConfig config = ServerConfig.fromEnvironment(ServerConfig.defaults(), System.getenv());
        Path vendor = Path.of("cms-widget", "node_modules");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            if (v == null && !a.equals("--help")) {
                fail("option " + a + " needs a value");
            }
            switch (a) {
                case "--index" -> indexDir = Path.of(v);
                case "--pages" -> pages = Path.of(v);
                case "--host" -> config = config.withHost(v);
                case "--port" -> config = config.withPort(parsePort(v));
                case "--vendor" -> vendor = Path.of(v);
                case "--cors" -> config = config.withCorsOrigins(List.of(v.split(",")));
                case "--draft-cache" -> config = config.withDraftCacheEntries(parseCount(a, v));
                case "--draft-reuse-words" -> config = config.withDraftReuseWords(parseCount(a, v));
                case "--help" -> {
                    System.out.println("usage: linker-server [--index DIR] [--pages FILE.json] [--host H] [--port N]"
                            + " [--vendor NODE_MODULES] [--cors ORIGIN,...] [--draft-cache ENTRIES (default 50000)]"
                            + " [--draft-reuse-words N (default 4, 0: off)]"
                            + "   (keys: env LINKER_API_KEYS, LINKER_READ_KEYS)");
                    return;
                }
                default -> fail("unknown option " + a + " (see --help)");
            }
            i++;
        }
        if (Files.isDirectory(vendor.resolve("tinymce"))) {
            config = config.withVendorDir(vendor);
        }
        LinkerServer server = LinkerServer.open(config, indexDir, pages, System.err::println).start();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stop.countDown();
        }));
        System.err.println("linker: serving on " + server.baseUrl() + "  (demo: " + server.baseUrl() + "/demo/)");
        stop.await();
    }

    /** Pages from JSON {"pages":[{url,title,h1?,text?,category?,status?,authority?}]}, checked as PUT /pages is. */
    static List<PageInput> readPages(InputStream in) throws IOException {
        return LinkerServer.pages(new ObjectMapper().readTree(in), ServerConfig.defaults().maxTextChars());
    }

    private static int parseCount(String option, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(option + " " + v + " is not a count (0 or more)");
        return -1;
    }

    private static int parsePort(String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            fail("--port " + v + " is not a number");
            return -1;
        }
    }

    private static void fail(String msg) {
        System.err.println("linker: " + msg);
        System.exit(2);
    }
}
