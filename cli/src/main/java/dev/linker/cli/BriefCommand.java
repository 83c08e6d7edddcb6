package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.brief.BriefBuilder;
import dev.linker.index.brief.BriefFormat;
import dev.linker.index.brief.ContentBrief;
import dev.linker.core.embed.Embedder;
import dev.linker.index.suggest.Suggester;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code linker brief}: the links a new article should carry and the pages that should link to it. */
@Command(header = "Write a content brief: links a new article should carry and receive.",
        name = "brief", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a content brief for a new article: the existing pages it should link to (anchor, why, "
                        + "score), the pages that should link to it (with the sentence where the link fits), and front matter "
                        + "listing the required links — save it under briefs/ and 'linker audit --briefs briefs/' enforces it."},
        footer = {"", ExitCode.HELP})
final class BriefCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder (built by 'linker index').")
    Path indexDir;

    @Option(names = "--query", required = true, paramLabel = "TEXT", description = "The main search query the article targets.")
    String query;

    @Option(names = "--title", paramLabel = "TEXT", description = "Planned title.")
    String title;

    @Option(names = "--url", paramLabel = "URL", description = "Planned URL or page key (else a slug from the title is written).")
    String url;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "5", description = "Links each way (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "markdown", description = "markdown (default) or json.")
    String format;

    @Option(names = "--require-anchors", description = "Required links must use the suggested anchors (default: any anchor).")
    boolean requireAnchors;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the brief here (default: standard output).")
    Path output;

    @Mixin
    VerboseOption verbose;

    @Mixin
    SuggestOptions options;

    @Mixin
    EmbedOptions embedder;

    @Override
    public Integer call() throws IOException {
        if (!format.equals("markdown") && !format.equals("md") && !format.equals("json")) {
            throw new LinkerException("--format " + format + ": use markdown or json");
        }
        if (limit < 1 || limit > 50) {
            throw new LinkerException("--limit " + limit + ": use 1 to 50");
        }
        String text;
        try (Embedder e = embedder.forIndex(indexDir); PageIndex index = PageIndex.openReadOnly(indexDir, e)) {
            ContentBrief b = new BriefBuilder(new Suggester(index, options.settings())).build(query, title, url, limit);
            text = format.equals("json") ? BriefFormat.json(b) : BriefFormat.markdown(b, requireAnchors);
        }
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        } else {
            Path parent = output.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Files.writeString(output, text, StandardCharsets.UTF_8);
            spec.commandLine().getErr().println("linker: wrote " + output);
        }
        return ExitCode.OK.code();
    }
}
