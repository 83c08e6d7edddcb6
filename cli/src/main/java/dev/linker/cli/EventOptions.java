package dev.linker.cli;

import dev.linker.index.PageEvent;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/** The options of {@code linker event} ({@link EventCommand} maps them onto the engine or the server's API). */
final class EventOptions {
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

    @Mixin
    VerboseOption verbose;

    @Mixin
    EmbedOptions embedder;

    static final class Types implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(PageEvent.Type.values()).map(PageEvent.Type::id).iterator();
        }
    }

    /** An engine or API message naming a field, said with the option that gave it. */
    String worded(String field, String message) {
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
}
