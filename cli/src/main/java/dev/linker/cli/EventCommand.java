package dev.linker.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.core.site.ReadOptions;
import dev.linker.index.PageEvent;
import dev.linker.index.PageIndex;
import dev.linker.index.PageInput;
import dev.linker.index.PageLimits;
import dev.linker.index.PageRecord;
import dev.linker.index.UnknownPageException;
import dev.linker.core.embed.Embedder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    CommandSpec spec;

    @Mixin
    EventOptions o;

    private final Map<String, String> env;

    EventCommand() {
        this(System.getenv());
    }

    EventCommand(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PageEvent.Type t;
        try {
            t = PageEvent.Type.parse(o.type);
        } catch (LinkerException e) {
            throw new LinkerException("unknown event type \"" + o.type + "\" (one of " + PageEvent.Type.KNOWN + ")");
        }
        ObjectNode pageJson = o.page == null ? null
                : EventPage.read(o.page, o.url, ReadOptions.of(o.page.toAbsolutePath().getParent())
                        .withSelectors(o.contentSelector, o.boilerplateSelector));
        String answer = o.target.index != null ? applyLocally(t, pageJson)
                : new EventClient(o.target.server, env).send(event(t, pageJson), o::worded);
        out.println(answer);
        if (!o.quiet) {
            err.println("linker: " + t.id() + " " + o.url + (o.survivor == null ? "" : " -> " + o.survivor) + " applied to "
                    + (o.target.index != null ? "index " + o.target.index : o.target.server));
        }
        return ExitCode.OK.code();
    }

    /** The event as POST /api/v1/events takes it. */
    private ObjectNode event(PageEvent.Type t, ObjectNode pageJson) {
        ObjectNode body = JSON.createObjectNode().put("type", t.id()).put("url", o.url);
        if (o.survivor != null) {
            body.put("survivor", o.survivor);
        }
        if (pageJson != null) {
            body.set("page", pageJson);
        }
        return body;
    }

    private String applyLocally(PageEvent.Type t, ObjectNode pageJson) {
        PageRecord record = null;
        if (pageJson != null) {
            try {
                record = PageInput.of(pageJson, "page", PageInput.DEFAULT_MAX_TEXT_CHARS).toRecord();
            } catch (PageLimits.InvalidPageException e) {
                throw new LinkerException(o.worded(e.field(), e.getMessage()));
            }
        }
        Path dir = o.target.index;
        if (!Files.isDirectory(dir)) {
            throw new LinkerException("--index " + dir + ": no index here (build one with 'linker index SITE --index "
                    + dir + "')");
        }
        try (Embedder e = o.embedder.lazyForIndex(dir); PageIndex index = openIndex(dir, e)) {
            index.apply(new PageEvent(t, o.url, o.survivor, record));
        } catch (PageLimits.InvalidPageException e) {
            throw new LinkerException(o.worded(e.field(), e.getMessage()));
        } catch (UnknownPageException e) {
            throw new LinkerException(o.worded(e.field(), e.getMessage() + " in the index " + dir));
        }
        return JSON.createObjectNode().put("applied", t.id()).put("url", o.url).toString();
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
}
