package dev.linker.core.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tool's name, version and home page as reports name them. */
public final class Version {
    /** Tool name as reports show it. */
    public static final String NAME = "linker";
    /** Where users read about the tool and its checks (SARIF {@code informationUri}, HTML footer). */
    public static final String INFORMATION_URI = "https://linker.dev/";

    private static final String CURRENT = load();

    private Version() {
    }

    /** The project version the build stamped into the jar (Maven resource filtering), e.g. "0.1.0-SNAPSHOT". */
    public static String current() {
        return CURRENT;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("linker-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "unknown").strip();
            // An unfiltered copy (run from an IDE without Maven) still carries the placeholder.
            return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Linker version resource", e);
        }
    }
}
