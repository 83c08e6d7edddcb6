package dev.linker.cli;

import dev.linker.core.audit.LinkerException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code --hub REGEX}: more pages to treat as hubs when a source is read (index, eval, tune). */
final class HubOptions {
    @Option(names = "--hub", paramLabel = "REGEX", description = "Also treat pages whose URL matches this as hubs: not suggested as targets, not evaluated (repeatable).")
    List<String> hubs = new ArrayList<>();

    List<Pattern> patterns() {
        List<Pattern> out = new ArrayList<>();
        for (String h : hubs) {
            try {
                out.add(Pattern.compile(h));
            } catch (PatternSyntaxException e) {
                throw new LinkerException("--hub '" + h + "' is not a valid regular expression: " + e.getDescription());
            }
        }
        return out;
    }
}
