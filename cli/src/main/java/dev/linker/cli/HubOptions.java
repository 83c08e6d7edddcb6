package dev.linker.cli;

import dev.linker.core.result.LinkerException;
import dev.linker.index.suggest.SuggestSettings;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** {@code --hub REGEX}: more pages to treat as hubs when a source is read (index, eval, tune). */
final class HubOptions {
    @Option(names = "--hub", paramLabel = "REGEX", description = "Also treat pages whose URL matches this as hubs: not suggested as targets, not evaluated (repeatable).")
    List<String> hubs = new ArrayList<>();

    List<Pattern> patterns() {
        try {
            return SuggestSettings.excludes(hubs);
        } catch (LinkerException e) {
            throw new LinkerException("--hub " + e.getMessage());
        }
    }
}
