package dev.linker.core.report;


import java.io.IOException;

/** Renders an audit result in one format. Output is deterministic so each reporter has an exact-output test. */
public interface Reporter {
    /** Format id as given to --format: text, json, markdown, sarif, github, html. */
    String format();

    /** File extension for reports written to a folder, without the dot. */
    String extension();

    void write(AuditResult result, Appendable out) throws IOException;
}
