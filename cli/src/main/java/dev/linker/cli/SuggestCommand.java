package dev.linker.cli;

import dev.linker.core.result.ExitCode;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.core.embed.Embedder;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.Inbound;
import dev.linker.index.suggest.Suggester;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code linker suggest --index DIR (--url U | --query Q | --text-file F | --all)}. */
@Command(header = "Suggest pages to link to, with the anchor phrase and its sentence.",
        name = "suggest", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Suggest the pages to link to, with the anchor phrase and the sentence where each link fits.",
                "Never suggests the page itself, a page it already links to, or a page that is not live.",
                "With --inbound, the other way round: the pages that should link to the --url page or the --text-file "
                        + "draft, each with the phrase of its own text to make the link."},
        footer = {"", ExitCode.HELP})
final class SuggestCommand implements Callable<Integer> {
    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index folder (from 'linker index').")
    Path indexDir;

    static final class What {
        @Option(names = "--url", paramLabel = "URL", description = "An indexed page.")
        String url;
        @Option(names = "--query", paramLabel = "TEXT", description = "A search query.")
        String query;
        @Option(names = "--text-file", paramLabel = "FILE", description = "A draft: UTF-8 Markdown (.md), HTML (.html) or text; its first line is the title unless --title.")
        Path textFile;
        @Option(names = "--all", description = "Every live page; one result per page (jsonl: {\"source\", \"suggestions\"}).")
        boolean all;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    What what;

    @Option(names = "--title", paramLabel = "TEXT", description = "Title of the --text-file draft.")
    String title;

    @Option(names = "--draft-format", paramLabel = "FORMAT", description = "markdown, html or text: how to read the --text-file draft (default: by its extension).")
    String draftFormat;

    @Option(names = "--draft-url", paramLabel = "URL", description = "The --text-file draft's own page (never suggested).")
    String draftUrl;

    @Option(names = "--draft-language", paramLabel = "TAG", description = "The --text-file draft's language (fr, pt-BR): only pages of that language, or of none known, are suggested.")
    String draftLanguage;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "5", description = "Suggestions per page (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--as-of", description = "For an indexed page, only pages published on or before its date (a blog's posts link back in time; undated pages always qualify).")
    boolean asOf;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "table", description = "table (default), json, jsonl or csv.")
    String format;

    @Mixin
    ProgressOptions log;

    @Mixin
    SuggestOptions options;

    @Mixin
    EmbedOptions embedder;

    @Mixin
    InboundOptions inbound;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new LinkerException("--limit must be at least 1");
        }
        PrintWriter out = log.out();
        PrintWriter err = log.err();
        SuggestionWriter w = new SuggestionWriter(out, format, what.all);
        boolean needsEmbedder = what.query != null || what.textFile != null;
        try (Embedder e = needsEmbedder ? embedder.forIndex(indexDir) : null;
             PageIndex index = PageIndex.openReadOnly(indexDir, e)) {
            Suggester s = new Suggester(index, options.settings().withTargets(t -> t.withAsOfSourceDate(asOf)));
            if (inbound.inbound) {
                return inbound(s, index, w);
            }
            w.begin();
            if (what.url != null) {
                w.write(what.url, s.forUrl(what.url, limit));
            } else if (what.query != null) {
                w.write(null, s.forQuery(what.query, limit));
            } else if (what.textFile != null) {
                w.write(null, draft(index, options.settings()).suggest(draftRequest()));
            } else {
                long t0 = System.nanoTime();
                int n = 0;
                for (String url : index.urls(true)) {
                    w.write(url, s.forUrl(url, limit));
                    n++;
                    if (!log.quiet && n % 500 == 0) {
                        err.printf("linker: %d pages in %.0f s%n", n, (System.nanoTime() - t0) / 1e9);
                        err.flush();
                    }
                }
                if (!log.quiet) {
                    err.printf("linker: suggested for %d pages in %.1f s%n", n, (System.nanoTime() - t0) / 1e9);
                }
            }
            w.end();
        }
        return ExitCode.OK.code();
    }

    /** {@code --inbound}: the pages that should link to the --url page, the --text-file draft, or each live page. */
    private int inbound(Suggester s, PageIndex index, SuggestionWriter w) {
        if (what.query != null) {
            throw new LinkerException("--inbound needs --url, --text-file or --all: the page or draft to link to");
        }
        Inbound.Options o = inbound.options(limit);
        w.inbound(what.all ? "" : what.url).begin();
        if (what.all) {
            for (String url : index.urls(true)) {
                w.write(url, s.inbound(url, o));
            }
        } else {
            w.write(what.url, what.url != null ? s.inbound(what.url, o)
                    : draft(index, options.settings()).inbound(draftRequest(), o));
        }
        w.end();
        return ExitCode.OK.code();
    }

    /** The draft engine the server runs too, without a cache worth keeping for one draft. */
    static DraftEngine draft(PageIndex index, dev.linker.index.suggest.SuggestSettings settings) {
        return DraftEngine.create(index, settings, 1_000, 0);
    }

    /** The --text-file draft as the editor would send it ({@link DraftFile}). */
    DraftEngine.Request draftRequest() {
        return DraftFile.request(what.textFile, title, draftFormat, draftUrl, limit, draftLanguage);
    }
}
