package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.audit.ExitCode;
import dev.linker.core.audit.LinkerException;
import dev.linker.index.PageEvents;
import dev.linker.index.PageIndex;
import dev.linker.index.PageLimits;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.embed.Embedder;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** {@code linker event TYPE --url U}: a CMS's page event applied to a local index or sent to a running server. */
@Command(header = "Apply a CMS page event (created, updated, merged, redirected, killed) to an index or a server.",
        name = "event", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"What a CMS webhook calls, without HTTP code of its own: a page was created or updated (give",
                "--page to write it), merged into or redirected to another (--survivor: the survivor takes its names",
                "and inbound links, and keeps them when the site is indexed again), or killed (never suggested).",
                "Against a local index (--index DIR) or a running 'linker serve' (--server URL; the write key comes",
                "from the environment variable LINKER_API_KEY, never from an argument)."},
        footer = {"", "Examples:",
                "  linker event merged --url /blog/old-post.html --survivor /blog/new-post.html --index linker-data/index",
                "  LINKER_API_KEY=... linker event updated --url https://example.org/a --page a.html --server http://127.0.0.1:7070",
                "", "Exit codes: 0 applied, 2 usage or input error (unknown page, bad page file, server refused), 3 unexpected error."})
final class EventCommand implements Callable<Integer> {
    /** The environment variable holding the write key sent to --server. */
    static final String ENV_KEY = "LINKER_API_KEY";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TYPE", description = "created, updated, merged, redirected or killed.")
    String type;

    @Option(names = "--url", required = true, paramLabel = "URL", description = "The page the event is about (as the index or server knows it).")
    String url;

    @Option(names = "--survivor", paramLabel = "URL", description = "merged, redirected: the page that takes its place.")
    String survivor;

    @Option(names = "--page", paramLabel = "FILE", description = "created, updated: the page, as JSON (url, title, h1, text, category) or as a built HTML file.")
    Path page;

    @ArgGroup(multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--index", paramLabel = "DIR", description = "A local index folder (made by 'linker index').")
        Path indexDir;

        @Option(names = "--server", paramLabel = "URL", description = "A running Linker server, e.g. http://127.0.0.1:7070.")
        String server;
    }

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Mixin
    EmbedOptions embedder;

    @Override
    public Integer call() throws IOException {
        PageEvents.Type t = PageEvents.Type.parse(type);
        if (t == null) {
            throw new LinkerException("event type '" + type + "' is not one of " + PageEvents.Type.ids());
        }
        boolean moves = t == PageEvents.Type.MERGED || t == PageEvents.Type.REDIRECTED;
        if (moves && (survivor == null || survivor.isBlank())) {
            throw new LinkerException("a " + t.id() + " event needs --survivor URL (the page that takes its place)");
        }
        if (!moves && survivor != null) {
            throw new LinkerException("--survivor only applies to merged and redirected events");
        }
        if (page != null && t != PageEvents.Type.CREATED && t != PageEvents.Type.UPDATED) {
            throw new LinkerException("--page only applies to created and updated events");
        }
        PageRecord record = page == null ? null : readPage(page, url);
        PrintWriter out = spec.commandLine().getOut();
        if (target.server != null) {
            out.println(send(t, record));
            return ExitCode.OK.code();
        }
        if (!Files.isDirectory(target.indexDir)) {
            throw new LinkerException("--index " + target.indexDir + ": no such folder (make the index with 'linker index' first)");
        }
        try (Embedder e = embedder.create(); PageIndex index = PageIndex.open(target.indexDir, e, PageIndex.Options.DEFAULT)) {
            PageEvents.apply(index, new PageEvents.Event(t, url, moves ? survivor : null, record));
            index.commit();
        } catch (PageEvents.UnknownPageException x) {
            throw new LinkerException("--" + x.field() + ": " + x.getMessage());
        } catch (PageLimits.InvalidPageException x) {
            throw new LinkerException("--page " + page + ": " + x.getMessage());
        } catch (IllegalArgumentException x) {
            throw new LinkerException(x.getMessage());
        }
        out.println("linker: " + t.id() + " " + url + (moves ? " -> " + survivor : "") + " applied to " + target.indexDir);
        return ExitCode.OK.code();
    }

