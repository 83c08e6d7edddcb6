package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.core.model.Page;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;
import dev.linker.index.PageEvent;
import dev.linker.index.PageIndex;
import dev.linker.index.PageLimits;
import dev.linker.index.PageRecord;
import dev.linker.index.UnknownPageException;
import dev.linker.core.embed.Embedder;
import dev.linker.server.ApiException;
import dev.linker.server.LinkerServer;
import dev.linker.server.ServerConfig;
import dev.linker.server.engine.IndexService;
import okhttp3.HttpUrl;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code linker event TYPE --url U}: a CMS's page event, applied to a local index ({@link PageIndex#apply}) or sent to
 * a running server's {@code POST /api/v1/events}, which makes the same call. A hook script needs no HTTP code.
 */
@Command(header = "Apply a CMS page event (created, updated, merged, redirected, killed) to an index or a server.",
        name = "event", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tell Linker what the CMS did to a page, from a hook script: no HTTP code needed.",
                "created, updated: the page is live; with --page, its new content (embedded again if the text "
                        + "changed).",
                "merged, redirected: the page gives way to --survivor, which takes over its title, H1 and the anchors "
                        + "other pages used for it as names, and its inbound links. Re-indexing the site ('linker "
                        + "index') keeps those names with the survivor.",
                "killed: the page is no longer suggested.",
                "Merged, redirected and killed pages stay in the index, marked so, until a created or updated event "
                        + "brings them back; re-indexing a site that still has them does not.",
                "The event goes to a local index (--index DIR) or to a running 'linker serve' (--server URL; API key "
                        + "from LINKER_API_KEY, else the first of LINKER_API_KEYS). The answer is printed as JSON: "
                        + "{\"applied\":\"merged\",\"url\":\"...\"}."},
        footer = {"", "Examples (CMS hooks):",
                "  linker event merged --url https://example.com/old/ \\",
                "      --survivor https://example.com/new/ --server http://127.0.0.1:7070",
                "  linker event updated --url /guides/espresso/ \\",
                "      --page public/guides/espresso/index.html --index linker-index",
                "", "Exit codes: 0 applied, 2 usage or input error (also: the server refused the event or cannot be "
                        + "reached), 3 unexpected error."})
