package dev.linker.server.bench;

import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The server process of {@link ServerLoadBenchmark}: {@code BenchServer INDEX PORT REUSE_WORDS|- CACHE_ENTRIES|-}.
 * Users start the server with {@code linker serve}; the benchmark lives in this module's tests, below the CLI, so it
 * starts the same {@link LinkerServer} with the few settings it varies.
 */
public final class BenchServer {
    private BenchServer() {
    }

    public static void main(String[] args) throws Exception {
        ServerConfig config = ServerConfig.fromEnvironment(ServerConfig.defaults(), System.getenv())
                .withHost("127.0.0.1").withPort(Integer.parseInt(args[1]));
        if (!args[2].equals("-")) {
            config = config.withDraftReuseWords(Integer.parseInt(args[2]));
        }
        if (!args[3].equals("-")) {
            config = config.withDraftCacheEntries(Integer.parseInt(args[3]));
        }
        LinkerServer server = LinkerServer.open(config, Path.of(args[0]), null, System.err::println).start();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stop.countDown();
        }));
        System.err.println("linker: serving on " + server.baseUrl());
        stop.await();
    }
}