    /** A page file: JSON with the fields of one PUT /api/v1/pages page, or a built HTML page read as 'linker index' reads it. */
    static PageRecord readPage(Path file, String url) {
        if (!Files.isRegularFile(file)) {
            throw new LinkerException("--page " + file + ": no such file");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".json")) {
                JsonNode p = new ObjectMapper().readTree(file.toFile());
                if (p == null || !p.isObject() || !p.path("title").isTextual()) {
                    throw new LinkerException("--page " + file + ": expected a JSON object with at least \"title\" (and url, h1, text, category)");
                }
                String pageUrl = p.path("url").asText(url);
                if (!pageUrl.equals(url)) {
                    throw new LinkerException("--page " + file + ": its url " + pageUrl + " differs from --url " + url);
                }
                return PageRecord.of(url, p.path("title").asText(), p.path("h1").asText(""), p.path("text").asText(""),
                        p.path("category").isTextual() ? p.path("category").asText() : null);
            }
            if (!name.endsWith(".html") && !name.endsWith(".htm")) {
                throw new LinkerException("--page " + file + ": give a .json page or a built .html file");
            }
            // The same reader as 'linker index' on a folder: a folder holding just this page.
            Path dir = Files.createTempDirectory("linker-event");
            try {
                Files.copy(file, dir.resolve("index.html"));
                List<PageRecord> records = SourceLoader.of(dir).records();
                if (records.isEmpty()) {
                    throw new LinkerException("--page " + file + ": no page could be read from it");
                }
                PageRecord r = records.get(0);
                return new PageRecord(url, r.title(), r.h1(), r.body(), r.category(), r.status(), r.redirectTo(),
                        r.authority(), r.inbound(), r.safety(), List.of(), List.of(), List.of(), r.meta(), List.of());
            } finally {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        } catch (IOException e) {
            throw new LinkerException("--page " + file + ": cannot read: " + e.getMessage());
        }
    }

    /** POST /api/v1/events; the server's answer, or exit 2 with its message. */
    private String send(PageEvents.Type t, PageRecord record) throws IOException {
        URI base;
        try {
            base = URI.create(target.server.replaceAll("/+$", ""));
        } catch (IllegalArgumentException e) {
            throw new LinkerException("--server " + target.server + ": not a URL");
        }
        if (base.getScheme() == null || !base.getScheme().matches("https?") || base.getHost() == null) {
            throw new LinkerException("--server " + target.server + ": give an http(s) URL, e.g. http://127.0.0.1:7070");
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode body = json.createObjectNode().put("type", t.id()).put("url", url);
        if (survivor != null) {
            body.put("survivor", survivor);
        }
        if (record != null) {
            ObjectNode p = body.putObject("page").put("url", url).put("title", record.title()).put("h1", record.h1())
                    .put("text", record.body());
            if (record.category() != null) {
                p.put("category", record.category());
            }
        }
        Request.Builder rq = new Request.Builder().url(base + "/api/v1/events")
                .post(RequestBody.create(json.writeValueAsString(body), MediaType.get("application/json")));
        String key = System.getenv(ENV_KEY);
        if (key != null && !key.isBlank()) {
            rq.header("Authorization", "Bearer " + key.strip());
        }
        OkHttpClient http = new OkHttpClient.Builder().callTimeout(Duration.ofSeconds(60)).build();
        try (Response r = http.newCall(rq.build()).execute()) {
            String answer = r.body().string();
            if (r.code() == 401 || r.code() == 403) {
                throw new LinkerException("--server " + target.server + " refused the write key (HTTP " + r.code()
                        + "): set " + ENV_KEY + " to one of the server's LINKER_API_KEYS");
            }
            if (!r.isSuccessful()) {
                String message = answer;
                try {
                    message = json.readTree(answer).path("error").path("message").asText(answer);
                } catch (IOException ignored) {
                    // not JSON: the body as it is
                }
                throw new LinkerException("--server " + target.server + " answered HTTP " + r.code() + ": " + message);
            }
            return answer;
        } catch (IOException e) {
            throw new LinkerException("--server " + target.server + ": cannot reach it (" + e.getMessage() + ")");
        } finally {
            http.dispatcher().executorService().shutdown();
            http.connectionPool().evictAll();
        }
    }
}
