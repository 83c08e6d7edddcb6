package dev.linker.core.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The environment variables that hold the server's API keys, comma-separated: {@code linker serve} reads them, and
 * {@code linker event --server} sends a write key from the same variable, so one name serves both sides.
 */
public final class ApiKeys {
    /** Keys that may read and write (suggest, and send page events). */
    public static final String WRITE = "LINKER_API_KEYS";
    /** Keys that may only read (the editor's widget). */
    public static final String READ = "LINKER_READ_KEYS";

    private ApiKeys() {
    }

    /** The entries of a comma-separated list, stripped, without empty or repeated ones, in their order. */
    public static List<String> split(String list) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String k : list.split(",")) {
            if (!k.isBlank()) {
                out.add(k.strip());
            }
        }
        return new ArrayList<>(out);
    }
}