final class EventCommand implements Callable<Integer> {
    static final String ENV_KEY = "LINKER_API_KEY";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TYPE", completionCandidates = Types.class,
            description = "created, updated, merged, redirected or killed.")
    String type;

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "The page, keyed as the index keys it: its address, or its path for a folder of HTML (/guides/espresso/).")
    String url;

    @Option(names = "--survivor", paramLabel = "URL", description = "merged, redirected: the page that takes its place.")
    String survivor;

    @Option(names = "--page", paramLabel = "FILE", description = "created, updated: the page's content, as JSON (a PUT /api/v1/pages page: url, title, h1, text, category …; url defaults to --url) or as an HTML file (read as 'linker index' reads a site's pages).")
    Path page;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--index", paramLabel = "DIR", description = "A local index (built by 'linker index'; not one a server has open).")
        Path index;

        @Option(names = "--server", paramLabel = "URL", description = "A running 'linker serve', e.g. http://127.0.0.1:7070.")
        String server;
    }

    @Option(names = "--content-selector", paramLabel = "CSS", description = "HTML --page: main content selector.")
    String contentSelector;

    @Option(names = "--boilerplate-selector", paramLabel = "CSS", description = "HTML --page: boilerplate inside the content.")
    String boilerplateSelector;

    @Option(names = {"-q", "--quiet"}, description = "No summary line on stderr.")
    boolean quiet;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Mixin
    EmbedOptions embedder;

    private final Map<String, String> env;

    EventCommand() {
        this(System.getenv());
    }

    EventCommand(Map<String, String> env) {
        this.env = env;
    }

    static final class Types implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(PageEvent.Type.values()).map(PageEvent.Type::id).iterator();
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PageEvent.Type t;
        try {
            t = PageEvent.Type.parse(type);
        } catch (LinkerException e) {
            throw new LinkerException("unknown event type \"" + type + "\" (one of " + PageEvent.Type.KNOWN + ")");
        }
        ObjectNode pageJson = page == null ? null : pageJson();
        String answer = target.index != null ? applyLocally(t, pageJson) : send(t, pageJson);
        out.println(answer);
        if (!quiet) {
            err.println("linker: " + t.id() + " " + url + (survivor == null ? "" : " -> " + survivor) + " applied to "
                    + (target.index != null ? "index " + target.index : target.server));
        }
        return ExitCode.OK.code();
    }

    /** The page of --page as the API's page object: a JSON file as it is (url from --url if it has none), or HTML read. */
    private ObjectNode pageJson() {
        if (!Files.isRegularFile(page)) {
            throw new LinkerException("--page " + page + ": no such file");
        }
        String name = page.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            JsonNode node;
            try {
                node = JSON.readTree(page.toFile());
            } catch (IOException e) {
                String msg = String.valueOf(e.getMessage());
                int cut = msg.indexOf("\n at [Source");
                throw new LinkerException("--page " + page + ": not valid JSON: "
                        + (cut > 0 ? msg.substring(0, cut) : msg).replaceAll("\\s+", " ").strip());
            }
            if (node == null || !node.isObject()) {
                throw new LinkerException("--page " + page + ": a JSON object (a page: url, title, text …) is expected");
            }
            ObjectNode o = (ObjectNode) node;
            if (!o.hasNonNull("url")) {
                o.put("url", url);
            }
            return o;
        }
        if (!name.endsWith(".html") && !name.endsWith(".htm")) {
            throw new LinkerException("--page " + page + ": give a .json page or an .html file");
        }
        Path parent = page.toAbsolutePath().getParent();
        Page p = SiteReader.readFile(page, url, ReadOptions.of(parent).withSelectors(contentSelector,
                boilerplateSelector));
        ObjectNode o = JSON.createObjectNode().put("url", url).put("title", p.title()).put("h1", p.h1())
                .put("text", p.text());
        return o;
    }

    private String applyLocally(PageEvent.Type t, ObjectNode pageJson) {
        PageRecord record = null;
        if (pageJson != null) {
            try {
                record = IndexService.record(LinkerServer.pageInput(pageJson, "page",
                        ServerConfig.defaults().maxTextChars()));
            } catch (ApiException e) {
                throw new LinkerException(worded(e.field(), e.getMessage()));
            }
        }
        Path dir = target.index;
        if (!Files.isDirectory(dir)) {
            throw new LinkerException("--index " + dir + ": no index here (build one with 'linker index SITE --index "
                    + dir + "')");
        }
        try (Embedder e = embedder.lazyForIndex(dir); PageIndex index = openIndex(dir, e)) {
            index.apply(new PageEvent(t, url, survivor, record));
        } catch (PageLimits.InvalidPageException e) {
            throw new LinkerException(worded(e.field(), e.getMessage()));
        } catch (UnknownPageException e) {
            throw new LinkerException(worded(e.field(), e.getMessage() + " in the index " + dir));
        }
        return JSON.createObjectNode().put("applied", t.id()).put("url", url).toString();
    }

    private static PageIndex openIndex(Path dir, Embedder e) {
        try {
            return PageIndex.openExisting(dir, e);
        } catch (LinkerException x) {
            if (x.getCause() instanceof org.apache.lucene.store.LockObtainFailedException) {
                throw new LinkerException("--index " + dir + ": the index is open in another process; if a 'linker "
                        + "serve' holds it, send the event there with --server URL", x);
            }
            throw x;
        }
    }

    /** POST /api/v1/events; the server's answer, or its refusal as a usage error in its own words. */
    private String send(PageEvent.Type t, ObjectNode pageJson) {
        HttpUrl base = HttpUrl.parse(target.server.endsWith("/") ? target.server : target.server + "/");
        if (base == null) {
            throw new LinkerException("--server " + target.server + ": not an http(s) URL (e.g. http://127.0.0.1:7070)");
        }
        ObjectNode body = JSON.createObjectNode().put("type", t.id()).put("url", url);
        if (survivor != null) {
            body.put("survivor", survivor);
        }
        if (pageJson != null) {
            body.set("page", pageJson);
        }
        String key = apiKey();
        Request.Builder req = new Request.Builder().url(base.resolve("api/v1/events"))
                .post(RequestBody.create(body.toString(), MediaType.get("application/json")));
        if (key != null) {
            req.header("Authorization", "Bearer " + key);
        }
        OkHttpClient http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(10))
                .readTimeout(Duration.ofSeconds(60)).build();
        try (Response r = http.newCall(req.build()).execute()) {
            String answer = r.body().string();
            if (r.isSuccessful()) {
                return answer.strip();
            }
            String message = serverMessage(r.code(), answer);
            if (r.code() == 401) {
                message += key == null ? " (no API key: set " + ENV_KEY + ")" : " (the key from " + keySource() + ")";
            }
            if (r.code() >= 500) {
                throw new IllegalStateException("the server at " + base + " failed: " + message);
            }
            throw new LinkerException("the server at " + base + " refused the event: " + message);
        } catch (IOException e) {
            throw new LinkerException("--server " + target.server + ": cannot reach the server: " + e.getMessage(), e);
        } finally {
            http.dispatcher().executorService().shutdown();
            http.connectionPool().evictAll();
        }
    }

    /** The server's error in the CLI's words ("--survivor is required …"), else its status and body. */
    private String serverMessage(int status, String answer) {
        try {
            JsonNode e = JSON.readTree(answer).path("error");
            if (e.hasNonNull("message")) {
                return worded(e.path("field").asText(null), e.get("message").asText());
            }
        } catch (IOException ignored) {
            // not the API's JSON (a proxy's page): say what came back
        }
        return "HTTP " + status + " " + PageLimits.abbreviate(answer.strip());
    }

    /** An engine or API message naming a field, said with the option that gave it. */
    private String worded(String field, String message) {
        if (field == null || field.isEmpty()) {
            return message;
        }
        if (field.equals("page") || field.startsWith("page.")) {
            return "--page " + page + ": " + message;
        }
        if (field.equals("url") || field.equals("survivor")) {
            return message.startsWith(field + " ") ? "--" + message : "--" + field + ": " + message;
        }
        return message;
    }

    private String apiKey() {
        String one = env.get(ENV_KEY);
        if (one != null && !one.isBlank()) {
            return one.strip();
        }
        String many = env.get(ServerConfig.ENV_WRITE_KEYS);
        if (many != null) {
            for (String k : many.split(",")) {
                if (!k.isBlank()) {
                    return k.strip();
                }
            }
        }
        return null;
    }

    private String keySource() {
        String one = env.get(ENV_KEY);
        return one != null && !one.isBlank() ? ENV_KEY : ServerConfig.ENV_WRITE_KEYS;
    }
}
