package dev.linker.server;

import dev.linker.core.config.ApiKeys;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the server runs. Write endpoints (PUT/DELETE /pages, POST /events) always need one of {@code writeKeys};
 * read endpoints (suggestions, GET /pages) need one of {@code readKeys} or {@code writeKeys} only when
 * {@code readKeys} is not empty. {@code corsOrigins} lists the CMS origins allowed to call the API from a browser
 * ("*" allows any). {@code vendorDir} is an npm node_modules folder holding tinymce and ckeditor5 for the /demo
 * editors (null: those two demos are not served).
 */
public record ServerConfig(String host, int port, Set<String> writeKeys, Set<String> readKeys,
                           List<String> corsOrigins, long maxBodyBytes, int maxTextChars, int draftCacheEntries,
                           int draftReuseWords, Path vendorDir) {

    public static final String ENV_WRITE_KEYS = ApiKeys.WRITE;
    public static final String ENV_READ_KEYS = ApiKeys.READ;
    public static final String ENV_CORS = "LINKER_CORS_ORIGINS";

    public ServerConfig {
        writeKeys = Set.copyOf(writeKeys);
        readKeys = Set.copyOf(readKeys);
        corsOrigins = List.copyOf(corsOrigins);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 0..65535");
        }
        if (draftReuseWords < 0) {
            throw new IllegalArgumentException("draft reuse words " + draftReuseWords + " is negative");
        }
        if (maxBodyBytes < 1024) {
            throw new IllegalArgumentException("maxBodyBytes " + maxBodyBytes + " is below 1024");
        }
    }

    /** Loopback, port 7070, no keys, no CORS origins, 2 MiB bodies, 200,000-character drafts. */
    public static ServerConfig defaults() {
        return new ServerConfig("127.0.0.1", 7070, Set.of(), Set.of(), List.of(), 2L * 1024 * 1024,
                dev.linker.index.PageInput.DEFAULT_MAX_TEXT_CHARS,
                50_000, // draft chunk vectors, ≈ 1.7 KB each: ≈ 85 MB at the bound
                4, null); // a chunk's vector serves while ≤ 4 words (and ≤ 10 %) of it have changed
    }

    /** Keys and CORS origins from the environment (comma-separated), over {@code base}. */
    public static ServerConfig fromEnvironment(ServerConfig base, Map<String, String> env) {
        ServerConfig c = base;
        if (env.containsKey(ENV_WRITE_KEYS)) {
            c = c.withWriteKeys(split(env.get(ENV_WRITE_KEYS)));
        }
        if (env.containsKey(ENV_READ_KEYS)) {
            c = c.withReadKeys(split(env.get(ENV_READ_KEYS)));
        }
        if (env.containsKey(ENV_CORS)) {
            c = c.withCorsOrigins(List.copyOf(split(env.get(ENV_CORS))));
        }
        return c;
    }

    private static Set<String> split(String s) {
        return new LinkedHashSet<>(ApiKeys.split(s));
    }

    public ServerConfig withHost(String h) {
        return new ServerConfig(h, port, writeKeys, readKeys, corsOrigins, maxBodyBytes, maxTextChars,
                draftCacheEntries, draftReuseWords, vendorDir);
    }

    public ServerConfig withPort(int p) {
        return new ServerConfig(host, p, writeKeys, readKeys, corsOrigins, maxBodyBytes, maxTextChars,
                draftCacheEntries, draftReuseWords, vendorDir);
    }

    public ServerConfig withWriteKeys(Set<String> k) {
        return new ServerConfig(host, port, k, readKeys, corsOrigins, maxBodyBytes, maxTextChars, draftCacheEntries,
                draftReuseWords, vendorDir);
    }

    public ServerConfig withReadKeys(Set<String> k) {
        return new ServerConfig(host, port, writeKeys, k, corsOrigins, maxBodyBytes, maxTextChars, draftCacheEntries,
                draftReuseWords, vendorDir);
    }

    public ServerConfig withCorsOrigins(List<String> o) {
        return new ServerConfig(host, port, writeKeys, readKeys, o, maxBodyBytes, maxTextChars, draftCacheEntries,
                draftReuseWords, vendorDir);
    }

    public ServerConfig withMaxTextChars(int n) {
        return new ServerConfig(host, port, writeKeys, readKeys, corsOrigins, maxBodyBytes, n, draftCacheEntries,
                draftReuseWords, vendorDir);
    }

    /** Draft chunk vectors kept for editing authors (≈ 1.7 KB each): memory against re-embedding. */
    public ServerConfig withDraftCacheEntries(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("draft cache entries " + n + " is negative");
        }
        return new ServerConfig(host, port, writeKeys, readKeys, corsOrigins, maxBodyBytes, maxTextChars, n,
                draftReuseWords, vendorDir);
    }

    /**
     * How many words of a draft's chunk may change (and at most 10 % of its words) while the vector the server
     * computed for it earlier in the same draft still serves, without a model run; 0 embeds every changed chunk.
     */
    public ServerConfig withDraftReuseWords(int n) {
        return new ServerConfig(host, port, writeKeys, readKeys, corsOrigins, maxBodyBytes, maxTextChars,
                draftCacheEntries, n, vendorDir);
    }

    public ServerConfig withVendorDir(Path d) {
        return new ServerConfig(host, port, writeKeys, readKeys, corsOrigins, maxBodyBytes, maxTextChars,
                draftCacheEntries, draftReuseWords, d);
    }
}
