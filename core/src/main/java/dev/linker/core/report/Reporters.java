package dev.linker.core.report;

import dev.linker.core.config.AuditConfig;
import dev.linker.core.result.LinkerException;

import java.util.List;
import java.util.Locale;

/** The reporter registry: a format id (as given to --format) to its reporter. */
public final class Reporters {
    private Reporters() {
    }

    /** Every format id, in documentation order. */
    public static List<String> formats() {
        return AuditConfig.FORMATS;
    }

    /** The reporter of a format, with {@link ReportOptions#defaults()}. */
    public static Reporter forFormat(String format) {
        return forFormat(format, ReportOptions.defaults());
    }

    /**
     * @param format a format id, case-insensitive; "md" is accepted for markdown
     * @throws LinkerException naming the format and the valid ones when unknown
     */
    public static Reporter forFormat(String format, ReportOptions options) {
        String f = format == null ? "" : format.strip().toLowerCase(Locale.ROOT);
        return switch (f) {
            case "text" -> new TextReporter();
            case "json" -> new JsonReporter(options);
            case "markdown", "md" -> new MarkdownReporter(options);
            case "sarif" -> new SarifReporter(options);
            case "github" -> new GithubReporter(options);
            case "html" -> new HtmlReporter(options);
            default -> throw new LinkerException("unknown report format '" + format + "'; valid formats: "
                    + String.join(", ", formats()));
        };
    }
}
