package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.core.embed.Embedder;
import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code linker serve}: the suggestion API, the widget script and the /demo editor over an on-disk index. */
@Command(header = "Serve the suggestion API, the CMS widget and a demo editor.",
        name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve link suggestions for editors: the JSON API under /api/v1 (OpenAPI at /api/v1/openapi.json), "
                        + "the widget at /widget/linker-suggestions.js and a demo editor at /demo/. With no options it serves "
                        + "the bundled example site from linker-data/index in the working folder: no API key, no external service."},
        footer = {"", "API keys come from the environment, never from arguments: LINKER_API_KEYS (write endpoints), "
                        + "LINKER_READ_KEYS (optional, for reads); LINKER_CORS_ORIGINS lists the CMS origins allowed to call it.",
                "Exit codes: 0 stopped, 2 usage or input error, 3 unexpected error."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--index", paramLabel = "DIR", defaultValue = "linker-data/index",
            description = "Index folder (created when missing; default: ${DEFAULT-VALUE}).")
    Path indexDir;

    @Option(names = "--site", paramLabel = "SOURCE",
            description = "Site folder or pages CSV to (re)index at start; only changed pages are embedded again.")
    Path site;

    @Option(names = "--pages", paramLabel = "FILE.json", description = "Pages to upsert at start, as a PUT /api/v1/pages body.")
    Path pagesJson;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "Interface to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "7070", description = "Port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--cors", split = ",", paramLabel = "ORIGIN", description = "CMS origins allowed to call the API (adds to LINKER_CORS_ORIGINS).")
    List<String> cors;

    @Option(names = "--vendor", paramLabel = "DIR", defaultValue = "cms-widget/node_modules",
            description = "node_modules with TinyMCE/CKEditor for the rich-editor demos (default: ${DEFAULT-VALUE}, when present).")
    Path vendor;

    @Option(names = "--draft-cache", paramLabel = "ENTRIES", defaultValue = "50000",
            description = "Draft chunk vectors kept, so an edit re-embeds only its chunk (default: ${DEFAULT-VALUE}; about 1.7 KB each).")
    int draftCache;

    @Option(names = "--draft-reuse-words", paramLabel = "N", defaultValue = "4",
            description = "A draft chunk edited by at most N words keeps its vector until edits add up past N (default: ${DEFAULT-VALUE}; 0: embed every change).")
    int draftReuseWords;

    @picocli.CommandLine.Mixin
    VerboseOption verbose;

    @picocli.CommandLine.Mixin
    EmbedOptions embedder;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (port < 0 || port > 65535) {
            throw new LinkerException("--port " + port + " is not a port number (0–65535)");
        }
        if (draftReuseWords < 0) {
            throw new LinkerException("--draft-reuse-words " + draftReuseWords + " must be 0 (off) or more words");
        }
        if (draftCache < 0) {
            throw new LinkerException("--draft-cache " + draftCache + " must be 0 (no cache) or more entries");
        }
        ServerConfig config = ServerConfig.fromEnvironment(ServerConfig.defaults(), System.getenv()).withHost(host)
                .withPort(port).withDraftCacheEntries(draftCache).withDraftReuseWords(draftReuseWords);
        if (cors != null && !cors.isEmpty()) {
            List<String> all = new java.util.ArrayList<>(config.callers().corsOrigins());
            all.addAll(cors);
            config = config.withCorsOrigins(all);
        }
        if (vendor != null && Files.isDirectory(vendor.resolve("tinymce"))) {
            config = config.withVendorDir(vendor);
        }
        if (site != null) {
            List<PageRecord> records = SourceIndexing.read(site, null, null, null, List.of(), err, false);
            // One IndexWriter per process: sync and close before the server opens the index.
            try (Embedder e = embedder.forIndex(indexDir);
                 PageIndex index = SourceIndexing.synced(indexDir, e, records, err, false)) {
                err.println("linker: " + index.size() + " pages in " + indexDir);
            }
        }
        // The bundled example fills only a new index in the default folder: never one the user named or wrote to.
        boolean example = !spec.commandLine().getParseResult().hasMatchedOption("--index") && site == null;
        LinkerServer server = LinkerServer.open(config, indexDir, embedder.forIndex(indexDir), pagesJson, example,
                err::println).start();
        // SIGTERM and Ctrl-C stop the server in order: in-flight requests finish, the index commits, exit 0.
        CountDownLatch stop = new CountDownLatch(1);
        for (String signal : new String[] {"TERM", "INT"}) {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> stop.countDown());
        }
        err.println("linker: serving on " + server.baseUrl() + "  (demo editor: " + server.baseUrl() + "/demo/; Ctrl-C stops)");
        err.flush();
        stop.await();
        err.println("linker: stopping");
        err.flush();
        server.close();
        return ExitCode.OK.code();
    }
}
