package dev.linker.server;

import dev.linker.core.config.ApiKeys;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the server runs: where it listens, who may call it ({@link Callers}), how large a request may be
 * ({@link Limits}), how drafts' vectors are kept ({@link Drafts}), and {@code vendorDir}, an npm node_modules folder
 * holding tinymce and ckeditor5 for the /demo editors (null: those two demos are not served). Start from
 * {@link #defaults()} and adjust with the {@code with...} methods.
 */
public record ServerConfig(String host, int port, Callers callers, Limits limits, Drafts drafts, Path vendorDir) {

    public static final String ENV_WRITE_KEYS = ApiKeys.WRITE;
    public static final String ENV_READ_KEYS = ApiKeys.READ;
    public static final String ENV_CORS = "LINKER_CORS_ORIGINS";

    /**
     * Who may call the API. Write endpoints (PUT/DELETE /pages, POST /events) always need one of {@code writeKeys};
     * read endpoints (suggestions, GET /pages) need one of {@code readKeys} or {@code writeKeys} only when
     * {@code readKeys} is not empty. {@code corsOrigins} lists the CMS origins allowed to call the API from a
     * browser ("*" allows any).
     */
    public record Callers(Set<String> writeKeys, Set<String> readKeys, List<String> corsOrigins) {
        /** Copies the collections, so later changes to the given ones do not show. */
        public Callers {
            writeKeys = Set.copyOf(writeKeys);
            readKeys = Set.copyOf(readKeys);
            corsOrigins = List.copyOf(corsOrigins);
        }
    }

    /**
     * How large a request may be.
     *
     * @param maxBodyBytes a request body larger than this is refused; at least 1024
     * @param maxTextChars a page's or draft's text longer than this is refused
     */
    public record Limits(long maxBodyBytes, int maxTextChars) {
        /** Rejects a body limit below 1024 bytes. */
        public Limits {
            if (maxBodyBytes < 1024) {
                throw new IllegalArgumentException("maxBodyBytes " + maxBodyBytes + " is below 1024");
            }
        }
    }

    /**
     * How the vectors of drafts that authors are editing are kept.
     *
     * @param cacheEntries draft chunk vectors kept for editing authors (≈ 1.7 KB each): memory against re-embedding
     * @param reuseWords   how many words of a draft's chunk may change (and at most 10 % of its words) while the
     *                     vector the server computed for it earlier in the same draft still serves, without a model
     *                     run; 0 embeds every changed chunk
     */
    public record Drafts(int cacheEntries, int reuseWords) {
        /** Rejects negative counts. */
        public Drafts {
            if (cacheEntries < 0) {
                throw new IllegalArgumentException("draft cache entries " + cacheEntries + " is negative");
            }
            if (reuseWords < 0) {
                throw new IllegalArgumentException("draft reuse words " + reuseWords + " is negative");
            }
        }
    }

    /** Rejects a port outside 0..65535. */
    public ServerConfig {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 0..65535");
        }
    }

    /** Loopback, port 7070, no keys, no CORS origins, 2 MiB bodies, 200,000-character drafts. */
    public static ServerConfig defaults() {
        return new ServerConfig("127.0.0.1", 7070, new Callers(Set.of(), Set.of(), List.of()),
                new Limits(2L * 1024 * 1024, dev.linker.index.PageInput.DEFAULT_MAX_TEXT_CHARS),
                new Drafts(50_000, // draft chunk vectors, ≈ 1.7 KB each: ≈ 85 MB at the bound
                        4), // a chunk's vector serves while ≤ 4 words (and ≤ 10 %) of it have changed
                null);
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
        return new ServerConfig(h, port, callers, limits, drafts, vendorDir);
    }

    public ServerConfig withPort(int p) {
        return new ServerConfig(host, p, callers, limits, drafts, vendorDir);
    }

    public ServerConfig withWriteKeys(Set<String> k) {
        return withCallers(new Callers(k, callers.readKeys(), callers.corsOrigins()));
    }

    public ServerConfig withReadKeys(Set<String> k) {
        return withCallers(new Callers(callers.writeKeys(), k, callers.corsOrigins()));
    }

    public ServerConfig withCorsOrigins(List<String> o) {
        return withCallers(new Callers(callers.writeKeys(), callers.readKeys(), o));
    }

    /** This configuration with {@code c} as who may call the API. */
    public ServerConfig withCallers(Callers c) {
        return new ServerConfig(host, port, c, limits, drafts, vendorDir);
    }

    public ServerConfig withMaxTextChars(int n) {
        return new ServerConfig(host, port, callers, new Limits(limits.maxBodyBytes(), n), drafts, vendorDir);
    }

    /** Draft chunk vectors kept for editing authors (≈ 1.7 KB each): memory against re-embedding. */
    public ServerConfig withDraftCacheEntries(int n) {
        return new ServerConfig(host, port, callers, limits, new Drafts(n, drafts.reuseWords()), vendorDir);
    }

    /** See {@link Drafts#reuseWords()}. */
    public ServerConfig withDraftReuseWords(int n) {
        return new ServerConfig(host, port, callers, limits, new Drafts(drafts.cacheEntries(), n), vendorDir);
    }

    public ServerConfig withVendorDir(Path d) {
        return new ServerConfig(host, port, callers, limits, drafts, d);
    }
}
